import { teamRoutes } from '@shared/api/routes/teams';
import { changeMemberRole } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.updateTeamMember).handler(async ({ input, user }) => changeMemberRole(user.username, input.params.id, input.params.username, input.body.role));
