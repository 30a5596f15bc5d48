import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';

/** Revokes the refresh token and clears its cookie; best effort. */
export const logoutOnServer = () => callApi(authRoutes.logout).catch(() => undefined);

/** Ends every session of the user (all devices); the caller says so when it fails. */
export const logoutEverywhereOnServer = () => callApi(authRoutes.logoutAll);
