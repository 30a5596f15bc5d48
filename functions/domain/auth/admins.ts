import { csvList, readConfig } from '../../lib/config';

/** Administrators are named at deploy by email (CDK context `adminEmails`, locally ADMIN_EMAILS). */
const config = readConfig({ ADMIN_EMAILS: csvList });

/**
 * Whether an account's email names an administrator. Only an active profile counts (its mailbox is proven:
 * registering someone else's address cannot make anyone an administrator).
 */
export function isAdminAccount(profile: { email: string; status: string } | undefined, admins: readonly string[] = config.ADMIN_EMAILS): boolean {
  return Boolean(profile && profile.status === 'active' && profile.email && admins.includes(profile.email.trim().toLowerCase()));
}

