/**
 * What the session provider asks the server, loaded on first use (a stored session's check, a refresh, a
 * sign-out): the entry then carries neither the API client nor the route table's schemas, which the sign-in
 * screen does not need before its first paint.
 */
export { refreshAccessToken } from '@/lib/api-client';
export { logoutEverywhereOnServer, logoutOnServer } from './logout';
export { verifySession } from './verify';
