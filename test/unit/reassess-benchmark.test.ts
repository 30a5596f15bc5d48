/** Re-assessment comparison and sector benchmarks: the pure rules. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BENCH_MIN_CLIENTS, addDeltas, benchDelta, benchmarkOf, clientTransition, histogramOf, quantile, type BenchCounters, type BenchScores } from '@shared/domain/benchmark';
import { compareReports, formatChange, formatMetricValue, matchFindings, similarity } from '@shared/domain/report/comparison';
import type { Finding, Recommendation } from '@shared/schemas/report-document';

const finding = (id: string, statement: string, dimension: Finding['dimension'] = 'Operational Efficiency', metric: Finding['metric'] = null): Finding => ({
  id,
  statement,
  dimension,
  impact: 'high',
  metric,
  citations: [],
  ai_drafted: false,
});
const recommendation = (id: string, title: string, findingIds: string[]): Recommendation => ({
  id,
  title,
  rationale: '',
  priority: 'high',
  impact: 3,
  effort: 3,
  finding_ids: findingIds,
  swot_ids: [],
  owner: '',
  kpi: '',
  deferred: false,
  citations: [],
  ai_drafted: false,
});

/** the aggregate item the counters of these reports add up to */
function aggregate(reports: Partial<Record<Finding['dimension'], number>>[]): Record<string, number> {
  const item: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(benchDelta(r, 1))) item[k] = (item[k] ?? 0) + v;
  return item;
}

/** numpy's default (linear) quantile of a list, the reference */
function listQuantile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return s[lo]! + (h - lo) * ((s[lo + 1] ?? s[lo]!) - s[lo]!);
}

describe('quartiles from histograms', () => {
  it('equal the quartiles of the scores listed out', () => {
    // Prepare: 200 pseudo-random score lists of 1 to 40 scores
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 101;
    for (let run = 0; run < 200; run++) {
      const scores = Array.from({ length: 1 + (run % 40) }, next);
      const hist = Array.from({ length: 101 }, () => 0);
      for (const s of scores) hist[s]!++;
      for (const p of [0.25, 0.5, 0.75]) {
        // Act + Assess
        expect(quantile(hist, p)).toBeCloseTo(Math.round(listQuantile(scores, p) * 10) / 10, 5);
      }
    }
  });

  it('is null for an empty histogram', () => {
    expect(quantile(Array.from({ length: 101 }, () => 0), 0.5)).toBeNull();
  });

  it('takes a report leaving Final back out exactly (the counters go to zero)', () => {
    // Prepare
    const one = { 'Financial Performance': 70, 'Risks & Compliance': 40 };
    const item = aggregate([one]);
    // Act
    for (const [k, v] of Object.entries(benchDelta(one, -1))) item[k] = (item[k] ?? 0) + v;
    // Assess
    expect(Object.values(item).every((v) => v === 0)).toBe(true);
  });
});

/**
 * The store as the repository keeps it (functions/data/benchmarks-repo.ts): every report of every client added in
 * turn, the client's own item and the aggregate moved by the same deltas, the aggregate's client counters by the
 * client's transitions. `clients` maps a client to its reports' scores.
 */
function store(clients: ReadonlyMap<string, readonly BenchScores[]>): { aggregate: BenchCounters; items: Map<string, BenchCounters> } {
  let aggregate: Record<string, number> = {};
  const items = new Map<string, Record<string, number>>();
  for (const [client, reports] of clients) {
    for (const scores of reports) {
      const delta = benchDelta(scores, 1);
      const before = items.get(client);
      aggregate = addDeltas(aggregate, delta, clientTransition(before, delta).aggregate);
      items.set(client, addDeltas(before ?? {}, delta));
    }
  }
  return { aggregate, items };
}

/** The benchmark someone who can read `readable` is shown. */
const shownTo = (s: ReturnType<typeof store>, readable: readonly string[]) => benchmarkOf(s.aggregate, readable.flatMap((c): BenchCounters[] => { const item = s.items.get(c); return item ? [item] : []; }));

const FP = 'Financial Performance' as const;
const MC = 'Market & Customers' as const;

describe(`the threshold of ${BENCH_MIN_CLIENTS} clients`, () => {
  const five = new Map<string, BenchScores[]>([60, 70, 80, 90, 50].map((s, i) => [`client-${i}`, [{ [FP]: s, [MC]: s - 10 }]]));

  it(`shows nothing below ${BENCH_MIN_CLIENTS} clients, however many reports they have`, () => {
    // Prepare: four clients, twenty reports each
    const four = new Map<string, BenchScores[]>([...five.entries()].slice(0, 4).map(([c, r]) => [c, Array.from({ length: 20 }, () => r[0]!)]));
    // Act + Assess
    expect(shownTo(store(four), [])).toBeNull();
  });

  it(`shows median and quartiles from ${BENCH_MIN_CLIENTS} clients`, () => {
    // Act
    const bench = shownTo(store(five), []);
    // Assess
    expect(bench?.clients).toBe(5);
    expect(bench?.dimensions).toEqual([
      { dimension: FP, count: 5, q1: 60, median: 70, q3: 80 },
      { dimension: MC, count: 5, q1: 50, median: 60, q3: 70 },
    ]);
  });

  it('leaves out every client the reader can read: 5 clients, one of them readable, are 4', () => {
    const s = store(five);
    expect(shownTo(s, ['client-0'])).toBeNull();
    const six = store(new Map<string, BenchScores[]>([...five, ['client-5', [{ [FP]: 100 }]]]));
    const bench = shownTo(six, ['client-5']);
    expect(bench?.clients).toBe(5);
    expect(bench?.dimensions.find((d) => d.dimension === FP)?.median).toBe(70);
  });

  it(`leaves out a dimension fewer than ${BENCH_MIN_CLIENTS} clients scored, however many reports scored it`, () => {
    // Prepare: five clients; only one of them scored Market & Customers, in ten reports
    const mixed = new Map<string, BenchScores[]>([...five.entries()].map(([c, r], i) => [c, i === 0 ? Array.from({ length: 10 }, () => r[0]!) : [{ [FP]: r[0]![FP] }]]));
    // Act
    const bench = shownTo(store(mixed), []);
    // Assess
    expect(bench?.dimensions.map((d) => d.dimension)).toEqual([FP]);
  });

  it('takes a client back out exactly when its last report leaves Final (its counters and the client counters go to zero)', () => {
    // Prepare: one client's two reports in, then out again
    const reports = [{ [FP]: 70, 'Risks & Compliance': 40 }, { [FP]: 20 }];
    const { aggregate, items } = store(new Map([['only', reports]]));
    let agg = aggregate as Record<string, number>;
    let own = items.get('only') as Record<string, number>;
    // Act
    for (const scores of reports) {
      const delta = benchDelta(scores, -1);
      agg = addDeltas(agg, delta, clientTransition(own, delta).aggregate);
      own = addDeltas(own, delta);
    }
    // Assess
    expect(Object.values(agg).every((v) => v === 0)).toBe(true);
    expect(Object.values(own).every((v) => v === 0)).toBe(true);
  });

  it('reads a missing counter as zero', () => {
    expect(histogramOf(undefined, FP).every((v) => v === 0)).toBe(true);
  });
});

describe('differencing', () => {
  const score = fc.integer({ min: 0, max: 100 });
  const scores = fc.record({ [FP]: score, [MC]: score }, { requiredKeys: [FP] }) as fc.Arbitrary<BenchScores>;
  /** the reports a reader writes themself, on clients they can read: any number (the finding's 0, 0, 100, 100 among them) */
  const own = fc.array(fc.tuple(fc.constantFrom('own-a', 'own-b', 'open-c'), scores), { maxLength: 40 });

  it('what a reader writes on clients they can read never moves the figures they see', () => {
    fc.assert(
      fc.property(fc.array(fc.array(scores, { minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 9 }), own, (others, mine) => {
        // Prepare: the other clients' reports, with and without the reader's own
        const theirs = new Map(others.map((r, i) => [`other-${i}`, r] as const));
        const withMine = new Map<string, BenchScores[]>(theirs);
        for (const [client, s] of mine) withMine.set(client, [...(withMine.get(client) ?? []), s]);
        const readable = ['own-a', 'own-b', 'open-c'];
        // Act
        const seen = shownTo(store(withMine), readable);
        const without = shownTo(store(theirs), []);
        // Assess: the same figures, shown only from 5 other clients on
        expect(seen).toEqual(without);
        expect(seen === null).toBe(others.length < BENCH_MIN_CLIENTS);
      }),
      { numRuns: 300 },
    );
  });

  it("one other client's scores can never be read back: below 5 other clients nothing at all is shown", () => {
    fc.assert(
      fc.property(fc.array(scores, { minLength: 1, maxLength: 5 }), own, (victim, mine) => {
        // Prepare: the finding's attack: a confidential client's reports among the reader's own, any number and scores
        const clients = new Map<string, BenchScores[]>([['victim', victim]]);
        for (const [client, s] of mine) clients.set(client, [...(clients.get(client) ?? []), s]);
        // Act + Assess
        expect(shownTo(store(clients), ['own-a', 'own-b', 'open-c'])).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('the figures shown are the quartiles of the other clients’ scores listed out', () => {
    fc.assert(
      fc.property(fc.array(fc.array(scores, { minLength: 1, maxLength: 3 }), { minLength: BENCH_MIN_CLIENTS, maxLength: 9 }), own, (others, mine) => {
        const clients = new Map<string, BenchScores[]>(others.map((r, i) => [`other-${i}`, r]));
        for (const [client, s] of mine) clients.set(client, [...(clients.get(client) ?? []), s]);
        const bench = shownTo(store(clients), ['own-a', 'own-b', 'open-c']);
        const listed = others.flat().map((r) => r[FP]!);
        expect(bench?.clients).toBe(others.length);
        const fp = bench?.dimensions.find((d) => d.dimension === FP);
        expect(fp?.count).toBe(listed.length);
        for (const [p, got] of [[0.25, fp?.q1], [0.5, fp?.median], [0.75, fp?.q3]] as const) expect(got).toBeCloseTo(Math.round(listQuantile(listed, p) * 10) / 10, 5);
        // a dimension is shown only when 5 other clients scored it
        const scoredMc = others.filter((r) => r.some((x) => x[MC] !== undefined)).length;
        expect(bench?.dimensions.some((d) => d.dimension === MC)).toBe(scoredMc >= BENCH_MIN_CLIENTS);
      }),
      { numRuns: 300 },
    );
  });
});

describe('comparison with the baseline', () => {
  const baseline = {
    findings: {
      dimensions: [
        { dimension: 'Financial Performance' as const, score: 62, computed_score: null, basis: [], out_of_scope: false, note: '' },
        { dimension: 'Operational Efficiency' as const, score: 55, computed_score: null, basis: [], out_of_scope: false, note: '' },
      ],
      findings: [
        finding('b1', 'On-time delivery is low at 78% because of warehouse picking delays', 'Operational Efficiency', { name: 'On-time delivery', value: 78, unit: '%', period: 'FY2025' }),
        finding('b2', 'Customer churn rose to 14% after the price change', 'Market & Customers'),
        finding('b3', 'Gross margin fell two points on freight costs', 'Financial Performance'),
      ],
    },
    recommendations: {
      items: [recommendation('r1', 'Automate warehouse picking', ['b1']), recommendation('r2', 'Renegotiate freight contracts', ['b3'])],
    },
  };
  const current = {
    findings: {
      dimensions: [
        { dimension: 'Financial Performance' as const, score: 70, computed_score: null, basis: [], out_of_scope: false, note: '' },
        { dimension: 'Operational Efficiency' as const, score: 51, computed_score: null, basis: [], out_of_scope: false, note: '' },
        { dimension: 'People & Culture' as const, score: 48, computed_score: null, basis: [], out_of_scope: false, note: '' },
      ],
      findings: [
        finding('a1', 'Warehouse picking delays still hold on-time delivery back, now at 86%', 'Operational Efficiency', { name: 'On-time delivery', value: 86, unit: '%', period: 'FY2026' }),
        finding('a2', 'Staff turnover in the stores doubled', 'People & Culture'),
      ],
    },
    recommendations: { items: [recommendation('n1', 'Automate the warehouse picking', ['a1'])] },
  };

  it('lines up dimension scores with their change', () => {
    // Act
    const out = compareReports(baseline, current);
    // Assess
    expect(out.dimensions).toEqual([
      { dimension: 'Financial Performance', before: 62, after: 70, change: 8 },
      { dimension: 'Operational Efficiency', before: 55, after: 51, change: -4 },
      { dimension: 'People & Culture', before: null, after: 48, change: null },
    ]);
  });

  it('sorts findings into resolved, persisting and new', () => {
    const out = compareReports(baseline, current);
    expect(out.findings.persisting.map((p) => [p.before.id, p.after.id])).toEqual([['b1', 'a1']]);
    expect(out.findings.resolved.map((f) => f.id)).toEqual(['b2', 'b3']);
    expect(out.findings.new.map((f) => f.id)).toEqual(['a2']);
  });

  it('marks recommendations done or open', () => {
    const out = compareReports(baseline, current);
    expect(out.recommendations).toEqual([
      { id: 'r1', title: 'Automate warehouse picking', status: 'open' },
      { id: 'r2', title: 'Renegotiate freight contracts', status: 'done' },
    ]);
  });

  it('shows the movement of metrics both reports measured', () => {
    const out = compareReports(baseline, current);
    expect(out.metrics).toEqual([{ name: 'On-time delivery', unit: '%', before: 78, after: 86, change: 8, period_before: 'FY2025', period_after: 'FY2026' }]);
    expect(`${formatMetricValue(78, '%')} → ${formatMetricValue(86, '%')}`).toBe('78% → 86%');
    expect([formatChange(8), formatChange(-4), formatChange(0), formatChange(null)]).toEqual(['+8', '−4', '±0', '—']);
  });

  it('does not match unrelated findings, nor one finding twice', () => {
    const before = [finding('x', 'Warehouse picking delays')];
    const after = [finding('y', 'Warehouse picking delays persist'), finding('z', 'Warehouse picking delays remain')];
    const out = matchFindings(before, after);
    expect(out.persisting).toHaveLength(1);
    expect(out.new).toHaveLength(1);
    expect(similarity('Customer churn rose', 'Freight costs fell')).toBe(0);
  });

  it('compares empty reports without failing', () => {
    expect(compareReports({}, {})).toEqual({ dimensions: [], findings: { resolved: [], persisting: [], new: [] }, recommendations: [], metrics: [] });
  });
});
