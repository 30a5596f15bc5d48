/** The audit log: who deleted or changed the status of which report or organization, and when. */
import * as z from 'zod/mini';

export const AUDIT_ACTIONS = ['report.status', 'report.update', 'report.delete', 'organization.update', 'organization.delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ kind: z.enum(['report', 'organization']), id: z.string(), title: z.string() }),
  /** what changed, in words: "Draft → Final", "title: A → B" */
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z.object({ items: z.array(AuditEntry), next_cursor: z.nullable(z.string()) });
export const AuditQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
  limit: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')), z.transform(Number))),
});
