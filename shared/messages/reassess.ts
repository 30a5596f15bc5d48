/**
 * The texts of re-assessment, its comparison with the baseline, and sector benchmarks. Their own module
 * (as ./collaboration.ts is), so the functions' bundles that import ../messages.ts do not carry them.
 */
import { BENCH_MIN_CLIENTS } from '../domain/benchmark';

export const reassess = {
  /** API details */
  details: {
    noBaseline: 'This report is not a re-assessment: it has no baseline to compare with.',
    baselineGone: 'The baseline of this re-assessment has been deleted.',
    reassessTitle: (title: string) => `${title} (re-assessment)`,
    auditStarted: (baselineTitle: string) => `re-assessment of "${baselineTitle}" started`,
    auditFollowedBy: (title: string) => `re-assessed as "${title}"`,
    consentSet: (allowed: boolean) => (allowed ? 'benchmarks: may count this client' : 'benchmarks: may not count this client'),
  },
  /** the report's action and what follows it */
  start: 'Start re-assessment',
  starting: 'Starting re-assessment…',
  startFailed: 'The re-assessment could not be started.',
  started: 'Re-assessment started: objectives and scope taken over, findings start afresh.',
  baselineLink: (title: string) => `Re-assessment of ${title}`,
  openComparison: 'Compare with baseline',
  /** the comparison view */
  comparison: {
    title: 'Comparison with baseline',
    loading: 'Loading the comparison…',
    loadFailed: 'The comparison could not be loaded.',
    retry: 'Try again',
    backToReport: 'Back to the report',
    baseline: 'Baseline',
    current: 'Re-assessment',
    scores: 'Dimension scores',
    dimension: 'Dimension',
    change: 'Change',
    noScores: 'Neither report has dimension scores yet.',
    findings: 'Findings',
    resolved: 'Resolved',
    persisting: 'Persisting',
    new: 'New',
    noneIn: (what: string) => `No ${what.toLowerCase()} findings.`,
    recommendations: 'Recommendations of the baseline',
    done: 'Done',
    open: 'Open',
    noRecommendations: 'The baseline has no recommendations.',
    metrics: 'Metrics',
    metric: 'Metric',
    noMetrics: 'No metric was measured in both reports.',
    notScored: 'not scored',
  },
  /** the benchmark in step 5 */
  benchmark: {
    title: 'Sector benchmark',
    loading: 'Loading the benchmark…',
    loadFailed: 'The benchmark could not be loaded.',
    hidden: `A benchmark needs the Final reports of at least ${BENCH_MIN_CLIENTS} clients in this sector whose reports you cannot read yourself (confidential clients whose lead lets them count). Nothing is shown until then.`,
    noSector: 'Set the client’s sector in Project Setup to see a benchmark.',
    scope: (sector: string, geography: string | null, count: number) =>
      `Final reports of ${count} other clients in ${sector}${geography ? `, ${geography}` : ''}: median and quartiles, never single clients, and none you can read yourself.`,
    dimension: 'Dimension',
    score: 'This report',
    q1: 'Lower quartile',
    median: 'Median',
    q3: 'Upper quartile',
    notScored: '—',
    consentLabel: 'Count this confidential client’s Final reports in the firm’s sector benchmarks (as medians and quartiles only)',
    consentHint: 'Leads only. Off by default.',
  },
  /** the export's optional sections */
  exports: {
    comparisonHeading: 'Comparison with baseline',
    comparisonChart: 'Dimension scores: baseline and re-assessment',
    benchmarkHeading: 'Sector benchmark',
    benchmarkChart: 'Dimension scores against the sector (median and quartiles)',
    includeComparison: 'Include the comparison with the baseline',
    includeBenchmark: 'Include the sector benchmark',
  },
} as const;
