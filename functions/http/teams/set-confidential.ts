import { teamRoutes } from '@shared/api/routes/teams';
import { setConfidential } from '../../domain/teams/teams';
import { api } from '../api';

export const handler = api(teamRoutes.setConfidential).handler(async ({ input, user }) => setConfidential(user.username, input.params.id, input.body.confidential));
