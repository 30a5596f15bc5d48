import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

/** Revokes the refresh token and clears its cookie; best effort. */
export const logoutOnServer = () => callApi(authRoutes.logout).catch(() => undefined);
