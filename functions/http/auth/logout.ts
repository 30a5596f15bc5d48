import { authRoutes } from '@shared/api/routes/auth';
import { logout } from '../../domain/auth/refresh';
import { clearedSessionResult, refreshTokenFrom } from '../../lib/cookies';
import { api } from '../api';

export const handler = api(authRoutes.logout).handler(async (event) => clearedSessionResult(await logout(refreshTokenFrom(event.cookies))));
