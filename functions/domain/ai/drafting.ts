/**
 * Drafting the report's steps 5–9 from its evidence. This module holds what both providers share (the
 * input, scores, tone, ids) and the `local` drafter: real and deterministic, not canned text. It works from
 * the stored key insights (exact spans of the extracted text), so every citation it proposes is a passage
 * that exists, and the same input always gives the same output (ids are hashes of content, never random).
 *
 * Citations come back as `{ evidence_id, start, end }`; the server fills in the quote from the stored text
 * and drops what does not verify. A summary cites with `[@<citationIdFor(ref)>]`.
 */
import { createHash } from 'node:crypto';
import { DIMENSIONS, type Dimension, type Insight } from '@shared/schemas/analysis';
import {
  type CitationRef,
  DEFAULT_PHASES,
  type DimensionScore,
  type DraftStep,
  type Impact,
  type Metric,
  type Priority,
  type SwotQuadrant,
} from '@shared/schemas/report-document';
import type { ContextData, ObjectivesData, Stakeholder, WizardData } from '@shared/schemas/wizard';

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
  /**
   * more ranked sentences of the text (exact spans too), beyond the stored insights: the findings step uses
   * them for dimensions the insights leave uncovered
   */
  candidates?: readonly Insight[];
  /** the full extracted text, when the provider asks for it (DraftNeeds.texts): the local analyst (./analyst.ts) reads all of it */
  text?: string;
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

// ── tone: does a sentence say something is going well or badly? ──────────────────────────────────────

const UP = /\b(grew|grow|grows|growing|growth|rose|rise|rises|rising|increase[sd]?|increasing|up|higher|expanded|expand|doubled|tripled|gained|gain|accelerat\w*)\b/gi;
const DOWN = /\b(fell|fall|falls|falling|declined?|declines|declining|decrease[sd]?|decreasing|dropped|drop|down|lower|shrank|shrink|cut|reduced|reduce|lost|slowed|slow\w*)\b/gi;
const GOOD = /\b(improv\w*|strong\w*|robust|record|leading|leader|loyal\w*|efficient|award\w*|success\w*|profitab\w*|resilien\w*|healthy|advantage\w*|opportunit\w*|ahead|outperform\w*|best)\b/gi;
const BAD = /\b(risk\w*|threat\w*|breach\w*|fines?|penalt\w*|shortage\w*|weak\w*|fail\w*|lawsuit\w*|loss(es)?|deteriorat\w*|worsen\w*|problem\w*|concern\w*|delay\w*|backlog\w*|complain\w*|churn\w*|attrition|turnover|debt|volatil\w*|pressure|disrupt\w*|inefficien\w*|manual|outdated|legacy|gap\w*|lack\w*|behind|underperform\w*)\b/gi;
/** Things that are bad when they go up (so "churn rose" is bad news and "costs fell" good news). */
const BAD_WHEN_UP = /\b(churn|costs?|debt|turnover|attrition|complaints?|defects?|errors?|delays?|losses|absence|absenteeism|backlog|incidents?|prices? of inputs|expenses?|overheads?|leverage|days sales outstanding|dso|lead times?|cycle times?|vacanc\w*|emissions|waste)\b/i;

const count = (re: RegExp, text: string) => (text.match(re) ?? []).length;

/** −1 (bad news) … +1 (good news), from the wording alone. Linear: a fixed set of regexes without backtracking. */
export function toneOf(sentence: string): number {
  const text = sentence.slice(0, 2000);
  const up = count(UP, text);
  const down = count(DOWN, text);
  const inverted = BAD_WHEN_UP.test(text);
  const direction = inverted ? down - up : up - down;
  const score = direction + count(GOOD, text) - (inverted ? 0 : count(BAD, text)) - (inverted && direction === 0 ? 1 : 0);
  return clamp(score / 2, -1, 1);
}

// ── metrics ──────────────────────────────────────────────────────────────────────────────────────────

const NUMBER_UNIT = /(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d{1,12}(?:\.\d+)?)\s?(%|per ?cent|percentage points|pp|bn|billion|million|m|k|thousand|x|times|days|weeks|months|hours|points|pts|[£$€])?/i;
const LEADING_CURRENCY = /([£$€])\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,12}(?:\.\d+)?)\s?(bn|billion|million|m|k)?/i;
const PERIOD = /\b(FY ?\d{2,4}|Q[1-4] ?\d{4}|H[12] ?\d{4}|(?:19|20)\d{2}(?:\/\d{2})?)\b/i;
const SUBJECT_END = new Set(['in', 'at', 'on', 'for', 'across', 'within', 'among', 'per']);
const FILLER = new Set([
  'the', 'a', 'an', 'our', 'its', 'their', 'of', 'by', 'to', 'at', 'in', 'on', 'and', 'was', 'is', 'are', 'were', 'be', 'been', 'has', 'have', 'had',
  'grew', 'rose', 'fell', 'increased', 'decreased', 'declined', 'improved', 'reached', 'stood', 'dropped', 'cut', 'reduced', 'up', 'down', 'from',
  'about', 'around', 'nearly', 'almost', 'over', 'under', 'than', 'more', 'less', 'some', 'roughly', 'approximately', 'while', 'after', 'with',
]);

/** A metric a sentence states, if it has a number with a unit: "Customer churn rose to 9%" → churn 9 %. */
export function metricOf(sentence: string): Metric | null {
  const text = flat(sentence).slice(0, 600);
  const currency = LEADING_CURRENCY.exec(text);
  const m = currency ?? NUMBER_UNIT.exec(text);
  if (!m) return null;
  const [raw, unitRaw] = currency ? [currency[2]!, `${currency[1]}${currency[3] ? ` ${currency[3]}` : ''}`] : [m[1]!, m[2] ?? ''];
  const value = Number(raw.replace(/,/g, ''));
  if (!Number.isFinite(value) || Math.abs(value) > 1e15) return null;
  const unitWord = unitRaw.trim().toLowerCase();
  if (!unitWord && !/[.]/.test(raw) && value >= 1900 && value <= 2100) return null; // a year, not a metric
  const unit = unitWord === 'per cent' || unitWord === 'percent' ? '%' : unitWord === 'pts' ? 'points' : unitRaw.trim();
  const before = text
    .slice(0, m.index)
    .split(/[\s,;:()]+/)
    .filter(Boolean);
  const words: string[] = [];
  let stoppedAt = '';
  for (let i = before.length - 1; i >= 0 && words.length < 4; i--) {
    const w = before[i]!;
    if (FILLER.has(w.toLowerCase()) || /^\d/.test(w)) {
      if (words.length) {
        stoppedAt = [before[i - 1] ?? '', w].join(' ').toLowerCase();
        break;
      }
      continue;
    }
    words.unshift(w);
  }
  // "Staff turnover in the depots is 18%": the words next to the number ("the depots") are a place, not
  // what is measured; the sentence's subject is
  const subject: string[] = [];
  if (/\b(in|at|on|for|of|across) the$|^(in|at|on|for|of|across) |\bthe$/.test(stoppedAt)) {
    for (const w of text.split(/[\s,;:()]+/).filter(Boolean)) {
      if (FILLER.has(w.toLowerCase()) || SUBJECT_END.has(w.toLowerCase()) || /^\d/.test(w) || subject.length >= 4) break;
      subject.push(w);
    }
  }
  const name = (subject.length ? subject : words).join(' ').replace(/^[^\p{L}]+|[^\p{L}\p{N}%)]+$/gu, '');
  if (!name || name.length < 3) return null;
  const period = PERIOD.exec(text)?.[1] ?? '';
  return { name: (name.charAt(0).toUpperCase() + name.slice(1)).slice(0, 120), value, unit: unit.slice(0, 40), period: period.slice(0, 60) };
}

// ── the local drafter ────────────────────────────────────────────────────────────────────────────────

interface RankedInsight {
  evidence: DraftEvidence;
  insight: Insight;
  rank: number;
  tone: number;
}

function rankedInsights(evidence: readonly DraftEvidence[]): RankedInsight[] {
  const seen = new Set<string>();
  const out: RankedInsight[] = [];
  for (const e of evidence) {
    for (const insight of e.insights) {
      const key = flat(insight.text).toLowerCase();
      if (seen.has(key) || key.split(' ').length < 4) continue;
      seen.add(key);
      out.push({ evidence: e, insight, rank: insight.score * (0.5 + 0.5 * e.relevance), tone: toneOf(insight.text) });
    }
  }
  return out.sort((a, b) => b.rank - a.rank || a.evidence.id.localeCompare(b.evidence.id) || a.insight.start - b.insight.start);
}

const refOf = (r: RankedInsight): CitationRef => ({ evidence_id: r.evidence.id, start: r.insight.start, end: r.insight.end });

const impactOf = (r: RankedInsight): Impact => {
  const strength = r.rank + Math.abs(r.tone) * 0.25;
  return strength >= 0.75 ? 'high' : strength >= 0.45 ? 'medium' : 'low';
};

export type DraftedFindings = Drafted<{ dimensions: DimensionScore[]; findings: import('@shared/schemas/report-document').Finding[] }>;

/**
 * Findings from the strongest insights of each dimension (up to 4 each, 24 in all), most telling first; a
 * dimension the insights leave uncovered takes its best sentences from the rest of the text.
 */
export function draftFindings(input: DraftInput): DraftedFindings {
  const ranked = rankedInsights(input.evidence);
  const covered = new Set(ranked.map((r) => r.insight.dimension));
  const extra = rankedInsights(input.evidence.map((e) => ({ ...e, insights: e.candidates ?? [] }))).filter((r) => !covered.has(r.insight.dimension));
  for (const r of extra) ranked.push({ ...r, rank: r.rank * 0.8 });
  const findings: DraftedFindings['findings'] = [];
  const outOfScope = new Set(input.dimensions.filter((d) => d.out_of_scope).map((d) => d.dimension));
  for (const dimension of DIMENSIONS) {
    if (outOfScope.has(dimension)) continue;
    const score = input.dimensions.find((d) => d.dimension === dimension)?.score ?? 0;
    const limit = score >= 50 ? 4 : score >= 20 ? 3 : 2;
    for (const r of ranked.filter((x) => x.insight.dimension === dimension).slice(0, limit)) {
      const statement = asStatement(r.insight.text);
      findings.push({
        id: itemId('f', dimension, statement),
        statement,
        dimension,
        impact: impactOf(r),
        metric: metricOf(r.insight.text),
        citations: [refOf(r)],
        ai_drafted: true,
      });
    }
  }
  const order = { high: 0, medium: 1, low: 2 } as const;
  return {
    dimensions: input.dimensions,
    findings: findings
      .sort((a, b) => DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension) || order[a.impact] - order[b.impact])
      .slice(0, 24),
  };
}

const INTERNAL = new Set<Dimension>(['Financial Performance', 'Operational Efficiency', 'People & Culture']);

export type DraftedSwot = Drafted<import('@shared/schemas/report-document').SwotData>;

/**
 * SWOT from the findings (or, without findings, the strongest insights): internal dimensions give strengths
 * and weaknesses, external ones (market, competition, risks) opportunities and threats, by the tone of
 * their wording; well-scored internal dimensions with good news add a strength. Empty quadrants are marked
 * "none" for the consultant to confirm.
 */
export function draftSwot(input: DraftInput): DraftedSwot {
  const findings = input.data.findings?.findings ?? [];
  const sources = findings.length
    ? findings.map((f) => ({ text: f.statement, dimension: f.dimension, tone: toneOf(f.statement), finding: f.id, citations: f.citations.map(({ evidence_id, start, end }) => ({ evidence_id, start, end })) }))
    : rankedInsights(input.evidence).slice(0, 16).map((r) => ({ text: asStatement(r.insight.text), dimension: r.insight.dimension, tone: r.tone, finding: null as string | null, citations: [refOf(r)] }));
  const swot: DraftedSwot = { strengths: [], weaknesses: [], opportunities: [], threats: [], none: { strengths: false, weaknesses: false, opportunities: false, threats: false } };
  for (const s of sources) {
    const internal = INTERNAL.has(s.dimension);
    // neutral wording says nothing good or bad, except that a compliance risk is a threat
    if (s.tone === 0 && s.dimension !== 'Risks & Compliance') continue;
    const quadrant: SwotQuadrant = internal ? (s.tone > 0 ? 'strengths' : 'weaknesses') : s.tone > 0 ? 'opportunities' : 'threats';
    if (swot[quadrant].length >= 6) continue;
    swot[quadrant].push({
      id: itemId(quadrant.charAt(0), s.text),
      text: s.text.length > 1000 ? asStatement(s.text, 990) : s.text,
      finding_ids: s.finding ? [s.finding] : [],
      citations: s.citations,
      ai_drafted: true,
    });
  }
  for (const q of ['strengths', 'weaknesses', 'opportunities', 'threats'] as const) swot.none[q] = swot[q].length === 0;
  return swot;
}

const DIMENSION_ACTIONS: Record<Dimension, { title: string; kpi: string; effort: number; roles: RegExp }> = {
  'Financial Performance': { title: 'Strengthen financial performance', kpi: 'Operating margin, quarter on quarter', effort: 3, roles: /\b(cfo|finance|financial|controller|treasur)/i },
  'Operational Efficiency': { title: 'Improve operational efficiency', kpi: 'Cost per order and cycle time', effort: 4, roles: /\b(coo|operations?|supply|logistics|plant|process)/i },
  'Market & Customers': { title: 'Win and keep more customers', kpi: 'Customer retention and net promoter score', effort: 3, roles: /\b(cmo|marketing|sales|customer|commercial|cco)/i },
  'Competitive Landscape': { title: 'Respond to competitive pressure', kpi: 'Market share in the core segments', effort: 4, roles: /\b(ceo|strategy|chief executive|managing director|md)\b/i },
  'People & Culture': { title: 'Invest in people and culture', kpi: 'Staff turnover and engagement score', effort: 3, roles: /\b(chro|hr|people|talent|human)/i },
  'Risks & Compliance': { title: 'Strengthen risk and compliance controls', kpi: 'Open audit findings and compliance incidents', effort: 3, roles: /\b(cro|risk|compliance|legal|general counsel|audit)/i },
};

const BIG_WORK = /\b(system|platform|automat\w*|migrat\w*|transform\w*|erp|restructur\w*|rollout|roll-out|new (?:site|plant|market))\b/i;

function ownerFor(dimension: Dimension, stakeholders: readonly Stakeholder[]): string {
  const match = stakeholders.find((s) => DIMENSION_ACTIONS[dimension].roles.test(s.role));
  return match ? (match.name.trim() ? `${match.name.trim()} (${match.role.trim()})` : match.role.trim()).slice(0, 200) : '';
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

export type DraftedRecommendations = Drafted<import('@shared/schemas/report-document').RecommendationsData>;

/**
 * Recommendations from the weaknesses and threats (each answered, with its findings) and from low-scoring
 * dimensions that have findings but no weakness yet; priority from impact, effort from the kind of work.
 */
export function draftRecommendations(input: DraftInput): DraftedRecommendations {
  const findings = input.data.findings?.findings ?? [];
  const byId = new Map(findings.map((f) => [f.id, f]));
  const swot = input.data.swot;
  const problems = [...(swot?.weaknesses ?? []).map((w) => ({ item: w, threat: false })), ...(swot?.threats ?? []).map((t) => ({ item: t, threat: true }))];
  const items: DraftedRecommendations['items'] = [];
  const titles = new Set<string>();
  const push = (rec: DraftedRecommendations['items'][number]) => {
    let title = rec.title;
    for (let n = 2; titles.has(title.toLowerCase()); n++) title = `${rec.title} (${n})`;
    titles.add(title.toLowerCase());
    items.push({ ...rec, title, id: itemId('r', title) });
  };
  for (const { item, threat } of problems) {
    const basis = item.finding_ids.map((id) => byId.get(id)).filter((f): f is NonNullable<typeof f> => Boolean(f));
    const dimension = basis[0]?.dimension ?? (threat ? 'Risks & Compliance' : 'Operational Efficiency');
    const action = DIMENSION_ACTIONS[dimension];
    const metric = basis.find((f) => f.metric)?.metric ?? metricOf(item.text);
    const impactWord = basis.some((f) => f.impact === 'high') ? 'high' : basis.some((f) => f.impact === 'medium') || threat ? 'medium' : 'low';
    const subject = metric?.name ? lowerFirst(metric.name) : '';
    const title = subject
      ? BAD_WHEN_UP.test(subject)
        ? `Reduce ${subject}`
        : `Restore ${subject}`
      : action.title;
    const priority: Priority = impactWord === 'high' || (threat && impactWord === 'medium') ? 'high' : impactWord === 'medium' ? 'medium' : 'low';
    const effort = clamp(action.effort + (BIG_WORK.test(item.text) ? 1 : 0) - (metric ? 1 : 0), 1, 5);
    const kpi = metric
      ? `${metric.name}: from ${metric.value}${metric.unit === '%' ? '%' : metric.unit ? ` ${metric.unit}` : ''} to a target agreed with the owner${metric.period ? ` (baseline ${metric.period})` : ''}`
      : action.kpi;
    push({
      id: '',
      title,
      rationale: `${threat ? 'The threat' : 'The weakness'} “${flat(item.text).slice(0, 300)}” bears on ${dimension.toLowerCase()}${basis.length ? ` (${basis.length} finding${basis.length === 1 ? '' : 's'})` : ''}; acting on it protects the report's objectives.`,
      priority,
      impact: priority === 'high' ? 5 : priority === 'medium' ? 3 : 2,
      effort,
      finding_ids: basis.map((f) => f.id),
      swot_ids: [item.id],
      owner: ownerFor(dimension, input.stakeholders),
      kpi,
      deferred: false,
      citations: (basis[0]?.citations ?? item.citations).slice(0, 3).map(({ evidence_id, start, end }) => ({ evidence_id, start, end })),
      ai_drafted: true,
    });
  }
  // low-scoring dimensions whose findings no recommendation answers yet
  const answered = new Set(items.flatMap((r) => r.finding_ids));
  for (const d of input.dimensions) {
    if (d.out_of_scope || d.score >= 40) continue;
    const open = findings.filter((f) => f.dimension === d.dimension && !answered.has(f.id));
    if (!open.length) continue;
    const action = DIMENSION_ACTIONS[d.dimension];
    push({
      id: '',
      title: action.title,
      rationale: `${d.dimension} scores ${d.score}/100 on the evidence, and ${open.length} finding${open.length === 1 ? '' : 's'} point${open.length === 1 ? 's' : ''} to work to do there.`,
      priority: 'medium',
      impact: 3,
      effort: action.effort,
      finding_ids: open.map((f) => f.id),
      swot_ids: [],
      owner: ownerFor(d.dimension, input.stakeholders),
      kpi: action.kpi,
      deferred: false,
      citations: open[0]!.citations.slice(0, 2).map(({ evidence_id, start, end }) => ({ evidence_id, start, end })),
      ai_drafted: true,
    });
  }
  const order = { high: 0, medium: 1, low: 2 } as const;
  return { items: items.sort((a, b) => order[a.priority] - order[b.priority] || b.impact - a.impact || a.effort - b.effort).slice(0, 20) };
}

export type DraftedRoadmap = Drafted<import('@shared/schemas/report-document').RoadmapData>;

/** A roadmap carrying out every recommendation not deferred: quick, important work first. */
export function draftRoadmap(input: DraftInput): DraftedRoadmap {
  const phases = input.data.roadmap?.phases?.length ? input.data.roadmap.phases : DEFAULT_PHASES;
  const recs = (input.data.recommendations?.items ?? []).filter((r) => !r.deferred);
  const order = { high: 0, medium: 1, low: 2 } as const;
  const sorted = [...recs].sort((a, b) => order[a.priority] - order[b.priority] || a.effort - b.effort || b.impact - a.impact);
  const phaseFor = (priority: Priority, effort: number) => {
    const index = priority === 'high' ? (effort <= 3 ? 0 : 1) : priority === 'medium' ? (effort <= 2 ? 0 : 1) : 2;
    return phases[Math.min(index, phases.length - 1)]!;
  };
  const items: DraftedRoadmap['items'] = [];
  for (const rec of sorted) {
    const phase = phaseFor(rec.priority, rec.effort);
    const span = phase.end_month - phase.start_month;
    const length = clamp(Math.ceil((span * rec.effort) / 5), 1, span);
    if (rec.effort >= 4 && phases.indexOf(phase) < phases.length - 1) {
      const next = phases[phases.indexOf(phase) + 1]!;
      items.push({ id: itemId('a', rec.id, 'plan'), title: `Plan: ${rec.title}`.slice(0, 300), phase_id: phase.id, start_month: phase.start_month, end_month: phase.end_month, owner: rec.owner, recommendation_id: rec.id, ai_drafted: true });
      items.push({ id: itemId('a', rec.id, 'deliver'), title: `Deliver: ${rec.title}`.slice(0, 300), phase_id: next.id, start_month: next.start_month, end_month: next.end_month, owner: rec.owner, recommendation_id: rec.id, ai_drafted: true });
    } else {
      items.push({ id: itemId('a', rec.id), title: rec.title, phase_id: phase.id, start_month: phase.start_month, end_month: phase.start_month + length, owner: rec.owner, recommendation_id: rec.id, ai_drafted: true });
    }
  }
  return { phases: [...phases], items: items.slice(0, 200) };
}

export type DraftedSummary = Drafted<import('@shared/schemas/report-document').ExecutiveSummaryData>;

/**
 * The executive summary: 3–5 key messages from the top findings and recommendations, and about a page of
 * text that names every high-priority recommendation by its title and cites the findings it rests on.
 */
export function draftSummary(input: DraftInput): DraftedSummary {
  const findings = input.data.findings?.findings ?? [];
  const recs = input.data.recommendations?.items ?? [];
  const order = { high: 0, medium: 1, low: 2 } as const;
  const top = [...findings].sort((a, b) => order[a.impact] - order[b.impact] || DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension)).slice(0, 4);
  const refs = (citations: readonly { evidence_id: string; start: number; end: number }[]) => citations.slice(0, 2).map(({ evidence_id, start, end }) => ({ evidence_id, start, end }));
  const key_messages: DraftedSummary['key_messages'] = [];
  for (const f of top.slice(0, recs.length ? 3 : 4)) {
    key_messages.push({ id: itemId('k', f.id), text: asStatement(f.statement, 580), citations: refs(f.citations), ai_drafted: true });
  }
  const priorityRecs = [...recs].sort((a, b) => order[a.priority] - order[b.priority] || b.impact - a.impact);
  if (priorityRecs[0]) {
    const named = priorityRecs.filter((r) => r.priority === 'high').slice(0, 3);
    const list = (named.length ? named : priorityRecs.slice(0, 1)).map((r) => r.title.trim());
    key_messages.push({ id: itemId('k', 'recs', ...list), text: `Priority actions: ${list.join('; ')}.`.slice(0, 600), citations: [], ai_drafted: true });
  }
  while (key_messages.length < 3 && findings[key_messages.length]) {
    const f = findings[key_messages.length]!;
    key_messages.push({ id: itemId('k', f.id, 'more'), text: asStatement(f.statement, 580), citations: refs(f.citations), ai_drafted: true });
  }
  const cite = (f: (typeof findings)[number]) => refs(f.citations).map((r) => `[@${citationIdFor(r)}]`).join('');
  const name = input.organization.name.trim() || 'The organization';
  const purpose = input.objectives?.purpose.trim();
  const dims = [...new Set(findings.map((f) => f.dimension))];
  const scored = input.dimensions.filter((d) => !d.out_of_scope);
  const strongest = [...scored].sort((a, b) => b.score - a.score)[0];
  const paragraphs = [
    `This assessment of ${name}${purpose ? ` set out to ${lowerFirst(purpose.replace(/[.]+$/, ''))}` : ''}. It rests on ${input.evidence.length} analysed piece${input.evidence.length === 1 ? '' : 's'} of evidence and records ${findings.length} finding${findings.length === 1 ? '' : 's'} across ${dims.length} of the six business dimensions${strongest ? `; the evidence speaks most to ${strongest.dimension.toLowerCase()} (${strongest.score}/100)` : ''}.`,
    ...top.map((f) => `${f.dimension}: ${asStatement(f.statement, 500)} ${cite(f)}`.trim()),
    recs.length
      ? `We recommend ${recs.length} action${recs.length === 1 ? '' : 's'}. ${priorityRecs
          .filter((r) => r.priority === 'high')
          .map((r) => `${r.title.trim()} is a high priority${r.owner ? `, owned by ${r.owner}` : ''}.`)
          .join(' ')}${priorityRecs.some((r) => r.priority !== 'high') ? ` Further actions: ${priorityRecs.filter((r) => r.priority !== 'high').map((r) => r.title.trim()).join('; ')}.` : ''}`
      : '',
    input.data.roadmap?.items.length
      ? `The roadmap starts in ${(input.data.roadmap.phases[0] ?? DEFAULT_PHASES[0]!).name} with ${input.data.roadmap.items.filter((i) => i.phase_id === (input.data.roadmap!.phases[0] ?? DEFAULT_PHASES[0]!).id).map((i) => i.title).slice(0, 4).join('; ') || 'the first actions'}.`
      : '',
  ].filter(Boolean);
  const citations = top.flatMap((f) => refs(f.citations));
  return {
    key_messages: key_messages.slice(0, 5),
    summary: paragraphs.join('\n\n').slice(0, 20_000),
    citations,
    ai_drafted: true,
  };
}

export type DraftOutput = DraftedFindings | DraftedSwot | DraftedRecommendations | DraftedRoadmap | DraftedSummary;

export function draftLocally(input: DraftInput): DraftOutput {
  switch (input.step) {
    case 'findings':
      return draftFindings(input);
    case 'swot':
      return draftSwot(input);
    case 'recommendations':
      return draftRecommendations(input);
    case 'roadmap':
      return draftRoadmap(input);
    case 'executive-summary':
      return draftSummary(input);
  }
}

/** The local drafter's "prompt": a canonical form of its input, hashed for the provenance record. */
export function canonicalInput(input: DraftInput): string {
  return JSON.stringify({
    step: input.step,
    organization: input.organization,
    objectives: input.objectives ?? null,
    evidence: input.evidence.map((e) => ({ id: e.id, relevance: e.relevance, insights: e.insights.map((i) => [i.start, i.end, i.dimension, i.score]) })),
    data: input.data,
  });
}
