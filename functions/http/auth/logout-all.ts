import { authRoutes } from '@shared/api/routes/auth';
import { logoutEverywhere } from '../../domain/auth/refresh';
import { clearedSessionResult, refreshTokenFrom } from '../../lib/cookies';
import { api } from '../api';

export const handler = api(authRoutes.logoutAll).handler(async (event) =>
  clearedSessionResult(await logoutEverywhere(event.user.username, refreshTokenFrom(event.cookies))),
);
