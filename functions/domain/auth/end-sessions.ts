import { globalSignOut } from '../../data/identity-provider';
import { revokeSessions } from '../../data/sessions-repo';
import { booleanFlag, readConfig } from '../../lib/config';
import { logger } from '../../lib/logger';
import { revocationMark } from './session-rules';

const config = readConfig({
  /** on in the cloud (infra/app.ts); cognito-local does not implement AdminUserGlobalSignOut */
  COGNITO_GLOBAL_SIGN_OUT: booleanFlag(false),
});

/**
 * Every session of the user signed in up to now ends (sessions.ts says how). Cognito's own global sign-out
 * is defence in depth in the cloud: our mark already refuses those tokens, so its failure is only logged.
 */
export async function endAllSessions(username: string, nowMs = Date.now()): Promise<void> {
  await revokeSessions(username, revocationMark(nowMs));
  if (config.COGNITO_GLOBAL_SIGN_OUT) {
    await globalSignOut(username).catch((error: Error) => logger.warn('global sign-out failed', { error: error.name }));
  }
}
