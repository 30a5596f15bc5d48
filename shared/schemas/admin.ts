import * as z from 'zod/mini';
import { usernameField } from './auth';

/** How an account stands: registering, waiting for its mailbox proof, active, or deactivated by an administrator. */
export const AccountStatus = z.enum(['pending', 'unverified', 'active', 'deactivated']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const AdminUser = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  status: AccountStatus,
  created_at: z.string(),
  is_admin: z.boolean(),
  deactivated_at: z.optional(z.string()),
  deactivated_by: z.optional(z.string()),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({ items: z.array(AdminUser), next_cursor: z.nullable(z.string()) });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const AdminUserQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
  limit: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')), z.transform(Number))),
});

export const UsernameParams = z.object({ username: usernameField });
