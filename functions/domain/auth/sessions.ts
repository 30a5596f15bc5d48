/**
 * Ending a user's sessions (password reset, sign out everywhere, deactivation) in our own layer, so it works
 * the same on cognito-local (which has no global sign-out) and in AWS:
 * - the user's "sessions valid after" second is moved past now; the API middleware refuses any access token
 *   whose `auth_time` is before it, and the refresh route any refresh token signed in before it;
 * - in AWS, with COGNITO_GLOBAL_SIGN_OUT=true, Cognito's AdminUserGlobalSignOut revokes its refresh tokens too
 *   (end-sessions.ts; kept apart so the middleware's bundle does not carry the Cognito client).
 * Signing out in one browser ends that session's access tokens at once: the refresh record lists the token
 * keys the session was given (`origin_jti`, else each token's `jti`), and sign-out notes them under `ended`.
 * JWT times are whole seconds, so the mark is the second after the revocation: every token of the revocation's
 * own second is refused, and a sign-in in that same second waits for the next one (signInDelayMs).
 */
import { sessionsValidAfter } from '../../data/sessions-repo';
import { signInDelayMs } from './session-rules';

/** Before a password sign-in: waits out the rest of a revocation's second, so the new token outlives the mark. */
export async function waitForRevocationMark(username: string): Promise<void> {
  const wait = signInDelayMs(Date.now(), await sessionsValidAfter(username));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
