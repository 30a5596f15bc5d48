/**
 * Sector benchmarks: the dimension scores of a report against the firm's other Final reports of the
 * same sector (and geography where enough exist), as median and quartiles, never single clients. Pure: no I/O.
 *
 * The aggregate (`BENCH#sector#geo` / `AGG`) keeps, per dimension, a histogram of the counted Final reports'
 * scores: scores are whole numbers 0–100, so a histogram of 101 counters holds the exact distribution, each counter
 * a top-level attribute moved with ADD (concurrent Finals never lose an update). Beside it, each counted client has
 * its own item (`CLIENT#<id>`) with the same counters for its reports alone, and the aggregate counts the clients
 * that have any (`k`, and `k<d>` per dimension). So the figures shown to someone can leave out exactly the clients
 * they can read, and the threshold counts clients, not reports:
 *
 * - a benchmark is shown only when at least BENCH_MIN_CLIENTS distinct clients that the asker cannot read
 *   contribute (a dimension only when that many of them scored it);
 * - the asker's readable clients are taken out of every figure shown to them.
 *
 * Whatever the asker does with reports they can read or write (any number, any scores), the figures they see do not
 * move, so no other client's score can be read back by differencing.
 */
import { DIMENSIONS, type Dimension } from '../schemas/analysis';

/** Fewer clients than this (besides those the asker can read) and no benchmark is shown. */
export const BENCH_MIN_CLIENTS = 5;
const SCORE_MAX = 100;

/** What one Final report adds to an aggregate: its in-scope dimension scores (whole numbers 0–100). */
export type BenchScores = Partial<Record<Dimension, number>>;

/** A stored aggregate or client item: its counters by attribute name (absent: zero). */
export type BenchCounters = Record<string, unknown>;

/** The attribute of one histogram counter: dimension index and score (`h3_78`). */
const histogramAttribute = (dimension: Dimension, score: number) => `h${DIMENSIONS.indexOf(dimension)}_${score}`;
/** The attribute counting the reports that scored a dimension (`n3`); `n` counts the reports. */
const dimensionCountAttribute = (dimension: Dimension) => `n${DIMENSIONS.indexOf(dimension)}`;
const REPORT_COUNT_ATTRIBUTE = 'n';
/** On the aggregate: the clients with any counted report (`k`), and those with a report that scored a dimension (`k3`). */
const CLIENT_COUNT_ATTRIBUTE = 'k';
const dimensionClientsAttribute = (dimension: Dimension) => `k${DIMENSIONS.indexOf(dimension)}`;

const clampScore = (s: number) => Math.max(0, Math.min(SCORE_MAX, Math.round(s)));
const counter = (item: BenchCounters | undefined, attribute: string) => Number(item?.[attribute] ?? 0) || 0;

/** The counters one report moves, each by `sign` (+1 when it becomes Final, −1 when it leaves Final or is deleted). */
export function benchDelta(scores: BenchScores, sign: 1 | -1): Record<string, number> {
  const out: Record<string, number> = { [REPORT_COUNT_ATTRIBUTE]: sign };
  for (const dimension of DIMENSIONS) {
    const score = scores[dimension];
    if (score === undefined || !Number.isFinite(score)) continue;
    out[histogramAttribute(dimension, clampScore(score))] = sign;
    out[dimensionCountAttribute(dimension)] = sign;
  }
  return out;
}

/** Adds counter deltas together (a report taken out and another added by one write). */
export function addDeltas(...deltas: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of deltas) for (const [k, v] of Object.entries(d)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** The counters of a client's item that say whether it counts at all (`n`) and per dimension (`n<d>`), with the aggregate's client counter of each. */
const presence: readonly { own: string; clients: string }[] = [
  { own: REPORT_COUNT_ATTRIBUTE, clients: CLIENT_COUNT_ATTRIBUTE },
  ...DIMENSIONS.map((d) => ({ own: dimensionCountAttribute(d), clients: dimensionClientsAttribute(d) })),
];

/**
 * What a change of one client's counters (`delta`, on its item as `before` holds it) moves on the aggregate besides
 * the same counters: the client counters, when the client starts (0 → more) or stops (more → 0) counting, overall
 * or in a dimension. Also the attributes of the client's item whose values this rests on (a write holds only while
 * they are still so).
 */
export function clientTransition(before: BenchCounters | undefined, delta: Record<string, number>): { aggregate: Record<string, number>; resting: Record<string, number> } {
  const aggregate: Record<string, number> = {};
  const resting: Record<string, number> = {};
  for (const { own, clients } of presence) {
    const change = delta[own] ?? 0;
    if (!change) continue;
    const was = counter(before, own);
    resting[own] = was;
    const after = was + change;
    if (was <= 0 && after > 0) aggregate[clients] = 1;
    else if (was > 0 && after <= 0) aggregate[clients] = -1;
  }
  return { aggregate, resting };
}

/** A dimension's histogram (index = score) read from the aggregate item, less the counters of the `without` items. */
export function histogramOf(item: BenchCounters | undefined, dimension: Dimension, without: readonly BenchCounters[] = []): number[] {
  return Array.from({ length: SCORE_MAX + 1 }, (_, score) => {
    const attribute = histogramAttribute(dimension, score);
    return Math.max(0, counter(item, attribute) - without.reduce((sum, own) => sum + counter(own, attribute), 0));
  });
}

/** The value at sorted position `k` (0-based) of the distribution a histogram describes. */
function valueAt(hist: readonly number[], k: number): number {
  let seen = 0;
  for (let score = 0; score < hist.length; score++) {
    seen += hist[score]!;
    if (k < seen) return score;
  }
  return hist.length - 1;
}

/**
 * The p-quantile of a histogram's distribution, by linear interpolation between closest ranks (the "inclusive"
 * method: Excel's QUARTILE.INC, R's type 7, numpy's default), so it equals the quantile of the scores listed out.
 */
export function quantile(hist: readonly number[], p: number): number | null {
  const n = hist.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = valueAt(hist, lo);
  const b = lo + 1 < n ? valueAt(hist, lo + 1) : a;
  return Math.round((a + (h - lo) * (b - a)) * 10) / 10;
}

export interface DimensionBenchmark {
  dimension: Dimension;
  /** how many reports (of the clients counted) scored the dimension */
  count: number;
  q1: number;
  median: number;
  q3: number;
}

/** The clients an aggregate counts (overall, or in one dimension's `clients` counter), less those of `without` that count there. */
function otherClients(item: BenchCounters | undefined, without: readonly BenchCounters[], own: string, clients: string): number {
  return Math.max(0, counter(item, clients) - without.filter((c) => counter(c, own) > 0).length);
}

/**
 * The benchmark of one aggregate for someone who can read the clients whose items are `readable` (each a client's
 * own counters in this aggregate): their counters are taken out of every figure; null when fewer than
 * BENCH_MIN_CLIENTS other clients count. `clients` is how many other clients count; each dimension is shown only
 * when at least BENCH_MIN_CLIENTS of them scored it.
 */
export function benchmarkOf(item: BenchCounters | undefined, readable: readonly BenchCounters[] = []): { clients: number; dimensions: DimensionBenchmark[] } | null {
  const clients = otherClients(item, readable, REPORT_COUNT_ATTRIBUTE, CLIENT_COUNT_ATTRIBUTE);
  if (clients < BENCH_MIN_CLIENTS) return null;
  const dimensions = DIMENSIONS.flatMap((dimension): DimensionBenchmark[] => {
    if (otherClients(item, readable, dimensionCountAttribute(dimension), dimensionClientsAttribute(dimension)) < BENCH_MIN_CLIENTS) return [];
    const hist = histogramOf(item, dimension, readable);
    const count = hist.reduce((a, b) => a + b, 0);
    if (!count) return [];
    return [{ dimension, count, q1: quantile(hist, 0.25)!, median: quantile(hist, 0.5)!, q3: quantile(hist, 0.75)! }];
  });
  return { clients, dimensions };
}

/** How sectors and geographies are compared: trimmed, case and spacing folded ("Retail " = "retail"). */
export const benchName = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
