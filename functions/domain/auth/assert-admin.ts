import { adminDetails } from '@shared/messages/admin';
import { getProfile } from '../../data/users-repo';
import { ForbiddenError } from '../../lib/errors';
import { isAdminAccount } from './admins';

/** 403 with a detail unless the caller's (active, mailbox-proven) account is named an administrator. */
export async function assertAdmin(username: string): Promise<void> {
  if (!isAdminAccount(await getProfile(username))) throw new ForbiddenError(adminDetails.adminOnly);
}
