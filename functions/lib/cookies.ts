import { parseCookie, stringifySetCookie } from 'cookie';
import { REFRESH_COOKIE, REFRESH_COOKIE_INSECURE, REFRESH_COOKIE_PATH } from '@shared/constants';
import { userPoolDefinition } from '@shared/resources/user-pool';
import type { SessionResponse } from '@shared/schemas/auth';
import { booleanFlag, readConfig } from './config';
import { respond, type HttpResult } from './middleware/types';

/** A started session: its body, and the refresh token that goes into the cookie. */
export interface SignedIn {
  session: SessionResponse;
  refreshToken?: string;
}

const config = readConfig({ COOKIE_SECURE: booleanFlag(true) });
/** `__Secure-assay_refresh` (Secure); only with COOKIE_SECURE=false, a plain `assay_refresh` */
const cookieName = config.COOKIE_SECURE ? REFRESH_COOKIE : REFRESH_COOKIE_INSECURE;

function refreshCookie(value: string, maxAgeSeconds: number): string {
  return stringifySetCookie(cookieName, value, {
    path: REFRESH_COOKIE_PATH,
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
  });
}

/** Reads a cookie from an API Gateway v2 event (`event.cookies` holds `name=value` strings). */
export function readCookie(cookies: readonly string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    const value = parseCookie(cookie)[name];
    if (value !== undefined) return value || undefined;
  }
  return undefined;
}

/** The session body; a new refresh token (if Cognito gave one) goes into an HttpOnly cookie, never into the body. */
export function sessionResult(signedIn: SignedIn): HttpResult<SessionResponse> {
  const maxAge = userPoolDefinition.client.refreshTokenValidityMinutes * 60;
  return respond(signedIn.session, {
    cookies: signedIn.refreshToken ? [refreshCookie(signedIn.refreshToken, maxAge)] : [],
  });
}

export function clearedSessionResult<T>(body: T): HttpResult<T> {
  return respond(body, { cookies: [refreshCookie('', 0)] });
}

export const refreshTokenFrom = (cookies: readonly string[] | undefined) => readCookie(cookies, cookieName);
