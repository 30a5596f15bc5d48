import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

/** GET /api/auth/verify with the stored bearer token (refreshed once on a 401). */
export const verifySession = (signal?: AbortSignal) => callApi(authRoutes.verify, { signal });
