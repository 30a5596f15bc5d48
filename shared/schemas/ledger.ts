/**
 * The claim ledger's API: every figure of the report with its support, the disagreements, the lead's waivers and
 * the counts that gate Final (shared/domain/ledger/ledger.ts holds the rules).
 */
import * as z from 'zod/mini';
import { SECTION_KEYS, SectionKeyField, text } from './report-document';
import { uuidField } from './common';

const Span = z.object({ start: z.number(), end: z.number() });
const SUPPORT_KINDS = ['cited', 'derived', 'data', 'unsupported'] as const;

const CitedRef = { citation_id: z.string(), part: z.string() };

/**
 * What the Figures panel offers an unsupported figure besides a new citation (shared/domain/ledger/fixes.ts): a
 * cited value of its measure to correct it to, and computations from two cited figures that give it.
 */
const FigureFixesOut = z.object({
  corrections: z.array(z.object({ ...CitedRef, text: z.string(), basis: z.string(), period: z.nullable(z.string()) })),
  derivations: z.array(
    z.object({
      computation: z.string(),
      op: z.enum(['minus', 'growth', 'over', 'plus']),
      operands: z.tuple([z.object({ ...CitedRef, text: z.string() }), z.object({ ...CitedRef, text: z.string() })]),
    }),
  ),
});

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
  /** an unsupported figure's fixes, when there are any */
  fixes: z.optional(FigureFixesOut),
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

/** The figures one page of GET …/ledger lists: the largest report's first page stays small and quick. */
export const LEDGER_PAGE = 500;

/**
 * GET /api/reports/{id}/ledger: the counts, the disagreements and the waivers, and one page of figures: unsupported
 * and disagreeing ones first, then the supported, then the waived, each in report order.
 */
export const LedgerResponse = z.object({
  counts: LedgerCountsOut,
  entries: z.array(LedgerEntryOut),
  /** figures counted in `counts` but not listed on this page or the ones before it */
  omitted: z.number(),
  /** continues the list (`?cursor=`); null on its last page */
  next_cursor: z.nullable(z.string()),
  /** sections whose figures are still being computed (a report never ledgered): counts and list leave them out until a later request */
  pending: z.array(z.string()),
  /** every disagreement on the first page; on a later page, those its figures take part in */
  disagreements: z.array(LedgerDisagreement),
  waivers: z.array(LedgerWaiver),
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;

/** Where a page of the ledger continues: the rank (blocking, supported, waived), the part and the figure's index in it, and how many were listed before. */
export const LedgerCursor = z.object({
  rank: z.number().check(z.int(), z.gte(0), z.lte(2)),
  part: z.string().check(z.maxLength(100)),
  index: z.number().check(z.int(), z.gte(0)),
  listed: z.number().check(z.int(), z.gte(0)),
});
export type LedgerCursor = z.infer<typeof LedgerCursor>;

export const LedgerQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'), z.regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid'))),
});

/** The ledgerParts worker's event: the sections whose parts a save handed to it (their current versions are read). */
export const LedgerPartsEvent = z.object({
  report_id: uuidField('report_id'),
  keys: z.array(SectionKeyField).check(z.minLength(1), z.maxLength(SECTION_KEYS.length)),
});
export type LedgerPartsEvent = z.infer<typeof LedgerPartsEvent>;

const FIGURE_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;
export const WaiverParams = z.object({ id: uuidField('id') });

/** POST /api/reports/{id}/ledger/waivers: a lead's waiver of one unsupported figure or disagreement, with a reason. */
export const WaiverBody = z.object({
  figure_id: z.string({ error: 'figure_id must be a string' }).check(z.regex(FIGURE_ID, 'figure_id is the id of a figure or a disagreement of the ledger')),
  reason: text('reason', 500, { min: 1 }),
});
export type WaiverBody = z.infer<typeof WaiverBody>;

export const WaiverResponse = z.object({ success: z.literal(true), waiver: LedgerWaiver, counts: LedgerCountsOut });
