import { routes } from '@shared/api/routes';
import { logout } from '../../domain/auth/refresh';
import { clearedSessionResult, refreshTokenFrom } from '../../lib/cookies';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.logout).handler(async (event) => clearedSessionResult(await logout(refreshTokenFrom(event.cookies))));
