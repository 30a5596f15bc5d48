/**
 * Ask the evidence: a question answered from the report's evidence, every sentence of the answer
 * with a citation whose quote is verbatim in the evidence; and conflicts between sources (two items giving
 * different figures for one measure and period) with how a consultant resolved them.
 */
import * as z from 'zod/mini';
import { Citation, text } from './report-document';
import { uuidField } from './common';

/** Characters a question may have. */
export const MAX_QUESTION_CHARS = 500;
const MIN_QUESTION_CHARS = 3;

/**
 * The evidence a question is answered from: the report's (the default), or every item of the report's client's
 * library, whichever report it was filed for.
 */
export const ASK_SCOPES = ['report', 'client'] as const;
export const AskScope = z.enum(ASK_SCOPES, { error: "scope must be 'report' (the report's evidence) or 'client' (the client's evidence library)" });
export type AskScope = z.infer<typeof AskScope>;

export const AskBody = z.object({
  question: z
    .string({ error: 'question must be a string' })
    .check(
      z.trim(),
      z.minLength(MIN_QUESTION_CHARS, `question must be at least ${MIN_QUESTION_CHARS} characters`),
      z.maxLength(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`),
    ),
  scope: z._default(AskScope, 'report'),
});
export type AskBody = z.infer<typeof AskBody>;

/** One sentence of an answer and the citation that grounds it (its quote holds every figure and name of the sentence). */
const AnswerSentence = z.object({ text: z.string(), citation_id: z.string() });
type AnswerSentence = z.infer<typeof AnswerSentence>;

export const AskResponse = z.object({
  question: z.string(),
  /** false: the evidence does not answer the question (and nothing is guessed) */
  answered: z.boolean(),
  sentences: z.array(AnswerSentence),
  /** the citations of the sentences, each with its source's title */
  citations: z.array(Citation),
  /** the answer as section text: each sentence followed by its citation mark `[@id]` */
  markdown: z.string(),
  /** sentences a provider proposed that did not verify (quote not in the evidence, or a figure or name not in its quote) */
  dropped: z.number(),
  provider: z.string(),
  provenance_id: z.string(),
  /** the evidence it was answered from */
  scope: AskScope,
  /**
   * items of the client's library the answer cites that the report does not use yet: adding the answer to a
   * section takes them into the report (a reference, recorded in provenance), so its citations hold
   */
  not_in_report: z.array(z.string()),
});
export type AskResponse = z.infer<typeof AskResponse>;

/** POST …/ask/placements: an answer added to a section, recorded in provenance. */
/** The two stages of placing a client-scope answer: take its cited items into the report, then record it once saved. */
const PLACEMENT_STAGES = ['take', 'record'] as const;
/** At most this many items named as taken by an earlier stage (an answer cites at most a few). */
const MAX_TAKEN_IDS = 50;

export const AskPlacementBody = z.object({
  provenance_id: uuidField('provenance_id'),
  /** where it was added: a section key or a wizard step ("findings") */
  target: text('target', 64, { min: 1 }),
  /**
   * `take`: only take the answer's cited items into the report (nothing is recorded), before the section is
   * saved; `record` (the default): record the placement, once the answer is in the section
   */
  stage: z.optional(z.enum(PLACEMENT_STAGES, { error: `stage must be one of: ${PLACEMENT_STAGES.join(', ')}` })),
  /** the items the `take` stage took, to be named in the record (each must be cited by the answer and used by the report) */
  taken_evidence_ids: z.optional(
    z.array(uuidField('taken_evidence_ids'), { error: 'taken_evidence_ids must be a list of ids' }).check(z.maxLength(MAX_TAKEN_IDS, `taken_evidence_ids may hold at most ${MAX_TAKEN_IDS} ids`)),
  ),
});
export type AskPlacementBody = z.infer<typeof AskPlacementBody>;
export const AskPlacementResponse = z.object({
  success: z.literal(true),
  /** the placement's record (stage `record`), or the answer's own (stage `take`, which records nothing) */
  provenance_id: z.string(),
  recorded: z.boolean(),
  /** items of the client's library taken into the report for the answer's citations (a client-scope answer's) */
  taken: z.array(z.string()),
});
export type AskPlacementResponse = z.infer<typeof AskPlacementResponse>;

// ── conflicts between sources ──────────────────────────────────────────────────────────────────────────

const ConflictSide = z.object({
  evidence_id: z.string(),
  title: z.string(),
  /** the sentence that gives the figure, an exact span of the item's text */
  quote: z.string(),
  start: z.number(),
  end: z.number(),
  /** the figure as written ("12%") */
  figure: z.string(),
  /** a workbook's side: the cells its figure was read or computed from (`P&L!E9`) */
  range: z.optional(z.string()),
});
export type ConflictSide = z.infer<typeof ConflictSide>;

const CONFLICT_CHOICES = ['source', 'explained'] as const;

export const ConflictResolution = z.object({
  choice: z.enum(CONFLICT_CHOICES),
  /** the source chosen (choice `source`) */
  evidence_id: z.optional(z.string()),
  /** why they differ, or why this source (required for `explained`) */
  note: z.optional(z.string()),
  by: z.string(),
  at: z.string(),
});
export type ConflictResolution = z.infer<typeof ConflictResolution>;

export const EvidenceConflict = z.object({
  /** stable: the measure and both sides' sentences */
  id: z.string(),
  /** the measure's name ("Revenue growth") */
  measure: z.string(),
  /** the period both sides speak of, when stated ("FY2024") */
  period: z.string(),
  sides: z.array(ConflictSide),
  resolution: z.nullable(ConflictResolution),
});
export type EvidenceConflict = z.infer<typeof EvidenceConflict>;

export const ConflictList = z.object({ items: z.array(EvidenceConflict) });
export type ConflictList = z.infer<typeof ConflictList>;

export const ConflictParams = z.object({
  id: uuidField('id'),
  conflict_id: z.string().check(z.regex(/^[0-9A-Za-z-]{1,64}$/, 'conflict_id is 1 to 64 letters, digits or -')),
});

export const ResolveConflictBody = z
  .object({
    choice: z.enum(CONFLICT_CHOICES, { error: "choice must be 'source' or 'explained'" }),
    evidence_id: z.optional(uuidField('evidence_id')),
    note: z.optional(text('note', 1000)),
  })
  .check(
    z.refine((b) => b.choice !== 'source' || Boolean(b.evidence_id), { error: 'evidence_id is required when choice is source: name the source you trust' }),
    z.refine((b) => b.choice !== 'explained' || Boolean(b.note?.trim()), { error: 'note is required when choice is explained: say why the figures differ' }),
  );
export type ResolveConflictBody = z.infer<typeof ResolveConflictBody>;
