/**
 * The claim ledger's API: every figure of the report with its support, the disagreements, the lead's waivers and
 * the counts that gate Final (shared/domain/ledger/ledger.ts holds the rules).
 */
import * as z from 'zod/mini';
import { text } from './report-document';
import { uuidField } from './common';

const Span = z.object({ start: z.number(), end: z.number() });
const SUPPORT_KINDS = ['cited', 'derived', 'data', 'unsupported'] as const;

const LedgerEntryOut = z.object({
  id: z.string(),
  part: z.string(),
  /** the section's title (where to find it) */
  where: z.string(),
  start: z.number(),
  end: z.number(),
  sentence: Span,
  excerpt: z.string(),
  text: z.string(),
  value: z.number(),
  high: z.optional(z.number()),
  unit: z.enum(['%', 'pp', 'x', 'currency', '']),
  currency: z.optional(z.string()),
  step: z.number(),
  change: z.boolean(),
  measure: z.nullable(z.string()),
  period: z.nullable(z.string()),
  sole: z.boolean(),
  support: z.enum(SUPPORT_KINDS),
  basis: z.string(),
  citation_id: z.optional(z.string()),
  /** disagreement ids it takes part in */
  disagrees: z.array(z.string()),
  waived: z.boolean(),
});


const LedgerDisagreement = z.object({
  id: z.string(),
  kind: z.enum(['value', 'total', 'trend']),
  entry_ids: z.array(z.string()),
  part: z.string(),
  sentence: Span,
  detail: z.string(),
  waived: z.boolean(),
});

const LedgerWaiver = z.object({ id: z.string(), reason: z.string(), by: z.string(), at: z.string() });

const LedgerCountsOut = z.object({
  figures: z.number(),
  cited: z.number(),
  derived: z.number(),
  data: z.number(),
  unsupported: z.number(),
  disagreements: z.number(),
  waived: z.number(),
  blocking: z.number(),
});

/** GET /api/reports/{id}/ledger: unsupported and disagreeing figures first, then in report order. */
/** The most figures one answer lists (unsupported and disagreeing first): a report's largest ledger stays within a function's answer. */
export const LEDGER_LISTED = 2000;

export const LedgerResponse = z.object({
  counts: LedgerCountsOut,
  entries: z.array(LedgerEntryOut),
  /** figures past the first LEDGER_LISTED, counted in `counts` but not listed (all of them supported or waived when the list is full of blocking ones only after them) */
  omitted: z.number(),
  disagreements: z.array(LedgerDisagreement),
  waivers: z.array(LedgerWaiver),
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;

const FIGURE_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;
export const WaiverParams = z.object({ id: uuidField('id') });

/** POST /api/reports/{id}/ledger/waivers: a lead's waiver of one unsupported figure or disagreement, with a reason. */
export const WaiverBody = z.object({
  figure_id: z.string({ error: 'figure_id must be a string' }).check(z.regex(FIGURE_ID, 'figure_id is the id of a figure or a disagreement of the ledger')),
  reason: text('reason', 500, { min: 1 }),
});
export type WaiverBody = z.infer<typeof WaiverBody>;

export const WaiverResponse = z.object({ success: z.literal(true), waiver: LedgerWaiver, counts: LedgerCountsOut });
