/** Client teams and confidential clients: who is on a client's team, with which role. */
import * as z from 'zod/mini';
import { usernameField } from './auth';
import { uuidField } from './common';

/** lead: manages the team and approves; reviewer: reviews and approves; editor: writes; viewer: reads and comments */
export const TEAM_ROLES = ['lead', 'reviewer', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TeamRoleField = z.enum(TEAM_ROLES, { error: `role must be one of: ${TEAM_ROLES.join(', ')}` });

export const TeamMember = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleField,
  added_at: z.string(),
  added_by: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** GET /api/organizations/{id}/team: the members, and whether the client is confidential. */
export const Team = z.object({
  organization_id: z.string(),
  confidential: z.boolean(),
  /** the caller's own role, or null when they are not on the team (possible on an open client) */
  my_role: z.nullable(TeamRoleField),
  members: z.array(TeamMember),
  /** Whether its lead lets this (confidential) client's Final reports count in sector benchmarks */
  benchmark_consent: z.optional(z.boolean()),
});
export type Team = z.infer<typeof Team>;

export const TeamParams = z.object({ id: uuidField('id') });
export const MemberParams = z.object({ id: uuidField('id'), username: usernameField });

export const AddMemberBody = z.object({ username: usernameField, role: TeamRoleField });
export type AddMemberBody = z.infer<typeof AddMemberBody>;
export const ChangeRoleBody = z.object({ role: TeamRoleField });
export const ConfidentialBody = z.object({ confidential: z.boolean({ error: 'confidential must be true or false' }) });
/** PUT /api/organizations/{id}/benchmark-consent (leads only) */
export const BenchmarkConsentBody = z.object({ allowed: z.boolean({ error: 'allowed must be true or false' }) });

export const TeamChanged = z.object({ success: z.literal(true), team: Team });

/** GET /api/staff?q=: signed-in staff whose username, name or email starts with `q` (for the team's autocomplete). */
export const StaffQuery = z.object({
  q: z.string({ error: 'q is required' }).check(z.trim(), z.minLength(1, 'q must not be empty'), z.maxLength(100, 'q must be at most 100 characters')),
});
export const StaffMember = z.object({ username: z.string(), name: z.string(), email: z.string() });
export const StaffList = z.object({ items: z.array(StaffMember) });
export type StaffMember = z.infer<typeof StaffMember>;
