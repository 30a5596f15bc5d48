/**
 * Limits per person, counted in the application (atomic fixed-window counters: one UpdateItem ADD per request,
 * expiring with their window, as the sign-in lockout counts), so they hold wherever WAF is not:
 * - per client address on the auth routes (a flood of sign-ins or refreshes from one place is refused there,
 *   and everybody else's sign-in goes on);
 * - per user on the expensive routes (AI, chart renders, uploads, searches, exports), and on what tells other people
 *   (comments and replies, and the people they mention);
 * - per recipient, the emails notifications send in an hour (past it they wait for the daily digest, never refused).
 * Past a limit the answer is 429 with Retry-After (the seconds left in the window) and a detail saying why.
 */
import { AUTH_LIMITS, NOTIFICATION_MAILS_PER_HOUR } from '@shared/constants';
import type { UserLimit, UserLimitCounter } from '@shared/api/route-types';
import { authDetails } from '@shared/messages/auth';
import { commentsDetails } from '@shared/messages/comments';
import { systemDetails } from '@shared/messages/system';
import { AUTH_CLIENT_COUNTER } from '@shared/resources/table-keys';
import { countEvent } from '../../data/rate-limits';
import { nowSeconds } from '../../lib/clock';
import { TooManyRequestsError } from '../../lib/errors';

const MINUTE = 60;

/** Seconds left in the current fixed window (at least 1). */
export const secondsLeftInWindow = (now: number, windowSeconds: number): number => Math.max(1, windowSeconds - (now % windowSeconds));

/** True when the `count`-th event of a window is past `limit`. */
export const overLimit = (count: number, limit: number): boolean => count > limit;

/** Counts `by` events (one request, or the people it mentions) of `subject` and refuses it (429) when that passes `limit` in the window. */
async function count(counter: string, subject: string, limit: number, detail: (seconds: number) => string, now = nowSeconds(), by = 1): Promise<void> {
  const seen = await countEvent(counter, subject, MINUTE, now, by);
  if (!overLimit(seen, limit)) return;
  const wait = secondsLeftInWindow(now, MINUTE);
  throw new TooManyRequestsError(detail(wait), wait);
}

/**
 * Loopback is the local harness itself (npm start, the tests), never a viewer: in the cloud the address is
 * CloudFront's `CloudFront-Viewer-Address`, or API Gateway's source address, which is never loopback.
 */
export const isLoopback = (address: string): boolean => /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);

/** The auth routes: requests per client address per minute (not counted for the harness's own loopback). */
export async function assertClientWithinLimit(clientAddress: string): Promise<void> {
  if (isLoopback(clientAddress)) return;
  await count(AUTH_CLIENT_COUNTER, clientAddress, AUTH_LIMITS.perClientPerMinute, authDetails.tooManyFromAddress);
}

/** Password checks per username per minute, from every address together (each address also has its own lockout). */
export const assertSignInChecksWithinLimit = (username: string) =>
  count('signin-user', username.toLowerCase(), AUTH_LIMITS.signInChecksPerUsernamePerMinute, authDetails.tooManySignIns);

const WHAT: Record<UserLimitCounter, string> = { ai: 'AI drafts', render: 'chart images', uploads: 'files to read', search: 'searches', comments: 'comments', mentions: 'mentions' };

/** An expensive route's per-user limit (the route table's `userLimit`). */
export const assertUserWithinLimit = (limit: UserLimit, username: string) =>
  count(limit.counter, username, limit.perMinute, (wait) => systemDetails.tooManyRequests(WHAT[limit.counter], limit.perMinute, wait));

/** The people one comment mentions, counted per user per minute (`USER_LIMITS.mentions`): 429 past the limit, nothing stored. */
export async function assertMentionsWithinLimit(limit: UserLimit, username: string, people: number): Promise<void> {
  if (people <= 0) return;
  await count(limit.counter, username, limit.perMinute, (wait) => commentsDetails.tooManyMentions(limit.perMinute, wait), nowSeconds(), people);
}

const HOUR = 60 * MINUTE;

/**
 * Counts one email to `recipient` this hour; false when it is past NOTIFICATION_MAILS_PER_HOUR (the notification then
 * waits for the daily digest instead of being mailed now).
 */
export async function mailWithinHourlyCap(recipient: string): Promise<boolean> {
  return !overLimit(await countEvent('mail', recipient, HOUR), NOTIFICATION_MAILS_PER_HOUR);
}
