/**
 * Proving the mailbox of a new account: a single-use code, mailed at registration (and on request), stored
 * only as a salted hash, valid for a day, with a limited number of attempts. Until it is used the account
 * cannot sign in (our login refuses it after a correct password) and no token of it passes the session check.
 * Only an account still waiting for it becomes active: a deactivated account stays off whatever code is shown.
 */
import { authDetails, authTexts } from '@shared/messages/auth';
import type { ConfirmEmailBody, MessageResponse, VerificationResponse } from '@shared/schemas/auth';
import { enableVerifiedUser } from '../../data/identity-provider';
import { keys } from '../../data/keys';
import { providerName, sendMail } from '../../data/mailer';
import { countEvent } from '../../data/rate-limits';
import { consumeResetCode, getResetCode, putResetCode, recordFailedAttempt } from '../../data/reset-codes-repo';
import { nowSeconds } from '../../lib/clock';
import { activateIdentity, getIdentity, UNVERIFIED_CLAIM_MS } from '../../data/users-repo';
import { BadRequestError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { authConfig } from './auth-config';
import { generateResetCode, hashResetCode, resetCodeMatches } from './reset-code';

const CONFIRMATION = {
  digits: 8,
  ttlSeconds: UNVERIFIED_CLAIM_MS / 1000,
  maxAttempts: 5,
  /** codes mailed per account per hour, the first included */
  perHour: 5,
} as const;

function confirmationEmailText(code: string, provider: string): string {
  return [
    'Hello,',
    '',
    `Someone created a ${provider} account with this email address.`,
    `To confirm that it is yours, enter this code when you sign in: ${code}`,
    '',
    'It can be used once and expires in 24 hours.',
    'If you did not create this account, ignore this email: without the code it cannot be used.',
  ].join('\n');
}

/** Issues a new code for an unverified account (replacing any earlier one) and mails it. */
export async function issueConfirmationCode(username: string, email: string): Promise<string> {
  const code = generateResetCode(CONFIRMATION.digits);
  const { hash, salt } = hashResetCode(code);
  const now = nowSeconds();
  await putResetCode(
    { email, username, code_hash: hash, salt, attempts: 0, expires_at: now + CONFIRMATION.ttlSeconds, created_at: new Date(now * 1000).toISOString() },
    keys.verifyCode(username),
  );
  await sendMail(email, `Confirm your ${providerName} account`, confirmationEmailText(code, providerName));
  return code;
}

/** POST /api/auth/confirm-email */
export async function confirmEmail({ username, code }: ConfirmEmailBody): Promise<MessageResponse> {
  const key = keys.verifyCode(username);
  const stored = await getResetCode(username, key);
  if (!stored) throw new BadRequestError(authDetails.confirmationCodeInvalid);
  if (stored.attempts >= CONFIRMATION.maxAttempts) throw new BadRequestError(authDetails.confirmationCodeAttempts);
  if (!resetCodeMatches(code, stored)) {
    const counted = await recordFailedAttempt(username, stored.code_hash, CONFIRMATION.maxAttempts, key);
    const left = CONFIRMATION.maxAttempts - stored.attempts - 1;
    throw new BadRequestError(counted && left > 0 ? authDetails.confirmationCodeInvalid : authDetails.confirmationCodeAttempts);
  }
  if (!(await consumeResetCode(username, stored.code_hash, CONFIRMATION.maxAttempts, key))) throw new BadRequestError(authDetails.confirmationCodeInvalid);
  // the profile first, conditional on `unverified`: a code can only ever confirm, never re-activate
  if (!(await activateIdentity(username, stored.email))) throw new BadRequestError(authDetails.confirmationCodeInvalid);
  await enableVerifiedUser(username, stored.email);
  logger.security('account.confirmed', { user: username });
  return { success: true, message: authTexts.server.emailConfirmed };
}

/**
 * POST /api/auth/resend-confirmation: a new code for an account still waiting for confirmation. The answer
 * is the same for any username (no enumeration); codes per account are limited per hour.
 */
export async function resendConfirmation({ username }: { username: string }, demoMode = authConfig.DEMO_MODE): Promise<VerificationResponse> {
  const identity = await getIdentity(username);
  let code: string | undefined;
  if (identity?.status === 'unverified' && (await countEvent('confirm-codes', username, 60 * 60)) <= CONFIRMATION.perHour) {
    code = await issueConfirmationCode(username, identity.email);
  }
  return {
    success: true,
    message: authTexts.server.confirmationSent,
    ...(demoMode && code ? { demo_verification_code: code } : {}),
  };
}
