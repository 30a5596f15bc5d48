import { routes } from '@shared/api/routes';
import { refresh } from '../../domain/auth/refresh';
import { refreshTokenFrom, sessionResult } from '../../lib/cookies';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.refresh).handler(async (event) => sessionResult(await refresh(refreshTokenFrom(event.cookies))));
