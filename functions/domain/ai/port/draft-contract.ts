/**
 * Drafting the report's steps 5–9 from its evidence: what the draft route, the epilogue and both providers
 * share — the drafter's input, the dimension scores, stable ids, and the shape of a drafted step. The
 * drafters themselves are the providers' (the local analyst in ../analyst/, Bedrock in ../providers/).
 *
 * Citations come back as `{ evidence_id, start, end }`; the server fills in the quote from the stored text
 * and drops what does not verify. A summary cites with `[@<citationIdFor(ref)>]`.
 */
import { createHash } from 'node:crypto';
import { DIMENSIONS, type Dimension, type Insight } from '@shared/schemas/analysis';
import type {
  CitationRef,
  DimensionScore,
  DraftStep,
  ExecutiveSummaryData,
  FindingsData,
  RecommendationsData,
  RoadmapData,
  SwotData,
} from '@shared/schemas/report-document';
import type { ContextData, ObjectivesData, Stakeholder, WizardData } from '@shared/schemas/wizard';
import type { Kpi } from '@shared/schemas/data-room';

// ── input ─────────────────────────────────────────────────────────────────────────────────────────────

export interface DraftEvidence {
  id: string;
  title: string;
  type: 'file' | 'url' | 'interview';
  relevance: number;
  /** how much the text speaks to each dimension, 0..1 */
  dimensionScores: Partial<Record<Dimension, number>>;
  /** exact spans of the stored text */
  insights: readonly Insight[];
  /** the full extracted text, when the provider asks for it (DraftNeeds.texts): the local analyst (../analyst/draft-steps.ts) reads all of it */
  text?: string;
  /**
   * a workbook's or CSV file's KPIs: exact figures with their formulas and cells. Each is stated by a sentence of
   * the item's text (its key figures, `start`/`end`), so a drafter that cites that sentence cites the KPI, and the
   * citation carries the KPI's cells
   */
  kpis?: readonly Kpi[];
}

/** A numbered passage for a model: one insight with the text around it. */
export interface Passage {
  n: number;
  evidence_id: string;
  title: string;
  start: number;
  end: number;
  /** the insight itself (text.slice(start, end)) */
  quote: string;
  /** the text around it, for context */
  context: string;
  dimension: Dimension;
}

export interface DraftInput {
  step: DraftStep;
  organization: { name: string; sector: string; geography: string };
  objectives?: ObjectivesData;
  context?: ContextData;
  stakeholders: readonly Stakeholder[];
  evidence: readonly DraftEvidence[];
  /** what the steps before this one hold (parsed) */
  data: WizardData;
  /** dimension scores computed from the evidence (see dimensionScoresFrom) */
  dimensions: DimensionScore[];
  /** passages for a model (built only when a model is asked) */
  passages?: readonly Passage[];
}

/** Items as a drafter returns them: step data whose citations are references, not verified quotes yet. */
export type Drafted<T> = T extends readonly (infer U)[]
  ? Drafted<U>[]
  : T extends object
    ? { [K in keyof T]: K extends 'citations' ? CitationRef[] : Drafted<T[K]> }
    : T;

// ── ids and helpers ───────────────────────────────────────────────────────────────────────────────────

const hash = (text: string, length = 10) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** A stable citation id for a passage: the same passage always gets the same id. */
export const citationIdFor = (ref: CitationRef) => `c${hash(`${ref.evidence_id.toLowerCase()}:${ref.start}:${ref.end}`, 10)}`;

/** A stable item id from what the item says. */
export const itemId = (prefix: string, ...parts: (string | number)[]) => `${prefix}-${hash(parts.join('\u0001'), 10)}`;

const round = (v: number) => Math.round(v);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A sentence as a statement: one line, at most `max` characters (cut at a word), ending with a full stop. */
export function asStatement(text: string, max = 400): string {
  let s = flat(text).replace(/^[-•*▪◦–—\d.)\s]+/, '');
  if (s.length > max) {
    const cut = s.slice(0, max);
    const space = cut.lastIndexOf(' ');
    s = `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
  }
  if (!/[.!?…]["'”’)]?$/.test(s)) s = `${s}.`;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ── dimension scores ─────────────────────────────────────────────────────────────────────────────────

/**
 * Each dimension's score, 0–100: the relevance-weighted mean of the evidence's dimension scores,
 * Σ(relevance × dimension score) ÷ Σ relevance, with the contributions listed (how it was reached).
 * Earlier choices (out of scope, a note) are kept.
 */
export function dimensionScoresFrom(evidence: readonly DraftEvidence[], previous: readonly DimensionScore[] = []): DimensionScore[] {
  return DIMENSIONS.map((dimension) => {
    const contributing = evidence.filter((e) => (e.dimensionScores[dimension] ?? 0) > 0 && e.relevance > 0);
    const weight = evidence.reduce((sum, e) => sum + (e.relevance > 0 ? e.relevance : 0), 0);
    const total = contributing.reduce((sum, e) => sum + e.relevance * (e.dimensionScores[dimension] ?? 0), 0);
    const score = weight > 0 ? clamp(round((100 * total) / weight), 0, 100) : 0;
    const before = previous.find((p) => p.dimension === dimension);
    return {
      dimension,
      score,
      computed_score: score,
      basis: contributing
        .map((e) => ({
          evidence_id: e.id,
          title: e.title.slice(0, 300),
          relevance: Math.round(e.relevance * 100) / 100,
          dimension_score: Math.round((e.dimensionScores[dimension] ?? 0) * 100) / 100,
        }))
        .sort((a, b) => b.relevance * b.dimension_score - a.relevance * a.dimension_score || a.title.localeCompare(b.title))
        .slice(0, 100),
      out_of_scope: before?.out_of_scope ?? false,
      note: before?.note ?? '',
    };
  });
}

/** One drafted step: the step's data with citation references (the epilogue verifies them). */
export type DraftOutput = Drafted<FindingsData> | Drafted<SwotData> | Drafted<RecommendationsData> | Drafted<RoadmapData> | Drafted<ExecutiveSummaryData>;

/** The local analyst's "prompt": a canonical form of its input, hashed for the provenance record (with the hashes of the texts it read). */
export function canonicalInput(input: DraftInput): string {
  return JSON.stringify({
    step: input.step,
    organization: input.organization,
    objectives: input.objectives ?? null,
    evidence: input.evidence.map((e) => ({ id: e.id, relevance: e.relevance, insights: e.insights.map((i) => [i.start, i.end, i.dimension, i.score]) })),
    data: input.data,
  });
}
