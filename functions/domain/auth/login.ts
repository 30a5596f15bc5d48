import { LOGIN_LOCKOUT } from '@shared/constants';
import { details } from '@shared/messages';
import type { LoginBody, SessionResponse } from '@shared/schemas/auth';
import { authenticate, InvalidCredentialsError } from '../../data/identity-provider';
import { addLoginFailure, clearLoginFailures, getLoginFailures, setLock } from '../../data/login-failures-repo';
import { nowSeconds } from '../../data/table';
import { AuthenticationError, TooManyRequestsError } from '../../lib/errors';
import { lockSecondsAfter } from './lockout';
import { sessionFrom } from './session';

export interface SignedIn {
  session: SessionResponse;
  refreshToken?: string;
}

/**
 * Signs in with Cognito. Failures are counted per username (whether or not it exists) and,
 * past a few, lock that username for a growing time. A success clears the count.
 */
export async function login({ username, password }: LoginBody): Promise<SignedIn> {
  const now = nowSeconds();
  const failures = await getLoginFailures(username);
  if (failures?.locked_until && failures.locked_until > now) {
    const wait = failures.locked_until - now;
    throw new TooManyRequestsError(details.lockedOut(wait), wait);
  }
  let tokens;
  try {
    tokens = await authenticate(username, password);
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    const count = await addLoginFailure(username, LOGIN_LOCKOUT.windowSeconds, now);
    const lock = lockSecondsAfter(count);
    if (lock > 0) await setLock(username, now + lock);
    throw new AuthenticationError(details.invalidCredentials);
  }
  if (failures) await clearLoginFailures(username);
  return { session: await sessionFrom(tokens.accessToken), refreshToken: tokens.refreshToken };
}
