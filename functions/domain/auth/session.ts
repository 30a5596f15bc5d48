import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { userPoolDefinition } from '@shared/resources/user-pool';
import type { SessionResponse, User } from '@shared/schemas/auth';
import { recordRefreshSession } from '../../data/sessions-repo';
import { nowSeconds } from '../../lib/clock';
import { getProfile } from '../../data/users-repo';
import { isAdminAccount } from './admins';
import { sessionStart, tokenKey } from './session-rules';

/** The public view of a user, from the profile written at registration (and whether it is an administrator). */
export async function publicUser(username: string): Promise<User> {
  const profile = await getProfile(username);
  return profile
    ? { username: profile.username, name: profile.name, email: profile.email, is_admin: isAdminAccount(profile) }
    : { username, name: username, email: '', is_admin: false };
}

/**
 * Notes when the session of a refresh token began (the access token Cognito issued with it), so that the
 * refresh route can refuse it once the user's sessions were ended, and which access tokens it was given, so
 * that signing out ends them; gone with the token's validity.
 */
export async function rememberRefreshSession(refreshToken: string, accessToken: string): Promise<void> {
  const { payload } = decomposeUnverifiedJwt(accessToken);
  const username = typeof payload.username === 'string' ? payload.username : '';
  const expiresAt = nowSeconds() + userPoolDefinition.client.refreshTokenValidityMinutes * 60;
  const key = tokenKey(payload);
  await recordRefreshSession(refreshToken, { username, auth_time: sessionStart(payload), token_keys: key ? [key] : [] }, expiresAt);
}

/** Builds the session answer from a Cognito access token (just issued by Cognito, so only decoded here). */
export async function sessionFrom(accessToken: string): Promise<SessionResponse> {
  const { payload } = decomposeUnverifiedJwt(accessToken);
  const username = typeof payload.username === 'string' ? payload.username : '';
  const expiresIn = Math.max(0, Number(payload.exp ?? 0) - Math.floor(Date.now() / 1000));
  return { success: true, token: accessToken, expires_in: expiresIn, user: await publicUser(username) };
}
