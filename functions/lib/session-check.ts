import { details } from '@shared/messages';
import { sessionsValidAfter } from '../data/sessions-repo';
import { AuthenticationError } from './errors';
import { sessionStart, signedInBefore } from './session-rules';

/**
 * The API middleware's check on every signed-in request (functions/domain/auth/sessions.ts says how sessions
 * end): refuses (401) an access token of a session that was ended after it signed in. One GetItem.
 */
export async function assertSessionLive(username: string, claims: Record<string, unknown>): Promise<void> {
  const started = sessionStart(claims);
  if (!Number.isFinite(started)) throw new AuthenticationError(details.invalidToken);
  const validAfter = await sessionsValidAfter(username);
  if (signedInBefore(started, validAfter)) throw new AuthenticationError(details.sessionEnded);
}
