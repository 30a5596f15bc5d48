import { teamRoutes } from '@shared/api/routes/teams';
import { setBenchmarkConsent } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.setBenchmarkConsent).handler(async ({ input, user }) => setBenchmarkConsent(user.username, input.params.id, input.body.allowed));
