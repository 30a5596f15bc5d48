/**
 * Sector benchmarks: the dimension scores of a report against the firm's other Final reports of the
 * same sector (and geography where enough exist), as median and quartiles, never single clients. Pure: no I/O.
 *
 * The aggregate (`BENCH#sector#geo`) keeps, per dimension, a histogram of the Final reports' scores: scores are
 * whole numbers 0–100, so a histogram of 101 counters holds the exact distribution, each counter a top-level
 * attribute moved with ADD (concurrent Finals never lose an update, and no read is needed before the write).
 */
import { DIMENSIONS, type Dimension } from '../schemas/analysis';

/** Fewer Final reports than this and no benchmark is shown (so no client's scores can be made out). */
export const BENCH_MIN_REPORTS = 5;
const SCORE_MAX = 100;

/** What one Final report adds to an aggregate: its in-scope dimension scores (whole numbers 0–100). */
export type BenchScores = Partial<Record<Dimension, number>>;

/** The attribute of one histogram counter: dimension index and score (`h3_78`). */
const histogramAttribute = (dimension: Dimension, score: number) => `h${DIMENSIONS.indexOf(dimension)}_${score}`;
/** The attribute counting the reports that scored a dimension (`n3`); `n` counts the reports. */
const dimensionCountAttribute = (dimension: Dimension) => `n${DIMENSIONS.indexOf(dimension)}`;
const REPORT_COUNT_ATTRIBUTE = 'n';

const clampScore = (s: number) => Math.max(0, Math.min(SCORE_MAX, Math.round(s)));

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

/** A dimension's histogram (index = score) read from the aggregate item, less the counters of `exclude`. */
export function histogramOf(item: Record<string, unknown> | undefined, dimension: Dimension, exclude?: BenchScores): number[] {
  const hist = Array.from({ length: SCORE_MAX + 1 }, (_, score) => Math.max(0, Number(item?.[histogramAttribute(dimension, score)] ?? 0) || 0));
  const own = exclude?.[dimension];
  if (own !== undefined) {
    const at = clampScore(own);
    hist[at] = Math.max(0, hist[at]! - 1);
  }
  return hist;
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
  /** how many reports scored the dimension */
  count: number;
  q1: number;
  median: number;
  q3: number;
}

function summarize(hist: readonly number[], dimension: Dimension): DimensionBenchmark | null {
  const count = hist.reduce((a, b) => a + b, 0);
  if (count < BENCH_MIN_REPORTS) return null;
  return { dimension, count, q1: quantile(hist, 0.25)!, median: quantile(hist, 0.5)!, q3: quantile(hist, 0.75)! };
}

/** Reports an aggregate counts, less the report itself when it is one of them. */
function peerCount(item: Record<string, unknown> | undefined, exclude?: BenchScores): number {
  return Math.max(0, (Number(item?.[REPORT_COUNT_ATTRIBUTE] ?? 0) || 0) - (exclude ? 1 : 0));
}

/**
 * The benchmark of one aggregate: each dimension with at least BENCH_MIN_REPORTS scores (a dimension fewer peers
 * scored is left out), or null when the aggregate counts fewer than BENCH_MIN_REPORTS reports besides `exclude`.
 */
export function benchmarkOf(item: Record<string, unknown> | undefined, exclude?: BenchScores): { count: number; dimensions: DimensionBenchmark[] } | null {
  const count = peerCount(item, exclude);
  if (count < BENCH_MIN_REPORTS) return null;
  const dimensions = DIMENSIONS.flatMap((d) => summarize(histogramOf(item, d, exclude), d) ?? []);
  return { count, dimensions };
}

/** How sectors and geographies are compared: trimmed, case and spacing folded ("Retail " = "retail"). */
export const benchName = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
