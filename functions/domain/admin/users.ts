import { adminDetails } from '@shared/messages/admin';
import { authTexts } from '@shared/messages/auth';
import { systemDetails } from '@shared/messages/system';
import type { AdminUser, AdminUserList } from '@shared/schemas/admin';
import type { MessageResponse } from '@shared/schemas/auth';
import { InvalidCursorError } from '../../data/cursor';
import { disableUser } from '../../data/identity-provider';
import { deleteAccountCodes } from '../../data/reset-codes-repo';
import { putAudit } from '../../data/audit-repo';
import { getIdentity, listProfiles, markDeactivated, type UserProfile } from '../../data/users-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { endAllSessions } from '../auth/end-sessions';
import { isAdminAccount } from '../auth/admins';
import { assertAdmin } from '../auth/assert-admin';

const view = (p: UserProfile): AdminUser => ({
  username: p.username,
  name: p.name,
  email: p.email,
  status: p.status,
  created_at: p.created_at,
  is_admin: isAdminAccount(p),
  ...(p.deactivated_at ? { deactivated_at: p.deactivated_at } : {}),
  ...(p.deactivated_by ? { deactivated_by: p.deactivated_by } : {}),
});

export async function listUsers(caller: string, query: { limit?: number; cursor?: string }): Promise<AdminUserList> {
  await assertAdmin(caller);
  logger.security('admin.action', { action: 'users.list' });
  try {
    const page = await listProfiles(Math.min(100, Math.max(1, query.limit ?? 50)), query.cursor);
    return { items: page.items.map(view), next_cursor: page.next_cursor };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}

/**
 * Deactivates an account, in an order that leaves no gap a sign-in could slip through:
 * 1. the profile says so (who, when): from here our sign-in refuses it and the session check refuses every
 *    token it holds;
 * 2. Cognito disables it (no new tokens from Cognito either);
 * 3. its pending reset and confirmation codes are deleted (a mailed code never re-activates it);
 * 4. its sessions end last (the revocation mark, after which no token signed in before it can ever pass again,
 *    and Cognito's global sign-out in the cloud).
 * Repeating it is harmless. An administrator cannot deactivate themself (the deployment would be left without one).
 */
export async function deactivateUser(caller: string, username: string): Promise<MessageResponse> {
  await assertAdmin(caller);
  if (username === caller) throw new BadRequestError(adminDetails.cannotDeactivateSelf);
  const target = await getIdentity(username);
  if (!target) throw new NotFoundError(adminDetails.unknownUser(username));
  if (!(await markDeactivated(username, caller, new Date().toISOString()))) throw new NotFoundError(adminDetails.unknownUser(username));
  await disableUser(username);
  await deleteAccountCodes(username, target.email || undefined);
  await endAllSessions(username);
  logger.security('account.deactivated', { target: username, by: caller });
  await putAudit({
    action: 'user.deactivate',
    target: { kind: 'user', id: username, title: target.name || username },
    user: caller,
    detail: `${username} deactivated and signed out everywhere`,
    at: new Date().toISOString(),
    under: { kind: 'user', id: username },
  });
  return { success: true, message: authTexts.server.userDeactivated(username) };
}
