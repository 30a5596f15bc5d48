import { RESET_CODE } from '@shared/constants';
import { authDetails, authTexts } from '@shared/messages/auth';
import type { MessageResponse, ResetPasswordBody } from '@shared/schemas/auth';
import { PasswordRejectedError, setPassword } from '../../data/identity-provider';
import { clearAllLoginFailures } from '../../data/login-failures-repo';
import { countEvent } from '../../data/rate-limits';
import { ACCOUNT_ANSWER_MS, holdUntil } from '../../lib/timing';
import { consumeResetCode, getResetCode, recordFailedAttempt } from '../../data/reset-codes-repo';
import { BadRequestError, TooManyRequestsError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { endAllSessions } from './end-sessions';
import { assertPasswordPolicy } from './password-policy';
import { resetCodeMatches } from './reset-code';

/**
 * Checks the code (live, under its attempt limit, matching its hash), then the new password against
 * the policy, then consumes the code (conditional delete: single use) and sets the password.
 */
export async function resetPassword(body: ResetPasswordBody, clientAddress = 'unknown'): Promise<MessageResponse> {
  const started = Date.now();
  try {
    return await checkAndReset(body, clientAddress);
  } finally {
    // the same time whether the email has an account, a code, or neither
    await holdUntil(started, ACCOUNT_ANSWER_MS);
  }
}

/**
 * Attempts per email per client address per hour, across every code issued for it. Counted per address, so
 * nobody else can use up the owner's attempts; guessing is bounded by the code itself (8 digits, used up after 5
 * wrong guesses, at most 5 codes mailed an hour).
 */
const RESET_ATTEMPTS_PER_HOUR = 10;

async function checkAndReset({ email, reset_code, new_password }: ResetPasswordBody, clientAddress: string): Promise<MessageResponse> {
  if ((await countEvent('reset-attempts', `${email}#${clientAddress}`, 60 * 60)) > RESET_ATTEMPTS_PER_HOUR) {
    throw new TooManyRequestsError(authDetails.resetAttemptsExceeded(60), 60 * 60);
  }
  const stored = await getResetCode(email);
  if (!stored) {
    logger.security('reset.failed', { email, reason: 'no live code' });
    throw new BadRequestError(authDetails.resetCodeInvalid);
  }
  if (stored.attempts >= RESET_CODE.maxAttempts) {
    logger.security('reset.failed', { email, user: stored.username, reason: 'code used up' });
    throw new BadRequestError(authDetails.resetCodeAttempts);
  }

  if (!resetCodeMatches(reset_code, stored)) {
    const counted = await recordFailedAttempt(email, stored.code_hash, RESET_CODE.maxAttempts);
    const left = RESET_CODE.maxAttempts - stored.attempts - 1;
    logger.security('reset.failed', { email, user: stored.username, reason: 'wrong code', attempts_left: Math.max(0, left) });
    throw new BadRequestError(counted && left > 0 ? authDetails.resetCodeInvalid : authDetails.resetCodeAttempts);
  }

  assertPasswordPolicy(new_password, { username: stored.username, email });

  if (!(await consumeResetCode(email, stored.code_hash, RESET_CODE.maxAttempts))) {
    throw new BadRequestError(authDetails.resetCodeInvalid);
  }
  // every session signed in with the old password ends (first: if this fails, the password is unchanged)
  await endAllSessions(stored.username);
  try {
    await setPassword(stored.username, new_password);
  } catch (error) {
    if (error instanceof PasswordRejectedError) throw new BadRequestError(error.message);
    throw error;
  }
  await clearAllLoginFailures(stored.username);
  logger.security('reset.used', { email, user: stored.username });
  return { success: true, message: authTexts.server.passwordReset };
}
