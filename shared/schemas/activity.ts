/**
 * A report's activity feed: drafts, edits, comments, reviews, approvals, status changes and exports,
 * newest first. Built from the audit entries kept under the report (the same records as the audit log), with
 * the name of whoever did each.
 */
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AuditQuery } from './audit';

export const ActivityEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** username */
  user: z.string(),
  /** their display name (the username when they have no profile) */
  user_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** what it concerned (a section title, an export, the report) */
  target_title: z.string(),
  detail: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityPage = z.object({ items: z.array(ActivityEntry), next_cursor: z.nullable(z.string()) });
export type ActivityPage = z.infer<typeof ActivityPage>;

export const ActivityQuery = AuditQuery;
