/** Re-assessment comparison and sector benchmarks: the pure rules. */
import { describe, expect, it } from 'vitest';
import { BENCH_MIN_REPORTS, benchDelta, benchmarkOf, histogramOf, quantile } from '@shared/domain/benchmark';
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

describe('the threshold of 5 reports', () => {
  const five = [60, 70, 80, 90, 50].map((s) => ({ 'Financial Performance': s, 'Market & Customers': s - 10 }));

  it(`shows nothing below ${BENCH_MIN_REPORTS} reports`, () => {
    expect(benchmarkOf(aggregate(five.slice(0, 4)))).toBeNull();
  });

  it('shows median and quartiles from 5 reports', () => {
    // Act
    const bench = benchmarkOf(aggregate(five));
    // Assess
    expect(bench?.count).toBe(5);
    expect(bench?.dimensions).toEqual([
      { dimension: 'Financial Performance', count: 5, q1: 60, median: 70, q3: 80 },
      { dimension: 'Market & Customers', count: 5, q1: 50, median: 60, q3: 70 },
    ]);
  });

  it('does not count the report itself: 5 Finals including it are 4 peers', () => {
    expect(benchmarkOf(aggregate(five), five[0])).toBeNull();
    const six = [...five, { 'Financial Performance': 100 }];
    const bench = benchmarkOf(aggregate(six), six[5]);
    expect(bench?.count).toBe(5);
    expect(bench?.dimensions.find((d) => d.dimension === 'Financial Performance')?.median).toBe(70);
  });

  it('leaves out a dimension fewer than 5 peers scored', () => {
    const mixed = [...five.slice(0, 4).map((r) => ({ 'Financial Performance': r['Financial Performance'] })), five[4]!];
    const bench = benchmarkOf(aggregate(mixed));
    expect(bench?.dimensions.map((d) => d.dimension)).toEqual(['Financial Performance']);
  });

  it('reads a missing counter as zero', () => {
    expect(histogramOf(undefined, 'Financial Performance').every((v) => v === 0)).toBe(true);
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
