import { authDetails, authTexts } from '@shared/messages/auth';
import type { MessageResponse } from '@shared/schemas/auth';
import { InvalidCredentialsError, refreshSession, revokeRefreshToken } from '../../data/identity-provider';
import { AuthenticationError } from '../../lib/errors';
import { userPoolDefinition } from '@shared/resources/user-pool';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { addRefreshTokenKey, endSessionTokens, forgetRefreshSession, getRefreshSession, sessionsValidAfter } from '../../data/sessions-repo';
import { nowSeconds } from '../../lib/clock';
import { logger } from '../../lib/logger';
import { endAllSessions } from './end-sessions';
import type { SignedIn } from './login';
import { sessionFrom } from './session';
import { signedInBefore, tokenKey } from './session-rules';

/**
 * A new access token for the refresh token in the session cookie, unless that session was ended since it
 * signed in (password reset, sign out everywhere, deactivation) or the token was never handed out by our
 * sign-in (or was revoked by a logout). Cognito keeps `auth_time` across a refresh, cognito-local does not,
 * so the session's start comes from our own record of the token.
 */
export async function refresh(refreshToken: string | undefined): Promise<SignedIn> {
  if (!refreshToken) throw new AuthenticationError(authDetails.noRefreshSession);
  const known = await getRefreshSession(refreshToken);
  if (!known) throw new AuthenticationError(authDetails.noRefreshSession);
  if (signedInBefore(known.auth_time, await sessionsValidAfter(known.username))) {
    await revokeRefreshToken(refreshToken).catch((error: Error) => logger.warn('refresh token revocation failed', { error: error.name }));
    throw new AuthenticationError(authDetails.sessionEnded);
  }
  try {
    const tokens = await refreshSession(refreshToken);
    // the new access token joins the session's list, so signing out ends it too (in the cloud its origin_jti is
    // the sign-in's, already listed; cognito-local gives every token a jti of its own)
    const key = tokenKey(decomposeUnverifiedJwt(tokens.accessToken).payload);
    if (key && !known.token_keys.includes(key)) await addRefreshTokenKey(refreshToken, key);
    // the pool does not rotate refresh tokens: the cookie keeps the one our record knows
    return { session: await sessionFrom(tokens.accessToken) };
  } catch (error) {
    if (error instanceof InvalidCredentialsError) throw new AuthenticationError(authDetails.noRefreshSession);
    throw error;
  }
}

/**
 * Signs this browser's session out: its access tokens end at once (the keys its refresh record lists are noted
 * as ended until the last of them would expire), then the refresh token is revoked and its record forgotten.
 * Ending the access tokens must succeed (or the answer is an error and the user signs out again); the
 * revocation at Cognito and the record's deletion are best effort, since the ended mark already refuses them.
 */
export async function logout(refreshToken: string | undefined): Promise<MessageResponse> {
  if (refreshToken) {
    const known = await getRefreshSession(refreshToken);
    if (known) {
      const now = nowSeconds();
      await endSessionTokens(known.username, known.token_keys, now + userPoolDefinition.client.accessTokenValidityMinutes * 60, now);
      logger.security('signout', { user: known.username, tokens: known.token_keys.length });
    }
    await dropRefreshToken(refreshToken);
  }
  return { success: true, message: authTexts.server.signedOut };
}

/** Sign out everywhere: every session of the user ends, and the refresh token this browser holds is revoked. */
export async function logoutEverywhere(username: string, refreshToken: string | undefined): Promise<MessageResponse> {
  await endAllSessions(username);
  logger.security('signout.everywhere', { user: username });
  if (refreshToken) await dropRefreshToken(refreshToken);
  return { success: true, message: authTexts.server.signedOutEverywhere };
}

async function dropRefreshToken(refreshToken: string): Promise<void> {
  await Promise.all([
    revokeRefreshToken(refreshToken).catch((error: Error) => logger.warn('refresh token revocation failed', { error: error.name })),
    forgetRefreshSession(refreshToken).catch((error: Error) => logger.warn('refresh session record not deleted', { error: error.name })),
  ]);
}
