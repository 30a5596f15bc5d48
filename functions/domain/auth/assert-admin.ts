import { adminDetails } from '@shared/messages/admin';
import { getProfile } from '../../data/users-repo';
import { ForbiddenError } from '../../lib/errors';
import { isAdminAccount } from './admins';

/** Whether the caller's (active, mailbox-proven) account is named an administrator: one profile read. */
export async function isAdministrator(username: string): Promise<boolean> {
  return isAdminAccount(await getProfile(username));
}

/** 403 with a detail unless the caller's (active, mailbox-proven) account is named an administrator. */
export async function assertAdmin(username: string): Promise<void> {
  if (!(await isAdministrator(username))) throw new ForbiddenError(adminDetails.adminOnly);
}
