/**
 * The consulting charts' model: waterfall totals and subtotals, 100% stacked shares, Mekko widths,
 * number formats, the metric bridge, the datasheet's editing and limits, cells refused one by one, and the
 * native PowerPoint mapping (stacked, percent-stacked, the waterfall as a stacked bar over an invisible base).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellProblems, parseCellNumber } from '@shared/domain/report/cells';
import { bindChartData, bridgeChoices, waterfallBars } from '@shared/domain/report/chart-data';
import { excelFormatCode, formatNumber } from '@shared/domain/report/chart-format';
import { chartOption, mekkoLayout, reportBrand } from '@shared/domain/report/chart-option';
import { addColumn, addRow, canAddColumn, canAddRow, pasteAt, removeColumn, setCell, sheetOf, type Sheet } from '@shared/domain/report/datasheet';
import { details, messages } from '@shared/messages';
import { formatZodError } from '@shared/schemas/common';
import { CreateVisualBody, TABLE_LIMITS, type Binding, type Visual } from '@shared/schemas/visuals';
import { renderVisualSvg } from '../../functions/domain/visuals/render-svg';
import { NO_FILL, toPptxChart, waterfallStack } from '../../functions/domain/visuals/to-pptx-chart';
import { fixedSource, visualOf } from '../helpers/visual-fixtures';
import { parseXml } from '../helpers/xml';

const c = messages.visuals.chart;
const bind = (type: Visual['type'], binding: Binding, options: Partial<Visual['options']> = {}) => bindChartData(visualOf({ type, binding, options: options as Visual['options'] }), fixedSource());
const table = (columns: string[], rows: string[][]): Binding => ({ source: 'table', columns, rows });
const MARGIN = table(
  ['Step', 'Gross margin (%)'],
  [
    ['FY2023', '41'],
    ['Price', '1.5'],
    ['Mix', '-0.8'],
    ['Freight', '-2.5'],
    ['Subtotal', 'e'],
    ['Discounts', '-2'],
    ['Energy', '-0.7'],
    ['FY2024', 'e'],
  ],
);
const REGIONS = table(
  ['Region', 'Online', 'Stores', 'Partners'],
  [
    ['North', '20', '40', '40'],
    ['South', '30', '60', '10'],
    ['East', '5', '10', '35'],
  ],
);

describe('waterfall', () => {
  it('the first number is the start, steps float from the running total, each e is a total of everything above it', () => {
    // Prepare / Act
    const data = bind('waterfall', MARGIN, { number_format: 'percent', decimals: 1 });
    // Assess
    expect(data.message).toBeNull();
    expect(data.bars.map((b) => [b.label, b.kind, b.from, b.to])).toEqual([
      ['FY2023', 'total', 0, 41],
      ['Price', 'increase', 41, 42.5],
      ['Mix', 'decrease', 42.5, 41.7],
      ['Freight', 'decrease', 41.7, 39.2],
      ['Subtotal', 'total', 0, 39.2],
      ['Discounts', 'decrease', 39.2, 37.2],
      ['Energy', 'decrease', 37.2, 36.5],
      ['FY2024', 'total', 0, 36.5],
    ]);
    // steps read signed, totals plain, in the chosen format
    expect(data.rows[0]).toEqual(['FY2023', '41.0%']);
    expect(data.rows[1]).toEqual(['Price', '+1.5%']);
    expect(data.rows[2]).toEqual(['Mix', '-0.8%']);
    expect(data.rows[7]).toEqual(['FY2024', '36.5%']);
  });

  it('property: the end equals the start plus every step, and each step starts where the last bar ended', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.array(fc.integer({ min: -500, max: 500 }), { maxLength: 30 }), (start, steps) => {
        const bars = waterfallBars([
          { label: 'start', total: false, value: start },
          ...steps.map((v, i) => ({ label: `s${i}`, total: false, value: v })),
          { label: 'end', total: true, value: null },
        ]);
        const end = bars[bars.length - 1]!;
        expect(end.kind).toBe('total');
        expect(end.to).toBe(start + steps.reduce((a, b) => a + b, 0));
        for (let i = 1; i < bars.length - 1; i++) expect(bars[i]!.from).toBe(bars[i - 1]!.to);
      }),
    );
  });

  it('a bridge from a finding’s metric: start and end from the findings, drivers named, the rest as Other', () => {
    const choices = bridgeChoices(fixedSource().data, '');
    expect(choices.metric).toBe('Churn');
    expect(choices.points.map((p) => p.id)).toEqual(['f-churn-24', 'f-churn-25']);
    const data = bind('waterfall', { source: 'metric-bridge', metric: 'Churn', drivers: [] });
    expect(data.bars.map((b) => [b.label, b.kind, b.to])).toEqual([
      ['2024', 'total', 7.5],
      [c.bridgeChange, 'increase', 9],
      ['2025', 'total', 9],
    ]);
    // a driver that does not explain the whole change leaves the rest to "Other"
    const driven = bind('waterfall', { source: 'metric-bridge', metric: 'Churn', drivers: ['f-revenue'] });
    expect(driven.bars.map((b) => b.label)).toEqual(['2024', 'Revenue growth', c.other, '2025']);
    expect(driven.bars[2]!.value).toBeCloseTo(1.5 - 12);
    expect(driven.bars[3]!.to).toBe(9);
    expect(driven.notes).toContain(c.bridgeOther);
  });

  it('PowerPoint: a stacked bar over an invisible base, split at zero when a bar crosses it', () => {
    const visual = visualOf({ type: 'waterfall', binding: MARGIN, title: 'Margin bridge' });
    const chart = toPptxChart(visual, bindChartData(visual, fixedSource()), reportBrand(fixedSource().data))!;
    expect(chart.type).toBe('bar');
    expect(chart.options).toMatchObject({ barGrouping: 'stacked', barDir: 'col', showLegend: false });
    const colors = chart.options.chartColors as string[];
    expect(colors[0]).toBe(NO_FILL);
    expect(chart.data[0]!.name).toBe(c.base);
    // base + visible part = the bar's top, for every bar (all above zero here)
    const tops = chart.data[0]!.labels.map((_, i) => chart.data.reduce((sum, s) => sum + s.values[i]!, 0));
    expect(tops.map((v) => Math.round(v * 10) / 10)).toEqual([41, 42.5, 42.5, 41.7, 39.2, 39.2, 37.2, 36.5]);
    // a bar from 3 to -2 is drawn as +3 above zero and -2 below it, with no base
    const crossing = waterfallStack([
      { label: 'Open', kind: 'total', value: 3, from: 0, to: 3 },
      { label: 'Capex', kind: 'decrease', value: -5, from: 3, to: -2 },
    ]);
    const dec = crossing.filter((s) => s.kind === 'decrease').map((s) => s.values[1]);
    expect(dec.sort()).toEqual([-2, 3].sort());
    expect(crossing.filter((s) => s.kind === 'base').every((s) => s.values[1] === 0)).toBe(true);
  });
});

describe('stacked, 100% stacked and Mekko', () => {
  it('100% stacked: every category’s shares sum to 100%, negatives left out with a note', () => {
    const data = bind('stacked-100', REGIONS);
    expect(data.categories).toEqual(['North', 'South', 'East']);
    expect(data.rows[0]).toEqual(['North', '20 (20%)', '40 (40%)', '40 (40%)', '100']);
    expect(data.rows[2]).toEqual(['East', '5 (10%)', '10 (20%)', '35 (70%)', '50']);
    const negative = bind('stacked-100', table(['R', 'A', 'B'], [['x', '-3', '5']]));
    expect(negative.series.map((s) => s.values[0])).toEqual([null, 5]);
    expect(negative.notes).toContain(c.negativesLeftOut(1));
  });

  it('property: the 100% stacked shares of a category add up to 100', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 2, maxLength: 11 }), (values) => {
        const data = bind('stacked-100', table(['R', ...values.map((_, i) => `S${i}`)], [['x', ...values.map(String)]]));
        const shares = data.rows[0]!.slice(1, -1).map((cell) => Number(/\(([\d.]+)%\)/.exec(cell)![1]));
        // each share is rounded to a tenth
        expect(Math.abs(shares.reduce((a, b) => a + b, 0) - 100)).toBeLessThanOrEqual(0.05 * values.length + 1e-9);
      }),
    );
  });

  it('stacked: the native chart is a stacked bar; 100% stacked a percent-stacked one with a % axis', () => {
    const stacked = visualOf({ type: 'stacked', binding: REGIONS });
    expect(toPptxChart(stacked, bindChartData(stacked, fixedSource()))!.options).toMatchObject({ barGrouping: 'stacked', barDir: 'col' });
    const share = visualOf({ type: 'stacked-100', binding: REGIONS, options: { orientation: 'horizontal' } as Visual['options'] });
    const chart = toPptxChart(share, bindChartData(share, fixedSource()))!;
    expect(chart.options).toMatchObject({ barGrouping: 'percentStacked', barDir: 'bar', valAxisLabelFormatCode: '0%' });
    expect(chart.data.map((s) => s.name)).toEqual(['Online', 'Stores', 'Partners']);
    // Mekko has no native PowerPoint type: it stays a picture
    const mekko = visualOf({ type: 'mekko', binding: REGIONS });
    expect(toPptxChart(mekko, bindChartData(mekko, fixedSource()))).toBeNull();
  });

  it('Mekko: each column as wide as its share of the grand total, its segments filling it', () => {
    const data = bind('mekko', REGIONS);
    const layout = mekkoLayout(data);
    // totals 100, 100, 50 of 250
    expect(layout.map((col) => [col.label, col.x0, col.x1])).toEqual([
      ['North', 0, 40],
      ['South', 40, 80],
      ['East', 80, 100],
    ]);
    for (const col of layout) expect(col.segments.filter((s) => s !== null).at(-1)!.y1).toBeCloseTo(100);
    expect(layout[2]!.segments[2]).toEqual({ y0: 30, y1: 100, value: 35 });
  });

  it('property: Mekko columns tile 0–100 without gaps, widths in proportion to their totals', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 12 }), (rows) => {
        const categories = rows.map((_, i) => `c${i}`);
        const series = [0, 1, 2].map((s) => ({ name: `s${s}`, values: rows.map((r) => r[s]!) }));
        const layout = mekkoLayout({ categories, series });
        const grand = rows.flat().reduce((a, b) => a + b, 0);
        if (grand === 0) return expect(layout).toEqual([]);
        expect(layout[0]!.x0).toBe(0);
        expect(layout.at(-1)!.x1).toBe(100);
        layout.forEach((col, i) => {
          if (i > 0) expect(col.x0).toBe(layout[i - 1]!.x1);
          expect(col.x1 - col.x0).toBeCloseTo((col.total / grand) * 100, 6);
        });
      }),
    );
  });

  it('the server SVG of each new type is valid XML and carries the title', () => {
    for (const [type, binding] of [
      ['stacked', REGIONS],
      ['stacked-100', REGIONS],
      ['mekko', REGIONS],
      ['waterfall', MARGIN],
    ] as const) {
      const visual = visualOf({ type, binding, title: `A ${type} chart`, options: { show_values: true } as Visual['options'] });
      const data = bindChartData(visual, fixedSource());
      expect(chartOption(visual, data)).toBeTypeOf('object');
      const { doc, errors } = parseXml(renderVisualSvg(visual, data, { brand: reportBrand(fixedSource().data) }));
      expect(errors).toEqual([]);
      expect(Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent)).toContain(`A ${type} chart`);
    }
  });
});

describe('number formats', () => {
  it('percent, the client’s currency, k/m/bn, decimals, signed steps', () => {
    expect(formatNumber(41, { number_format: 'percent', decimals: null, scale: 'none' })).toBe('41%');
    expect(formatNumber(1234.5, { number_format: 'number', decimals: 0, scale: 'none' })).toBe('1,235');
    expect(formatNumber(1_200_000, { number_format: 'currency', decimals: null, scale: 'millions' }, 'EUR')).toBe('€1.2m');
    expect(formatNumber(-2_500, { number_format: 'currency', decimals: 1, scale: 'thousands' }, 'GBP')).toBe('-£2.5k');
    expect(formatNumber(3e9, { number_format: 'auto', decimals: null, scale: 'billions' })).toBe('3bn');
    expect(formatNumber(1.5, { number_format: 'percent', decimals: 1, scale: 'none' }, 'USD', { signed: true })).toBe('+1.5%');
    expect(formatNumber(-0.001, { number_format: 'number', decimals: 1, scale: 'none' })).toBe('0.0');
    expect(formatNumber(null)).toBe('–');
  });

  it('the same format as an Excel code for the native chart', () => {
    expect(excelFormatCode()).toBe('General');
    expect(excelFormatCode({ number_format: 'percent', decimals: 1, scale: 'none' })).toBe('#,##0.0"%"');
    expect(excelFormatCode({ number_format: 'currency', decimals: 0, scale: 'millions' }, 'USD')).toBe('"$"#,##0,,"m";-"$"#,##0,,"m"');
  });

  it('cells as spreadsheets copy them: grouped, currency, accounting negatives, a real minus', () => {
    expect(['1,234.5', '$1,234', '€ 12', '(2.5)', '−4', '12%', '1e6'].map(parseCellNumber)).toEqual([1234.5, 1234, 12, -2.5, -4, 12, 1e6]);
    expect(['abc', 'NaN', 'Infinity', '1e16', '1,2,3'].map(parseCellNumber)).toEqual([null, null, null, null, null]);
  });
});

describe('the datasheet', () => {
  const sheet: Sheet = { columns: ['Label', 'Value'], rows: [['a', '1']] };

  it('a paste from a spreadsheet lands from the cell it is pasted on, growing the sheet', () => {
    const r = pasteAt(sheet, 0, 0, 'North\t120\t7\r\nSouth\t95\t3\r\n');
    expect(r.sheet).toEqual({ columns: ['Label', 'Value', ''], rows: [['North', '120', '7'], ['South', '95', '3']] });
    expect(r.cut).toBeNull();
    const headings = pasteAt(sheet, -1, 0, 'Region\tSales');
    expect(headings.sheet.columns).toEqual(['Region', 'Sales']);
  });

  it('stops at the limits: adding says no, a paste keeps what fits and tells the size it had', () => {
    const full: Sheet = { columns: Array.from({ length: TABLE_LIMITS.columns }, (_, i) => `c${i}`), rows: Array.from({ length: TABLE_LIMITS.rows }, () => Array.from({ length: TABLE_LIMITS.columns }, () => '1')) };
    expect(canAddRow(full)).toBe(false);
    expect(canAddColumn(full)).toBe(false);
    expect(addRow(full)).toBe(full);
    expect(addColumn(full)).toBe(full);
    const big = Array.from({ length: 150 }, (_, r) => Array.from({ length: 20 }, (_, c) => String(r * c)).join('\t')).join('\n');
    const r = pasteAt(sheet, 0, 0, big);
    expect(r.cut).toEqual({ rows: 150, columns: 20 });
    expect(r.sheet.columns).toHaveLength(TABLE_LIMITS.columns);
    expect(r.sheet.rows).toHaveLength(TABLE_LIMITS.rows);
    expect(r.sheet.rows.length * r.sheet.columns.length).toBeLessThanOrEqual(TABLE_LIMITS.cells);
  });

  it('rows and columns added and removed; the labels column stays; cells cut at the cell limit', () => {
    const wider = addColumn(addRow(sheet), 0);
    expect(wider).toEqual({ columns: ['Label', '', 'Value'], rows: [['a', '', '1'], ['', '', '']] });
    expect(removeColumn(wider, 0)).toBe(wider);
    expect(removeColumn(wider, 1).columns).toEqual(['Label', 'Value']);
    expect(setCell(sheet, 0, 1, 'x'.repeat(200)).rows[0]![1]).toHaveLength(TABLE_LIMITS.cellChars);
  });

  it('a bound chart’s values as a sheet, a waterfall’s totals as e', () => {
    const visual = visualOf({ type: 'waterfall', binding: { source: 'metric-bridge', metric: 'Churn', drivers: [] } });
    expect(sheetOf(visual, bindChartData(visual, fixedSource()))).toEqual({ columns: [c.step, 'Churn (%)'], rows: [['2024', '7.5'], [c.bridgeChange, '1.5'], ['2025', 'e']] });
  });

  it('text in number cells is named cell by cell; the body is refused at the limit with one message', () => {
    const bad = table(['Region', 'Sales', 'Cost'], [['North', 'twelve', '3'], ['South', '4', 'n/a']]);
    expect(cellProblems('stacked', bad as never).map((p) => [p.row, p.column, p.cell])).toEqual([
      [0, 1, 'twelve'],
      [1, 2, 'n/a'],
    ]);
    // a waterfall takes e for a total; a table takes any text
    expect(cellProblems('waterfall', MARGIN as never)).toEqual([]);
    expect(cellProblems('table', bad as never)).toEqual([]);
    const body = (binding: Binding, type: Visual['type'] = 'stacked') => CreateVisualBody.safeParse({ type, title: 'T', binding });
    const refused = body(bad);
    expect(refused.success).toBe(false);
    const detail = formatZodError(refused.error as never);
    expect(detail).toContain('row 1, column "Sales": "twelve" is not a number');
    expect(detail).toContain('row 2, column "Cost": "n/a" is not a number');
    // 10,000 cells: one message at the limit, with the size sent
    const huge = table(Array.from({ length: 100 }, (_, i) => `c${i}`), Array.from({ length: 100 }, () => Array.from({ length: 100 }, () => '1')));
    const tooBig = body(huge);
    expect(tooBig.success).toBe(false);
    expect(formatZodError(tooBig.error as never)).toBe(details.datasheetTooLarge(TABLE_LIMITS, { columns: 100, rows: 100 }));
    expect(body(REGIONS).success).toBe(true);
  });
});

describe('waterfall axis', () => {
  it('starts at zero when no bar goes below it, and lets a bar that does reach below', () => {
    const yAxis = (binding: Binding) => {
      const visual = visualOf({ type: 'waterfall', binding, options: { show_values: true } as Visual['options'] });
      return chartOption(visual, bindChartData(visual, fixedSource())).yAxis as { min?: number; max?: number };
    };
    expect(yAxis(MARGIN).min).toBe(0);
    expect(yAxis(table(['Step', 'Cash'], [['Open', '3'], ['Capex', '-5'], ['Close', 'e']])).min).toBeUndefined();
    expect(yAxis(table(['Step', 'Loss'], [['Open', '-3'], ['Cut', '1'], ['Close', 'e']])).max).toBe(0);
  });
});
