/**
 * The audit log: who did what to which report, organization, account, export or evidence item, and when. Each
 * entry is kept under what it concerns (a report, an organization, an account), and every entry since the
 * firm-wide log began is also in one list by time, which administrators read, filter and export (CSV).
 */
import * as z from 'zod/mini';

export const AUDIT_ACTIONS = [
  'report.status',
  'report.update',
  'report.delete',
  'organization.update',
  'organization.delete',
  'organization.team',
  'organization.confidential',
  'user.signin',
  'user.deactivate',
  'export.create',
  'evidence.delete',
  'report.final_override',
  'report.reopen',
  'section.edit',
  'review.request',
  'review.approve',
  'review.changes',
  'draft.accept',
  'comment.create',
  'comment.reply',
  'comment.resolve',
  'comment.reopen',
  'report.reassess',
  'organization.benchmarks',
  'conflict.resolve',
  'evidence.claim',
  'ledger.waiver',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const AUDIT_TARGET_KINDS = ['report', 'organization', 'user', 'export', 'evidence'] as const;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ kind: z.enum(AUDIT_TARGET_KINDS), id: z.string(), title: z.string() }),
  /** what changed, in words: "Draft → Final", "title: A → B", "signed in with a password from 203.0.113.7" */
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z.object({ items: z.array(AuditEntry), next_cursor: z.nullable(z.string()) });
export const AuditQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
  limit: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')), z.transform(Number))),
});

/** An ISO 8601 date (`2026-03-01`) or time (`2026-03-01T09:30:00Z`) bounding the firm-wide log. */
const auditTime = (name: string) =>
  z.optional(
    z.string().check(
      z.maxLength(40, `${name} must be a date such as 2026-03-01 or a time such as 2026-03-01T09:30:00Z`),
      z.refine((v) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/.test(v) && !Number.isNaN(Date.parse(v)), `${name} must be a date such as 2026-03-01 or a time such as 2026-03-01T09:30:00Z`),
    ),
  );

/** Filters of the administrators' audit log (all optional, combined with AND). */
const AuditLogFilters = {
  /** entries at or after this time (a date: from its start) */
  from: auditTime('from'),
  /** entries before this time (a date: up to its end) */
  to: auditTime('to'),
  /** who did it (a username, exactly) */
  user: z.optional(z.string().check(z.maxLength(128, 'user must be at most 128 characters'))),
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })),
};
export const AuditLogQuery = z.object({ ...AuditLogFilters, ...AuditQuery.shape });
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
export const AuditLogCsvQuery = z.object(AuditLogFilters);
export type AuditLogCsvQuery = z.infer<typeof AuditLogCsvQuery>;

/** The CSV export: one header row, then one row per entry, newest first. */
export const AUDIT_CSV_COLUMNS = ['at', 'user', 'action', 'target_kind', 'target_id', 'target_title', 'detail'] as const;
/** Most rows one CSV export holds (narrow it with the filters for older entries). */
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const AuditCsv = z.string();
