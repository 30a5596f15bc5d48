import { teamRoutes } from '@shared/api/routes/teams';
import { removeMember } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.removeTeamMember).handler(async ({ input, user }) => removeMember(user.username, input.params.id, input.params.username));
