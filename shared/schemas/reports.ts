import * as z from 'zod/mini';
import { REPORT_STATUSES } from '../domain/options';
import { requiredString, uuidField, versionInput } from './common';
import { PageQuery } from './organizations';

const StatusField = z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(', ')}` });

/** POST /api/reports (spec: title, organization_id, owner). */
export const CreateReportBody = z.object({
  title: requiredString('title', { max: 300, trim: true }),
  organization_id: uuidField('organization_id'),
  owner: requiredString('owner', { max: 200, trim: true }),
});

/** PUT /api/reports/{id}: the report's own fields, when setup is completed again. */
export const UpdateReportBody = z.object({
  title: requiredString('title', { max: 300, trim: true }),
  owner: requiredString('owner', { max: 200, trim: true }),
  version: versionInput(1),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

export const Report = z.object({
  id: z.string(),
  title: z.string(),
  owner: z.string(),
  status: z.enum(REPORT_STATUSES),
  organization_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string(),
  updated_by: z.string(),
  version: z.number(),
  /** a re-assessment: the report it follows, which its comparison view compares it with */
  baseline_id: z.optional(z.string()),
  /** when a lead last reopened it from Final: approvals given before then no longer count */
  approvals_from: z.optional(z.string()),
});
export type Report = z.infer<typeof Report>;

/** POST /api/reports/{id}/reopen: a lead moves a Final report back to In Review, saying why (kept in its audit log). */
export const ReopenBody = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .check(z.trim(), z.minLength(1, 'reason must not be empty'), z.refine((v) => [...v].length <= 500, { error: 'reason must be at most 500 characters' })),
});
export type ReopenBody = z.infer<typeof ReopenBody>;

export const ReportCounts = z.object({ total: z.number(), Draft: z.number(), 'In Review': z.number(), Final: z.number() });
export type ReportCounts = z.infer<typeof ReportCounts>;

/** GET /api/reports: newest-updated first, optionally one status; totals and counts for the whole firm. */
export const ReportListQuery = z.extend(PageQuery, { status: z.optional(StatusField) });

export const ReportPage = z.object({
  items: z.array(Report),
  next_cursor: z.nullable(z.string()),
  total: z.number(),
  counts: ReportCounts,
});
export type ReportPage = z.infer<typeof ReportPage>;

/** PUT /api/reports/{id}/status?status=…[&version=n] (the spec's query; version guards against stale tabs). */
export const StatusQuery = z.object({
  status: StatusField,
  version: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,10}$/, 'version must be a whole number')), z.transform(Number))),
  /**
   * Final needs every written section approved; a lead may set Final without that, giving the reason
   * here (recorded in the audit log). Ignored for other statuses.
   */
  override_reason: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'override_reason must not be empty'), z.refine((v) => [...v].length <= 500, { error: 'override_reason must be at most 500 characters' })),
  ),
});

export const StatusResponse = z.object({ success: z.literal(true), status: z.enum(REPORT_STATUSES), version: z.number(), updated_at: z.string() });

/** The signed-in user's own order of the dashboard's report cards. */
export const ReportOrderBody = z.object({
  report_ids: z.array(uuidField('report_ids', 'report_ids must be UUIDs')).check(z.maxLength(500, 'report_ids may hold at most 500 ids')),
});
export const ReportOrder = z.object({ report_ids: z.array(z.string()) });

// ── re-assessment and benchmarks ─────────────────────────────────────────────────────────────────────

/** POST /api/reports/{id}/reassess: the key names this start of a re-assessment, so a retry or a double click makes one. */
export const ReassessBody = z.object({
  idempotency_key: z.string({ error: 'idempotency_key is required' }).check(z.regex(/^[A-Za-z0-9_-]{8,80}$/, 'idempotency_key must be 8 to 80 letters, digits, - or _')),
});
export const ReassessResponse = z.object({ success: z.literal(true), id: z.string(), baseline_id: z.string(), created: z.boolean(), version: z.number() });
export type ReassessResponse = z.infer<typeof ReassessResponse>;

const BriefFinding = z.object({ id: z.string(), statement: z.string(), dimension: z.string(), impact: z.string() });
const ComparedReport = z.object({ id: z.string(), title: z.string(), status: z.string(), updated_at: z.string() });

/** GET /api/reports/{id}/comparison: a re-assessment against its baseline (shared/domain/report/comparison.ts). */
export const ComparisonResponse = z.object({
  baseline: ComparedReport,
  report: ComparedReport,
  dimensions: z.array(z.object({ dimension: z.string(), before: z.nullable(z.number()), after: z.nullable(z.number()), change: z.nullable(z.number()) })),
  findings: z.object({
    resolved: z.array(BriefFinding),
    persisting: z.array(z.object({ before: BriefFinding, after: BriefFinding, similarity: z.number() })),
    new: z.array(BriefFinding),
  }),
  recommendations: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(['done', 'open']) })),
  metrics: z.array(z.object({ name: z.string(), unit: z.string(), before: z.number(), after: z.number(), change: z.number(), period_before: z.string(), period_after: z.string() })),
});
export type ComparisonResponse = z.infer<typeof ComparisonResponse>;

/**
 * GET /api/reports/{id}/benchmark: the report's dimension scores against the firm's other Final reports of its
 * sector (in its geography where at least `minimum` exist): quartiles only, and nothing below `minimum` reports.
 */
export const BenchmarkResponse = z.object({
  available: z.boolean(),
  minimum: z.number(),
  /** the peers counted (the report itself never among them) */
  count: z.number(),
  sector: z.string(),
  /** the geography compared within, or null when the sector as a whole is */
  geography: z.nullable(z.string()),
  dimensions: z.array(z.object({ dimension: z.string(), count: z.number(), q1: z.number(), median: z.number(), q3: z.number(), score: z.nullable(z.number()) })),
});
export type BenchmarkResponse = z.infer<typeof BenchmarkResponse>;
