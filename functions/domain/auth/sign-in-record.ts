import { putAudit } from '../../data/audit-repo';
import { logger } from '../../lib/logger';

/**
 * A sign-in that started a session: a security event, and an entry in the audit log under the account (who,
 * when, from where, how). The audit entry is best effort: a sign-in is never refused because its record failed
 * (the failure is logged, and the security event is written either way).
 */
export async function recordSignIn(username: string, name: string, clientAddress: string, how: 'password' | 'identity provider'): Promise<void> {
  logger.security('signin.success', { user: username, how });
  await putAudit({
    action: 'user.signin',
    target: { kind: 'user', id: username, title: name || username },
    user: username,
    detail: `signed in with ${how === 'password' ? 'a password' : 'the identity provider'} from ${clientAddress}`,
    at: new Date().toISOString(),
    under: { kind: 'user', id: username },
  }).catch((error: Error) => logger.error('sign-in not recorded in the audit log', { user: username, error: error.name }));
}
