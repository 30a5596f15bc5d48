import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '@shared/constants';
import { userPoolDefinition } from '@shared/resources/user-pool';
import { booleanFlag, readConfig } from './config';
import { respond, type HttpResult } from './middleware/types';
import type { SignedIn } from '../domain/auth/login';

const config = readConfig({ COOKIE_SECURE: booleanFlag(true) });

function refreshCookie(value: string, maxAgeSeconds: number): string {
  return [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(config.COOKIE_SECURE ? ['Secure'] : []),
  ].join('; ');
}

/** Reads a cookie from an API Gateway v2 event (`event.cookies` holds `name=value` strings). */
export function readCookie(cookies: readonly string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
    }
  }
  return undefined;
}

/** The session body; a new refresh token (if Cognito gave one) goes into an HttpOnly cookie, never into the body. */
export function sessionResult(signedIn: SignedIn): HttpResult<SignedIn["session"]> {
  const maxAge = userPoolDefinition.client.refreshTokenValidityMinutes * 60;
  return respond(signedIn.session, {
    cookies: signedIn.refreshToken ? [refreshCookie(signedIn.refreshToken, maxAge)] : [],
  });
}

export function clearedSessionResult<T>(body: T): HttpResult<T> {
  return respond(body, { cookies: [refreshCookie('', 0)] });
}

export const refreshTokenFrom = (cookies: readonly string[] | undefined) => readCookie(cookies, REFRESH_COOKIE);
