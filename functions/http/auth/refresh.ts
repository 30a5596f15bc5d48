import { authRoutes } from '@shared/api/routes/auth';
import { refresh } from '../../domain/auth/refresh';
import { refreshTokenFrom, sessionResult } from '../../lib/cookies';
import { api } from '../api';

export const handler = api(authRoutes.refresh).handler(async (event) => sessionResult(await refresh(refreshTokenFrom(event.cookies))));
