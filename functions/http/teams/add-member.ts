import { teamRoutes } from '@shared/api/routes/teams';
import { addMember } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.addTeamMember).handler(async ({ input, user }) => addMember(user.username, input.params.id, input.body));
