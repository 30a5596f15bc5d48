import { teamRoutes } from '@shared/api/routes/teams';
import { searchStaff } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.searchStaff).handler(async ({ input }) => searchStaff(input.query.q));
