/** Visuals: what each binding yields from a fixed report, the model's refusals, odd data, the PowerPoint mapping, the SVG. */
import { describe, expect, it } from 'vitest';
import { bindChartData, bindingProblem, CHART_LIMITS, metricNames, parseCellNumber } from '@shared/domain/report/chart-data';
import { chartOption, chartPalette, reportBrand, shorten } from '@shared/domain/report/chart-option';
import { parsePastedTable } from '@shared/domain/report/table-paste';
import { appendVisual, visualEmbed, visualIdsIn } from '@shared/domain/report/visual-embeds';
import { messages } from '@shared/messages';
import { formatZodError } from '@shared/schemas/common';
import { CreateVisualBody, TABLE_LIMITS, UpdateVisualBody, type Binding, type Visual } from '@shared/schemas/visuals';
import { parseWizardData } from '@shared/schemas/wizard';
import { renderVisualPng, renderVisualSvg } from '../../functions/domain/visuals/render-svg';
import { toPptxChart } from '../../functions/domain/visuals/to-pptx-chart';
import { FIXED_WIZARD_DATA, fixedSource, visualOf } from '../helpers/visual-fixtures';
import { parseXml as parseXmlWithErrors } from '../helpers/xml';

const c = messages.visuals.chart;
const detail = (r: { success: boolean; error?: unknown }) => (r.success ? null : formatZodError(r.error as never));
const bind = (type: Visual['type'], binding: Binding, options: Partial<Visual['options']> = {}) => bindChartData(visualOf({ type, binding, options: options as Visual['options'] }), fixedSource());

function parseXml(svg: string) {
  const { doc, errors } = parseXmlWithErrors(svg);
  expect(errors).toEqual([]);
  return doc;
}

describe('bindings yield the report’s data', () => {
  it('dimension scores: the scored dimensions in the spec’s order, out of scope left out unless asked', () => {
    // Prepare / Act
    const data = bind('bar', { source: 'dimension-scores', include_out_of_scope: false });
    const all = bind('bar', { source: 'dimension-scores', include_out_of_scope: true });
    // Assess
    expect(data.categories).toEqual(['Financial Performance', 'Operational Efficiency', 'Market & Customers']);
    expect(data.series).toEqual([{ name: c.score, values: [72, 55, 48] }]);
    expect(data.rows).toEqual([['Financial Performance', '72'], ['Operational Efficiency', '55'], ['Market & Customers', '48']]);
    expect(data.message).toBeNull();
    expect(all.categories).toContain('People & Culture');
  });

  it('metrics: every metric, or one metric over its periods as a line', () => {
    const every = bind('bar', { source: 'metrics', metric: '', finding_ids: [] });
    expect(every.categories).toEqual(['Churn (2024)', 'Churn (2025)', 'Revenue growth (FY2025)']);
    expect(every.series[0]!.values).toEqual([7.5, 9, 12]);
    const churn = bind('line', { source: 'metrics', metric: 'churn', finding_ids: [] });
    expect(churn.categories).toEqual(['2024', '2025']);
    expect(churn.series).toEqual([{ name: 'Churn (%)', values: [7.5, 9] }]);
    const chosen = bind('table', { source: 'metrics', metric: '', finding_ids: ['f-revenue'] });
    expect(chosen.columns).toEqual([c.metric, c.value, c.unit, c.period, c.finding]);
    expect(chosen.rows).toEqual([['Revenue growth', '12', '%', 'FY2025', 'Revenue grew 12%']]);
    expect(metricNames(fixedSource().data)).toEqual(['Churn', 'Revenue growth']);
  });

  it('evidence: counts or mean relevance per dimension, by source type or by item', () => {
    const heat = bind('heatmap', { source: 'evidence', measure: 'count', by: 'type' });
    expect(heat.categories).toEqual(['Files', 'URLs', 'Interviews']);
    expect(heat.series.find((s) => s.name === 'Market & Customers')!.values).toEqual([1, 1, 1]);
    expect(heat.series.find((s) => s.name === 'Operational Efficiency')!.values).toEqual([1, 0, 0]);
    const relevance = bind('heatmap', { source: 'evidence', measure: 'relevance', by: 'item' });
    expect(relevance.categories).toEqual(['Annual report', 'Market study', 'CEO interview', 'Ops review']);
    expect(relevance.series.find((s) => s.name === 'Market & Customers')!.values).toEqual([90, 70, 80, null]);
    const pie = bind('pie', { source: 'evidence', measure: 'count', by: 'type' });
    expect(Object.fromEntries(pie.categories.map((k, i) => [k, pie.series[0]!.values[i]]))).toEqual({
      'Financial Performance': 1,
      'Operational Efficiency': 1,
      'Market & Customers': 3,
      'People & Culture': 1,
    });
  });

  it('roadmap: one task per action, by phase then start, with the phases as groups', () => {
    const data = bind('gantt', { source: 'roadmap', phase_ids: [] });
    expect(data.tasks.map((t) => [t.name, t.start, t.end, t.group])).toEqual([
      ['Form the retention team', 0, 2, '0–3 months'],
      ['Test new SME prices', 1, 3, '0–3 months'],
      ['Design the loyalty offer', 3, 6, '3–6 months'],
    ]);
    expect(data.groups).toEqual(['0–3 months', '3–6 months']);
    expect(data.columns).toEqual([c.action, c.phase, c.start, c.end, c.owner]);
    expect(bind('gantt', { source: 'roadmap', phase_ids: ['phase-2'] }).tasks.map((t) => t.id)).toEqual(['a-offer']);
  });

  it('recommendations: impact and effort as two series, priority in the table', () => {
    const bar = bind('bar', { source: 'recommendations', ids: [] });
    expect(bar.series).toEqual([
      { name: c.impact, values: [5, 4] },
      { name: c.effort, values: [3, 2] },
    ]);
    const table = bind('table', { source: 'recommendations', ids: ['r-price'] });
    expect(table.rows).toEqual([['Review SME pricing', 'Medium', '4', '2', '']]);
  });

  it('a typed table: the first column labels, numeric columns are series, text cells are left out with a note', () => {
    const data = bind('bar', { source: 'table', columns: ['Region', 'Sales', 'Note'], rows: [['North', '1,200', 'good'], ['South', 'n/a', 'x'], ['East', '30%', '']] });
    expect(data.categories).toEqual(['North', 'South', 'East']);
    expect(data.series).toEqual([{ name: 'Sales', values: [1200, null, 30] }]);
    expect(data.notes).toEqual([c.notNumbers(1)]);
    const gantt = bind('gantt', { source: 'table', columns: ['Task', 'Start', 'End', 'Team'], rows: [['Plan', '0', '2', 'A'], ['Build', '2', '5', 'B'], ['Oops', '4', '1', 'B']] });
    expect(gantt.tasks.map((t) => [t.name, t.start, t.end, t.group])).toEqual([['Plan', 0, 2, 'A'], ['Build', 2, 5, 'B']]);
    expect(gantt.notes).toEqual([c.badTasks(1)]);
  });

  it('sorts by value or label, and the data table follows the drawn order', () => {
    const asc = bind('bar', { source: 'dimension-scores', include_out_of_scope: false }, { sort: 'asc' });
    expect(asc.categories).toEqual(['Market & Customers', 'Operational Efficiency', 'Financial Performance']);
    expect(asc.rows.map((r) => r[1])).toEqual(['48', '55', '72']);
    const label = bind('bar', { source: 'dimension-scores', include_out_of_scope: false }, { sort: 'label' });
    expect(label.categories).toEqual(['Financial Performance', 'Market & Customers', 'Operational Efficiency']);
  });

  it('follows the report: a changed score changes the data', () => {
    const changed = structuredClone(FIXED_WIZARD_DATA);
    changed.findings.dimensions[0]!.score = 91;
    const data = bindChartData(visualOf({ type: 'bar', binding: { source: 'dimension-scores', include_out_of_scope: false } }), { data: parseWizardData(changed).data, evidence: [] });
    expect(data.series[0]!.values).toContain(91);
  });
});

describe('empty and odd data get a message or a note, never a crash', () => {
  const table = (columns: string[], rows: string[][]): Binding => ({ source: 'table', columns, rows });

  it('no data: a message naming where to add it', () => {
    const none = { data: {}, evidence: [] };
    const v = (type: Visual['type'], binding: Binding) => bindChartData(visualOf({ type, binding }), none).message;
    expect(v('bar', { source: 'dimension-scores', include_out_of_scope: false })).toBe(c.noDimensionScores);
    expect(v('bar', { source: 'metrics', metric: '', finding_ids: [] })).toBe(c.noMetrics);
    expect(v('heatmap', { source: 'evidence', measure: 'count', by: 'type' })).toBe(c.noEvidence);
    expect(v('gantt', { source: 'roadmap', phase_ids: [] })).toBe(c.noRoadmap);
    expect(v('table', { source: 'recommendations', ids: [] })).toBe(c.noRecommendations);
    expect(v('bar', table(['A'], []))).toBe(c.emptyTable);
    expect(v('bar', table(['A', 'B'], [['x', 'y']]))).toBe(c.noNumbers);
    expect(bind('line', { source: 'metrics', metric: 'Headcount', finding_ids: [] }).message).toBe(c.metricGone('Headcount'));
  });

  it('one point, negative values in a pie, 200 categories, very long labels', () => {
    expect(bind('line', table(['Year', 'Sales'], [['2025', '10']])).notes).toEqual([c.onePoint]);
    const pie = bind('pie', table(['Part', 'Share'], [['A', '5'], ['B', '-3'], ['C', '0']]));
    expect(pie.categories).toEqual(['A']);
    expect(pie.notes).toEqual([c.pieLeftOut(1), c.oneSlice]);
    expect(bind('pie', table(['Part', 'Share'], [['A', '-5']])).message).toBe(c.pieNothing);
    const negative = bind('bar', table(['Part', 'Change'], [['A', '-5'], ['B', '3']]));
    expect(negative.series[0]!.values).toEqual([-5, 3]);

    const many = Array.from({ length: 200 }, (_, i) => [`Category ${i}`, String(i)]);
    const bar = bindChartData(visualOf({ type: 'bar', binding: { source: 'table', columns: ['C', 'V'], rows: many.slice(0, 100) } }), fixedSource());
    expect(bar.categories).toHaveLength(CHART_LIMITS.categories);
    expect(bar.notes).toEqual([c.truncated(CHART_LIMITS.categories, 100, c.categories)]);
    const slices = bind('pie', table(['C', 'V'], many.slice(1, 100)));
    expect(slices.categories).toHaveLength(CHART_LIMITS.pieSlices);
    expect(slices.categories.at(-1)).toBe(c.other);

    const long = 'x'.repeat(80);
    const data = bind('bar', table([long, long], [[long, '1'], [`${long}y`.slice(1), '2']]));
    const option = chartOption(visualOf({ type: 'bar', binding: table([], []), title: long.repeat(3) }), data) as { xAxis: { data: string[] }; title: { text: string } };
    expect(option.xAxis.data.every((l) => [...l].length <= 20)).toBe(true);
    expect(new Set(option.xAxis.data).size).toBe(2);
    expect([...option.title.text].length).toBeLessThanOrEqual(90);
  });

  it('hostile cells are not numbers: 1e999, NaN, Infinity, 40+ digits', () => {
    for (const cell of ['1e999', 'NaN', 'Infinity', '-Infinity', '9'.repeat(41), '1e16', '0x10', '']) expect(parseCellNumber(cell), cell).toBeNull();
    expect(parseCellNumber(' 1,234.5 ')).toBe(1234.5);
    expect(parseCellNumber('-12%')).toBe(-12);
  });

  it('every type draws odd data to valid SVG', () => {
    const odd: Binding[] = [
      table(['a'], []),
      table(['C', 'V'], [['<script>alert(1)</script> & "quotes"', '-1e15'], ['\u0000\u202e', '1e15']]),
      table(['T', 'S', 'E'], [['only', '0', '120']]),
    ];
    for (const binding of odd) {
      for (const type of ['bar', 'line', 'pie', 'heatmap', 'table', 'gantt'] as const) {
        const visual = visualOf({ type, binding, title: '<b>Title</b> & co' });
        const svg = renderVisualSvg(visual, bindChartData(visual, fixedSource()));
        const doc = parseXml(svg);
        expect(doc.documentElement?.nodeName, `${type} ${JSON.stringify(binding)}`).toBe('svg');
        expect(svg).not.toContain('<script>');
      }
    }
  });
});

describe('the visual model refuses what it cannot draw', () => {
  const ok = { type: 'bar', title: 'Scores', binding: { source: 'dimension-scores' } };

  it('takes a minimal visual with defaults', () => {
    const parsed = CreateVisualBody.parse(ok);
    expect(parsed).toMatchObject({ caption: '', status: 'completed', options: { colors: [], sort: 'none', show_legend: true } });
  });

  it('names what is wrong: bad type, missing or unknown binding, incompatible type, bad options', () => {
    expect(detail(CreateVisualBody.safeParse({ ...ok, type: 'radar' }))).toBe('type must be one of: bar, line, pie, heatmap, table, gantt, stacked, stacked-100, waterfall, mekko');
    expect(detail(CreateVisualBody.safeParse({ type: 'bar', title: 'x' }))).toBe('binding is required');
    expect(detail(CreateVisualBody.safeParse({ ...ok, binding: 'scores' }))).toBe('binding must be an object naming its source, not string');
    expect(detail(CreateVisualBody.safeParse({ ...ok, binding: { source: 'weather' } }))).toBe(
      'binding.source must be one of: dimension-scores, metrics, metric-bridge, evidence, roadmap, recommendations, table, data-table',
    );
    expect(detail(CreateVisualBody.safeParse({ ...ok, type: 'gantt' }))).toBe('a gantt chart cannot show dimension scores; it can show: roadmap items, a typed table');
    expect(detail(CreateVisualBody.safeParse({ ...ok, type: 'pie', binding: { source: 'evidence', measure: 'relevance' } }))).toContain('a pie chart shows parts of a whole');
    expect(detail(CreateVisualBody.safeParse({ ...ok, title: '  ' }))).toBe('title is required');
    expect(detail(CreateVisualBody.safeParse({ ...ok, options: { colors: ['red'] } }))).toBe('options.colors.0: options.colors must be colours like #1e293b');
    expect(detail(UpdateVisualBody.safeParse(ok))).toBe('version is required');
  });

  it('bounds the typed table (the datasheet): one message at the limit, with the size sent', () => {
    const wide = Array.from({ length: TABLE_LIMITS.columns + 1 }, (_, i) => `c${i}`);
    expect(detail(CreateVisualBody.safeParse({ ...ok, binding: { source: 'table', columns: wide, rows: [] } }))).toBe(
      'binding: a datasheet holds at most 12 columns × 100 rows (1,200 cells); this one has 13 columns × 0 rows',
    );
    const rows = Array.from({ length: TABLE_LIMITS.rows + 1 }, () => ['a']);
    expect(detail(CreateVisualBody.safeParse({ ...ok, binding: { source: 'table', columns: ['a'], rows } }))).toBe(
      'binding: a datasheet holds at most 12 columns × 100 rows (1,200 cells); this one has 1 column × 101 rows (101 cells)',
    );
    expect(detail(CreateVisualBody.safeParse({ ...ok, binding: { source: 'table', columns: ['a'], rows: [['9'.repeat(200_000)]] } }))).toBe(
      `binding.rows.0.0: binding.rows cell must be at most ${TABLE_LIMITS.cellChars} characters`,
    );
    expect(detail(CreateVisualBody.safeParse({ ...ok, binding: { source: 'table', columns: ['a'], rows: [['1', '2']] } }))).toBe(
      'binding: every row of binding.rows must have no more cells than binding.columns has headings',
    );
  });

  it('drops __proto__ keys instead of taking them', () => {
    const parsed = CreateVisualBody.parse(JSON.parse('{"type":"bar","title":"x","binding":{"source":"dimension-scores","__proto__":{"polluted":true}},"options":{"__proto__":{"x":1}}}'));
    expect(Object.keys(parsed.binding)).toEqual(['source', 'include_out_of_scope']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a binding to data the report does not have', () => {
    const source = fixedSource();
    expect(bindingProblem({ source: 'metrics', metric: 'Headcount', finding_ids: [] }, source)).toBe('binding.metric: no finding of this report has a metric named "Headcount"');
    expect(bindingProblem({ source: 'metrics', metric: '', finding_ids: ['f-nope'] }, source)).toBe('binding.finding_ids: f-nope is not a finding of this report');
    expect(bindingProblem({ source: 'metrics', metric: '', finding_ids: ['f-margin'] }, source)).toBe('binding.finding_ids: finding f-margin has no metric');
    expect(bindingProblem({ source: 'recommendations', ids: ['r-x'] }, source)).toBe('binding.ids: r-x is not a recommendation of this report');
    expect(bindingProblem({ source: 'roadmap', phase_ids: ['phase-9'] }, source)).toBe('binding.phase_ids: phase-9 is not a roadmap phase of this report');
    expect(bindingProblem({ source: 'metrics', metric: 'Churn', finding_ids: ['f-churn-24'] }, source)).toBeNull();
  });
});

describe('PowerPoint mapping', () => {
  it('bar: the categories, one series per measure, brand colours without #, axis titles and direction', () => {
    const visual = visualOf({ type: 'bar', binding: { source: 'recommendations', ids: [] }, title: 'Impact and effort', options: { orientation: 'horizontal', x_label: 'Recommendation' } as Visual['options'] });
    const chart = toPptxChart(visual, bindChartData(visual, fixedSource()), reportBrand(fixedSource().data));
    expect(chart).toMatchObject({
      type: 'bar',
      data: [
        { name: c.impact, labels: ['Launch a retention programme', 'Review SME pricing'], values: [5, 4] },
        { name: c.effort, labels: ['Launch a retention programme', 'Review SME pricing'], values: [3, 2] },
      ],
      options: { title: 'Impact and effort', chartColors: ['0B5394', 'E69138'], barDir: 'bar', catAxisTitle: 'Recommendation', valAxisTitle: `${c.impact} / ${c.effort}`, showLegend: true },
    });
  });

  it('pie: one colour per slice; line keeps its series; heatmap, table, gantt and empty charts are images (null)', () => {
    const pie = visualOf({ type: 'pie', binding: { source: 'dimension-scores', include_out_of_scope: false } });
    const p = toPptxChart(pie, bindChartData(pie, fixedSource()));
    expect(p!.type).toBe('pie');
    expect(p!.data[0]!.values).toEqual([72, 55, 48]);
    expect((p!.options.chartColors as string[]).length).toBe(3);
    const line = visualOf({ type: 'line', binding: { source: 'metrics', metric: 'Churn', finding_ids: [] } });
    expect(toPptxChart(line, bindChartData(line, fixedSource()))).toMatchObject({ type: 'line', data: [{ labels: ['2024', '2025'], values: [7.5, 9] }] });
    for (const type of ['heatmap', 'table', 'gantt'] as const) {
      const v = visualOf({ type, binding: type === 'gantt' ? { source: 'roadmap', phase_ids: [] } : { source: 'evidence', measure: 'count', by: 'type' } });
      expect(toPptxChart(v, bindChartData(v, fixedSource()))).toBeNull();
    }
    const empty = visualOf({ type: 'bar', binding: { source: 'table', columns: ['a'], rows: [] } });
    expect(toPptxChart(empty, bindChartData(empty, fixedSource()))).toBeNull();
  });
});

describe('one option, drawn on the server', () => {
  it('bar SVG: the title, one bar per category, the brand colour', () => {
    const visual = visualOf({ type: 'bar', binding: { source: 'dimension-scores', include_out_of_scope: false }, title: 'Dimension scores' });
    const data = bindChartData(visual, fixedSource());
    const svg = renderVisualSvg(visual, data, { brand: reportBrand(fixedSource().data) });
    const doc = parseXml(svg);
    const texts = Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent);
    expect(texts).toContain('Dimension scores');
    const bars = Array.from(doc.getElementsByTagName('path')).filter((p) => p.getAttribute('fill')?.toLowerCase() === '#0b5394');
    expect(bars).toHaveLength(data.categories.length);
  });

  it('gantt SVG: one bar per action, coloured by phase; table SVG: every cell', () => {
    const gantt = visualOf({ type: 'gantt', binding: { source: 'roadmap', phase_ids: [] } });
    const palette = chartPalette(gantt, reportBrand(fixedSource().data));
    const doc = parseXml(renderVisualSvg(gantt, bindChartData(gantt, fixedSource()), { brand: reportBrand(fixedSource().data) }));
    const fills = Array.from(doc.getElementsByTagName('path')).map((p) => p.getAttribute('fill')?.toLowerCase());
    expect(fills.filter((f) => f === palette[0]).length).toBeGreaterThanOrEqual(2);
    expect(fills.filter((f) => f === palette[1]).length).toBeGreaterThanOrEqual(1);
    const table = visualOf({ type: 'table', binding: { source: 'recommendations', ids: [] } });
    const texts = Array.from(parseXml(renderVisualSvg(table, bindChartData(table, fixedSource()))).getElementsByTagName('text')).map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Recommendation', 'Launch a retention programme', 'High', '5', '3']));
  });

  it('PNG: a real image of the SVG at the asked width', () => {
    const visual = visualOf({ type: 'pie', binding: { source: 'dimension-scores', include_out_of_scope: false } });
    const png = renderVisualPng(renderVisualSvg(visual, bindChartData(visual, fixedSource())), { width: 400 });
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    expect(Buffer.from(png.subarray(16, 20)).readUInt32BE(0)).toBe(400);
  });

  it('brand: finalize colours, else the default', () => {
    expect(reportBrand(fixedSource().data)).toEqual({ primaryColor: '#0b5394', secondaryColor: '#e69138' });
    expect(reportBrand({})).toEqual({ primaryColor: '#1e293b' });
    expect(chartPalette(visualOf({ type: 'bar', binding: { source: 'dimension-scores', include_out_of_scope: false }, options: { colors: ['#FF0000'] } as Visual['options'] }))).toEqual(['#ff0000']);
    expect(shorten('abcdef', 4)).toBe('abc…');
  });
});

describe('embedding and pasting', () => {
  it('finds embeds, writes one with its caption escaped, appends it as its own paragraph', () => {
    expect(visualIdsIn('a ![One](visual:v1) b ![Two \\] x](visual:v2)\n![One again](visual:v1) ![img](https://x/y.png)')).toEqual(['v1', 'v2']);
    expect(visualEmbed('Scores [2025]\nby dimension', 'v9')).toBe('![Scores \\[2025\\] by dimension](visual:v9)');
    expect(appendVisual('Text.\n\n', 'Cap', 'v1')).toBe('Text.\n\n![Cap](visual:v1)\n');
    expect(appendVisual('', 'Cap', 'v1')).toBe('![Cap](visual:v1)\n');
  });

  it('parses pasted TSV and CSV (quotes, commas in quotes), bounded by the table limits', () => {
    expect(parsePastedTable('Region\tSales\nNorth\t1,200\nSouth\t800\n')).toEqual({ columns: ['Region', 'Sales'], rows: [['North', '1,200'], ['South', '800']], problems: [] });
    expect(parsePastedTable('a,b\n"x, y","say ""hi"""\n')).toEqual({ columns: ['a', 'b'], rows: [['x, y', 'say "hi"']], problems: [] });
    const big = parsePastedTable(Array.from({ length: 150 }, (_, i) => `r${i},${'z'.repeat(100)}`).join('\n'));
    expect(big.rows).toHaveLength(TABLE_LIMITS.rows);
    expect(big.rows[0]![1]).toHaveLength(TABLE_LIMITS.cellChars);
    expect(big.problems.length).toBe(2);
  });
});
