/**
 * Ending a user's sessions (password reset, sign out everywhere, deactivation) in our own layer, so it works
 * the same on cognito-local (which has no global sign-out) and in AWS:
 * - the user's "sessions valid after" second is moved past now; the API middleware refuses any access token
 *   whose `auth_time` is before it, and the refresh route any refresh token signed in before it;
 * - in AWS, with COGNITO_GLOBAL_SIGN_OUT=true, Cognito's AdminUserGlobalSignOut revokes its refresh tokens too
 *   (end-sessions.ts; kept apart so the middleware's bundle does not carry the Cognito client).
 * JWT times are whole seconds, so the mark is the second after the revocation: every token of the revocation's
 * own second is refused, and a sign-in in that same second waits for the next one (signInDelayMs).
 */
import { details } from '@shared/messages';
import { sessionsValidAfter } from '../../data/sessions-repo';
import { AuthenticationError } from '../../lib/errors';
import { sessionStart, signedInBefore, signInDelayMs } from './session-rules';

export { revocationMark, sessionStart, signedInBefore, signInDelayMs } from './session-rules';

/** Refuses (401) an access token of a session that was ended after it signed in. One GetItem. */
export async function assertSessionLive(username: string, claims: Record<string, unknown>): Promise<void> {
  const started = sessionStart(claims);
  if (!Number.isFinite(started)) throw new AuthenticationError(details.invalidToken);
  const validAfter = await sessionsValidAfter(username);
  if (signedInBefore(started, validAfter)) throw new AuthenticationError(details.sessionEnded);
}

/** Before a password sign-in: waits out the rest of a revocation's second, so the new token outlives the mark. */
export async function waitForRevocationMark(username: string): Promise<void> {
  const wait = signInDelayMs(Date.now(), await sessionsValidAfter(username));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
