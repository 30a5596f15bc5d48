/**
 * Re-assessment comparison: a report against its baseline. Pure: no I/O.
 * - dimension scores side by side with their change;
 * - findings resolved (in the baseline, no longer found), persisting (found in both) and new, matched by the
 *   likeness of their statements (Dice coefficient over content words, a higher bar across dimensions);
 * - the baseline's recommendations done (none of the findings they answer persists, and the re-assessment does not
 *   recommend them again) or open;
 * - the movement of metrics both reports measured (matched by name), e.g. on-time delivery 78% → 86%.
 */
import type { Dimension } from '../../schemas/analysis';
import { DIMENSIONS } from '../../schemas/analysis';
import type { FindingsData, Finding, Metric, Recommendation, RecommendationsData } from '../../schemas/report-document';

export interface ComparedSide {
  findings?: Partial<FindingsData> | undefined;
  recommendations?: Partial<RecommendationsData> | undefined;
}

export interface DimensionChange {
  dimension: Dimension;
  before: number | null;
  after: number | null;
  /** after − before, when both were scored */
  change: number | null;
}

export interface FindingMatch {
  before: Pick<Finding, 'id' | 'statement' | 'dimension' | 'impact'>;
  after: Pick<Finding, 'id' | 'statement' | 'dimension' | 'impact'>;
  similarity: number;
}

export interface RecommendationOutcome {
  id: string;
  title: string;
  status: 'done' | 'open';
}

export interface MetricMovement {
  name: string;
  unit: string;
  before: number;
  after: number;
  change: number;
  period_before: string;
  period_after: string;
}

export interface Comparison {
  dimensions: DimensionChange[];
  findings: {
    resolved: Pick<Finding, 'id' | 'statement' | 'dimension' | 'impact'>[];
    persisting: FindingMatch[];
    new: Pick<Finding, 'id' | 'statement' | 'dimension' | 'impact'>[];
  };
  recommendations: RecommendationOutcome[];
  metrics: MetricMovement[];
}

const STOPWORDS = new Set(
  'a an and are as at be been but by for from has have in is it its of on or our over than that the their there these this to was were which while with within without not no into per across more less very also only'.split(' '),
);

/** Content words, lower-cased, crudely stemmed (plural and -ing/-ed endings), so "delays" meets "delayed". */
function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().normalize('NFKD').match(/[a-z0-9]+/g) ?? [];
  return new Set(
    words
      .filter((w) => !STOPWORDS.has(w) && (w.length > 2 || /\d/.test(w)))
      .map((w) => w.replace(/(ing|ed|es|s)$/, '').replace(/(.)\1$/, '$1') || w),
  );
}

/** Dice coefficient of two texts' content words, 0–1. */
export function similarity(a: string, b: string): number {
  const x = contentWords(a);
  const y = contentWords(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return (2 * shared) / (x.size + y.size);
}

/** How alike two findings must be to be the same finding: in the same dimension, or (a higher bar) across. */
const SAME_DIMENSION_MATCH = 0.35;
const OTHER_DIMENSION_MATCH = 0.6;

const brief = (f: Finding) => ({ id: f.id, statement: f.statement, dimension: f.dimension, impact: f.impact });

/** Pairs findings one-to-one, most alike first (greedy), above the bars. */
export function matchFindings(before: readonly Finding[], after: readonly Finding[]): Comparison['findings'] {
  const pairs: { i: number; j: number; s: number }[] = [];
  before.forEach((b, i) =>
    after.forEach((a, j) => {
      const s = similarity(b.statement, a.statement);
      if (s >= (a.dimension === b.dimension ? SAME_DIMENSION_MATCH : OTHER_DIMENSION_MATCH)) pairs.push({ i, j, s });
    }),
  );
  pairs.sort((p, q) => q.s - p.s || p.i - q.i || p.j - q.j);
  const usedB = new Set<number>();
  const usedA = new Set<number>();
  const persisting: FindingMatch[] = [];
  for (const p of pairs) {
    if (usedB.has(p.i) || usedA.has(p.j)) continue;
    usedB.add(p.i);
    usedA.add(p.j);
    persisting.push({ before: brief(before[p.i]!), after: brief(after[p.j]!), similarity: Math.round(p.s * 100) / 100 });
  }
  persisting.sort((p, q) => before.findIndex((f) => f.id === p.before.id) - before.findIndex((f) => f.id === q.before.id));
  return {
    resolved: before.filter((_, i) => !usedB.has(i)).map(brief),
    persisting,
    new: after.filter((_, j) => !usedA.has(j)).map(brief),
  };
}

/** A recommendation is done when none of the findings it answers persists and it is not recommended again. */
function recommendationOutcomes(before: readonly Recommendation[], after: readonly Recommendation[], persistingIds: ReadonlySet<string>): RecommendationOutcome[] {
  return before.map((r) => {
    const stillFound = r.finding_ids.some((id) => persistingIds.has(id));
    const again = after.some((a) => similarity(a.title, r.title) >= SAME_DIMENSION_MATCH + 0.15);
    return { id: r.id, title: r.title, status: stillFound || again ? 'open' : 'done' };
  });
}

const metricKey = (m: Metric) => `${contentKey(m.name)}\u0000${m.unit.trim().toLowerCase()}`;
const contentKey = (name: string) => [...contentWords(name)].sort().join(' ');

/** The last-listed value of each metric (by name and unit) among a report's findings. */
function metricsOf(findings: readonly Finding[]): Map<string, Metric> {
  const out = new Map<string, Metric>();
  for (const f of findings) if (f.metric) out.set(metricKey(f.metric), f.metric);
  return out;
}

function metricMovements(before: readonly Finding[], after: readonly Finding[]): MetricMovement[] {
  const a = metricsOf(after);
  const out: MetricMovement[] = [];
  for (const [key, m] of metricsOf(before)) {
    const now = a.get(key);
    if (!now) continue;
    out.push({ name: now.name, unit: now.unit, before: m.value, after: now.value, change: Math.round((now.value - m.value) * 1e6) / 1e6, period_before: m.period, period_after: now.period });
  }
  return out;
}

function scoresOf(data: Partial<FindingsData> | undefined): Map<Dimension, number> {
  return new Map((data?.dimensions ?? []).filter((d) => !d.out_of_scope).map((d) => [d.dimension, d.score]));
}

export function compareReports(baseline: ComparedSide, current: ComparedSide): Comparison {
  const before = scoresOf(baseline.findings);
  const after = scoresOf(current.findings);
  const dimensions = DIMENSIONS.filter((d) => before.has(d) || after.has(d)).map((dimension) => {
    const b = before.get(dimension) ?? null;
    const a = after.get(dimension) ?? null;
    return { dimension, before: b, after: a, change: a !== null && b !== null ? a - b : null };
  });
  const findingsBefore = baseline.findings?.findings ?? [];
  const findingsAfter = current.findings?.findings ?? [];
  const findings = matchFindings(findingsBefore, findingsAfter);
  const persistingIds = new Set(findings.persisting.map((p) => p.before.id));
  return {
    dimensions,
    findings,
    recommendations: recommendationOutcomes(baseline.recommendations?.items ?? [], current.recommendations?.items ?? [], persistingIds),
    metrics: metricMovements(findingsBefore, findingsAfter),
  };
}

/** "78% → 86%", "£1.2m → £1.5m" style: a value with its unit ("%" sticks to the number). */
export function formatMetricValue(value: number, unit: string): string {
  const v = Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (!unit) return v;
  return unit === '%' ? `${v}%` : `${v} ${unit}`;
}

/** "+8", "−3", "±0" */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return '±0';
  const v = Number.isInteger(change) ? String(Math.abs(change)) : String(Math.round(Math.abs(change) * 100) / 100);
  return change > 0 ? `+${v}` : `−${v}`;
}
