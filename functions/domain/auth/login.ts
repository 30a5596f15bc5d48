import { LOGIN_LOCKOUT } from '@shared/constants';
import { authDetails } from '@shared/messages/auth';
import type { LoginBody, SessionResponse } from '@shared/schemas/auth';
import { authenticate, InvalidCredentialsError, revokeRefreshToken } from '../../data/identity-provider';
import { clearLoginFailures, refundAttempt, reserveAttempt, setLock } from '../../data/login-failures-repo';
import { nowSeconds } from '../../lib/clock';
import { getIdentity } from '../../data/users-repo';
import { AuthenticationError, ForbiddenError, TooManyRequestsError } from '../../lib/errors';
import { assertSignInChecksWithinLimit } from '../limits';
import { logger } from '../../lib/logger';
import { lockSecondsAfter } from './lockout';
import { recordSignIn } from './sign-in-record';
import { rememberRefreshSession, sessionFrom } from './session';
import { waitForRevocationMark } from './sessions';

export interface SignedIn {
  session: SessionResponse;
  refreshToken?: string;
}

/**
 * Signs in with Cognito. Every password check is first reserved for this username and client address (one
 * atomic write), so parallel guesses cannot check more passwords than the lockout allows, and guesses from
 * one address never lock the account for another. Past the free attempts each failure locks that address
 * out for a growing time; once it has passed, the right password works again. An account whose mailbox is
 * not proven yet is told so (403) and gets no session.
 */
export async function login({ username, password }: LoginBody, clientAddress = 'unknown'): Promise<SignedIn> {
  const now = nowSeconds();
  const reservation = await reserveAttempt(username, clientAddress, {
    now,
    freeAttempts: LOGIN_LOCKOUT.freeFailures,
    windowSeconds: LOGIN_LOCKOUT.windowSeconds,
  });
  if (!reservation.ok) {
    const wait = reservation.lockedUntil - now;
    logger.security('signin.locked', { user: username, seconds: wait });
    throw new TooManyRequestsError(authDetails.lockedOut(wait), wait);
  }
  // password checks of one username from every address together are limited too (a guess spread over many
  // addresses); a check refused here checked no password, so the reservation is given back
  try {
    await assertSignInChecksWithinLimit(username);
  } catch (error) {
    await refundAttempt(username, clientAddress, now);
    throw error;
  }
  // a sign-in in the very second its sessions were ended waits for the next one, or its token would be refused
  await waitForRevocationMark(username);
  let tokens;
  try {
    tokens = await authenticate(username, password);
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) {
      await refundAttempt(username, clientAddress, now);
      throw error;
    }
    // the same answer whatever the account's state: only a correct password learns that it is not confirmed or
    // deactivated (Cognito refuses a deactivated, disabled user whatever the password, so that one reads as a
    // wrong password in the cloud)
    const lock = lockSecondsAfter(reservation.attempt);
    if (lock > 0) await setLock(username, clientAddress, now + lock);
    logger.security('signin.failure', { user: username, attempt: reservation.attempt, locked_seconds: lock });
    throw new AuthenticationError(authDetails.invalidCredentials);
  }
  const identity = await getIdentity(username);
  if (identity && identity.status !== 'active') {
    // the password was right: say why there is no session (a deactivated account only gets here locally: the
    // Cognito emulator signs disabled users in; the cloud does not)
    if (tokens.refreshToken) await revokeRefreshToken(tokens.refreshToken).catch(() => undefined);
    await refundAttempt(username, clientAddress, now);
    logger.security('signin.refused', { user: username, status: identity.status });
    throw new ForbiddenError(identity.status === 'deactivated' ? authDetails.accountDeactivated : authDetails.emailNotConfirmed);
  }
  await clearLoginFailures(username, clientAddress);
  const session = await sessionFrom(tokens.accessToken);
  if (tokens.refreshToken) await rememberRefreshSession(tokens.refreshToken, tokens.accessToken);
  await recordSignIn(session.user.username, session.user.name, clientAddress, 'password');
  return { session, refreshToken: tokens.refreshToken };
}
