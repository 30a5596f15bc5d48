/**
 * The SPA's texts for the controls of the library, re-assessment and benchmark routes: the export's optional sections, a lead's
 * benchmark consent on the client's team panel, and the client picker of the library page. Their own module (as
 * ./reassess.ts is), so the functions' bundles that import ../messages.ts do not carry them.
 */
export const libraryUi = {
  /** the Export page's optional sections (the labels themselves are reassess.exports.include*) */
  exportExtras: {
    legend: 'Extra sections',
    help: 'Added after the report’s sections, each with its chart.',
    comparisonHint: 'Scores, findings, recommendations and metrics against the baseline.',
    benchmarkHint: (count: number) => `Median and quartiles of the Final reports of ${count} other clients in the sector; never single clients.`,
  },
  /** the benchmark consent switch on a client's team panel (label and hint: reassess.benchmark.consent*) */
  consent: {
    readOnly: (allowed: boolean) => (allowed ? 'The lead allows it.' : 'The lead does not allow it.'),
    openClient: 'An open client’s reports never count: all staff can read them. This setting applies while the client is confidential.',
    saved: (allowed: boolean) => (allowed ? 'This client’s Final reports now count in sector benchmarks' : 'This client’s Final reports no longer count in sector benchmarks'),
    failed: 'The benchmark setting could not be saved.',
  },
  /** the library page's client picker */
  clientPicker: {
    placeholder: 'Choose a client…',
    loading: 'Loading clients…',
    loadFailed: 'The clients could not be loaded.',
    more: 'Load more clients',
    none: 'No clients yet. Create one in Project Setup.',
  },
} as const;
