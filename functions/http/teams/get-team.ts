import { teamRoutes } from '@shared/api/routes/teams';
import { getTeam } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.getTeam).handler(async ({ input, user }) => getTeam(user.username, input.params.id));
