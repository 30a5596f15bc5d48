import { RESET_CODE } from '@shared/constants';
import { authTexts } from '@shared/messages/auth';
import type { ForgotPasswordBody, ForgotPasswordResponse } from '@shared/schemas/auth';
import { providerName, sendMail } from '../../data/mailer';
import { putResetCode } from '../../data/reset-codes-repo';
import { nowSeconds } from '../../lib/clock';
import { logger } from '../../lib/logger';
import { countEvent } from '../../data/rate-limits';
import { findUsernameByEmail } from '../../data/users-repo';
import { ACCOUNT_ANSWER_MS, holdUntil } from '../../lib/timing';
import { authConfig } from './auth-config';
import { generateResetCode, hashResetCode } from './reset-code';

function resetEmailText(code: string, provider: string): string {
  return [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${provider} account.`,
    `Your reset code is: ${code}`,
    '',
    `It can be used once and expires in ${RESET_CODE.ttlSeconds / 60} minutes.`,
    'If you did not ask for this, you can ignore this email; your password has not changed.',
  ].join('\n');
}

/** Reset codes mailed per email address per hour: more cannot be farmed. */
const RESET_CODES_PER_HOUR = 5;

/**
 * Issues a single-use code, stores only its hash and mails it. The answer is the same whether or not
 * the email belongs to an account (no account enumeration), and so is the time it takes: the work is
 * alike, and the answer is held to a fixed minimum. At most a few codes per email per hour are issued;
 * past that the answer is still the same, but no new code is made. A mail that cannot be sent is logged and
 * the answer is still the same.
 */
export async function forgotPassword({ email }: ForgotPasswordBody, demoMode = authConfig.DEMO_MODE): Promise<ForgotPasswordResponse> {
  const started = Date.now();
  const [username, issued] = await Promise.all([findUsernameByEmail(email), countEvent('reset-codes', email, 60 * 60)]);
  const code = generateResetCode();
  const { hash, salt } = hashResetCode(code);
  if (username && issued <= RESET_CODES_PER_HOUR) {
    const now = nowSeconds();
    await putResetCode({
      email,
      username,
      code_hash: hash,
      salt,
      attempts: 0,
      expires_at: now + RESET_CODE.ttlSeconds,
      created_at: new Date(now * 1000).toISOString(),
    });
    try {
      await sendMail(email, `Your ${providerName} password reset code`, resetEmailText(code, providerName));
    } catch (error) {
      // the same answer as for an unknown email: a 503 here would tell an outage's watcher which emails have
      // accounts. The code is not mailed; the user asks again (the hourly limit allows a few), and the
      // logged error raises the error alarm.
      logger.error('reset code not mailed', { error: error instanceof Error ? error.name : 'unknown' });
    }
  }
  // who asked, for which address, and whether a code went out (the answer says nothing of it; the log may)
  logger.security('reset.requested', { email, issued: Boolean(username && issued <= RESET_CODES_PER_HOUR), ...(username ? { user: username } : {}) });
  await holdUntil(started, ACCOUNT_ANSWER_MS);
  return {
    success: true,
    message: authTexts.server.resetCodeSent,
    ...(demoMode ? { demo_reset_code: code } : {}),
  };
}
