import { authDetails } from '@shared/messages/auth';
import { sessionState, type SessionState } from '../../data/sessions-repo';
import { AuthenticationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sessionRefusal } from './session-rules';

/**
 * The check every signed-in request makes (the API middleware's session-check port, wired in
 * functions/http/api.ts; sessions.ts says how sessions end). Refuses (401) an access token of a session that
 * was ended since it signed in or signed out, and any token of an account that is deactivated or not (yet)
 * active. One round trip: the user's `SESSIONS#` item and the profile's status, read side by side.
 */
export async function assertSessionLive(username: string, claims: Record<string, unknown>): Promise<void> {
  assertStateLive(username, claims, await sessionState(username));
}

/** The check on a session state read with other items (the lists read it with their scope: access/listing-session.ts). */
export function assertStateLive(username: string, claims: Record<string, unknown>, state: SessionState): void {
  const refusal = sessionRefusal(claims, state);
  if (!refusal) return;
  logger.security('session.refused', { user: username, reason: refusal });
  throw new AuthenticationError(
    refusal === 'invalid' ? authDetails.invalidToken : refusal === 'deactivated' ? authDetails.accountDeactivated : refusal === 'inactive' ? authDetails.accountInactive : authDetails.sessionEnded,
  );
}
