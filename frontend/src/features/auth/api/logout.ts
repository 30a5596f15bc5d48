import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

/** Revokes the refresh token and clears its cookie; best effort. */
export const logoutOnServer = () => callApi(routes.logout).catch(() => undefined);
