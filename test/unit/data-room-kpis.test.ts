import { describe, expect, it } from 'vitest';
import type { Kpi } from '../../shared/schemas/data-room';
import { figureText, keyFiguresText, locateKpis, measureName, tableKpis } from '../../shared/domain/data-room/kpis';
import { extractInProcess } from '../../functions/domain/evidence/extract/run';
import { citationNote, type ExportCitation } from '../../functions/domain/exports/model';
import { DATA_ROOM_FIXTURES, extractedData, PL } from '../helpers/data-room-fixtures';

async function kpisOf(file: string): Promise<Kpi[]> {
  const fx = DATA_ROOM_FIXTURES.find((f) => f.file === file)!;
  const extraction = await extractInProcess(await fx.build(), file.endsWith('.csv') ? 'csv' : 'xlsx', 2_000_000);
  return extractedData(extraction, file).kpis;
}

const find = (kpis: readonly Kpi[], kind: Kpi['kind'], measure: string, period: string) => {
  const k = kpis.find((x) => x.kind === kind && x.measure === measure && x.period === period);
  if (!k) throw new Error(`no ${kind} KPI of ${measure} ${period}: ${kpis.map((x) => `${x.kind} ${x.measure} ${x.period}`).join('; ')}`);
  return k;
};

describe('KPIs of the management accounts, against values computed by hand', () => {
  it('margins over the revenue line, per period, with their formula, cells and range', async () => {
    // Prepare
    const kpis = await kpisOf('FY2024 management accounts.xlsx');
    // Act
    const ebitda = find(kpis, 'ratio', 'EBITDA margin', 'FY2024');
    const operating = find(kpis, 'ratio', 'Operating margin', 'FY2022');
    // Assess: EBITDA FY2024 = gross profit − operating expenses = 64.0 − 52.8 = 11.2; ÷ revenue 182.4
    expect(PL.ebitda[3]).toBeCloseTo(11.2, 6);
    expect(ebitda.value).toBeCloseTo((11.2 / 182.4) * 100, 5);
    expect(ebitda).toMatchObject({
      display: '6.14%',
      unit: '%',
      formula: 'P&L!E18 / P&L!E6',
      cells: ['P&L!E18', 'P&L!E6'],
      range: 'P&L!E6:E18',
      statement: 'EBITDA margin FY2024 = P&L!E18 / P&L!E6 = 6.14%',
      sentence: 'EBITDA margin was 6.14% in FY2024 (EBITDA over revenue).',
    });
    expect(operating.value).toBeCloseTo((PL.operating[1]! / 164.8) * 100, 5);
    expect(operating.range).toBe('P&L!C6:C20');
  });

  it('growth, change, CAGR and the latest value against the first', async () => {
    // Prepare
    const kpis = await kpisOf('FY2024 management accounts.xlsx');
    // Act / Assess: revenue 175.0 → 182.4
    const growth = find(kpis, 'growth', 'Revenue', 'FY2023–FY2024');
    expect(growth.value).toBeCloseTo(((182.4 - 175.0) / 175.0) * 100, 6);
    expect(growth).toMatchObject({ formula: '(P&L!E6 − P&L!D6) / P&L!D6', range: 'P&L!D6:E6', display: '4.23%' });
    const change = find(kpis, 'change', 'Revenue', 'FY2023–FY2024');
    expect(change.value).toBeCloseTo(7.4, 6);
    expect(change).toMatchObject({ unit: '£m', display: '£7.4m' });
    // CAGR over three years: (182.4 / 150.2)^(1/3) − 1
    const cagr = find(kpis, 'cagr', 'Revenue', 'FY2021–FY2024');
    expect(cagr.value).toBeCloseTo(((182.4 / 150.2) ** (1 / 3) - 1) * 100, 6);
    expect(cagr).toMatchObject({ formula: '(P&L!E6 / P&L!B6)^(1/3) − 1', range: 'P&L!B6:E6' });
    const span = find(kpis, 'latest-vs-first', 'Revenue', 'FY2021–FY2024');
    expect(span.value).toBeCloseTo(182.4 - 150.2, 6);
    // a rate moves in points: gross margin (a fraction with a % format) 36.5% → 35.1%
    const points = find(kpis, 'change', 'Gross margin', 'FY2023–FY2024');
    expect(points.value).toBeCloseTo((64.0 / 182.4 - 63.9 / 175.0) * 100, 6);
    expect(points).toMatchObject({ unit: 'pt', display: '-1.4 points', range: 'P&L!D9:E9' });
    expect(find(kpis, 'value', 'Gross margin', 'FY2024').value).toBeCloseTo((64.0 / 182.4) * 100, 6);
    expect(find(kpis, 'value', 'Inventory days', 'FY2024')).toMatchObject({ value: 78, unit: 'days', formula: 'Stock!E4', range: 'Stock!E4' });
  });

  it('shares of a total row, and of a total row without the word', async () => {
    // Prepare
    const people = await kpisOf('People data.xlsx');
    const budget = await kpisOf('Budget vs actual.xlsx');
    // Act
    const stores = find(people, 'share', 'Headcount (Stores) share of total headcount', 'FY2024');
    const online = find(budget, 'share', 'Sales (Online) share of total sales', 'FY2024');
    // Assess
    expect(stores.value).toBeCloseTo((1284 / 1643) * 100, 6);
    expect(stores).toMatchObject({ formula: 'Headcount!C5 / Headcount!C6', range: 'Headcount!C5:C6' });
    expect(online.value).toBeCloseTo((38.7 / 182.4) * 100, 6);
    expect(online.range).toBe('Channels!C4:C6');
  });

  it('reads a budget beside the actual as no other year, and months down as a monthly series', async () => {
    const budget = await kpisOf('Budget vs actual.xlsx');
    // the FY2024 actual of North (43,900 in £000), not its budget (45,000)
    expect(find(budget, 'value', 'North', 'FY2024')).toMatchObject({ value: 43900, display: '£43.9m', formula: 'Regions!D5' });
    const monthly = await kpisOf('Trading KPIs by month.xlsx');
    expect(find(monthly, 'value', 'Orders', 'Dec 2024').formula).toBe("'Monthly KPIs'!C27");
    expect(find(monthly, 'growth', 'Orders', 'Nov 2024–Dec 2024').cells).toEqual(["'Monthly KPIs'!C27", "'Monthly KPIs'!C26"]);
  });

  it('states each KPI once at the top of the text, and locates every sentence there', async () => {
    // Prepare
    const fx = DATA_ROOM_FIXTURES[0]!;
    const extraction = await extractInProcess(await fx.build(), 'xlsx', 2_000_000);
    // Act
    const kpis = extractedData(extraction, fx.file).kpis;
    // Assess
    expect(extraction.text.startsWith('# Key figures\nRevenue was £182.4m in FY2024.\n')).toBe(true);
    expect(kpis.length).toBeGreaterThan(20);
    for (const k of kpis) expect(extraction.text.slice(k.start, k.end)).toBe(k.sentence);
    expect(new Set(kpis.map((k) => k.id)).size).toBe(kpis.length);
    expect(locateKpis('no key figures here', kpis)).toEqual([]);
    expect(keyFiguresText([])).toBe('');
  });
});

describe('how KPIs are written', () => {
  it('writes figures and measure names as a reader does', () => {
    expect(figureText(182.4, { kind: '£', scale: 1e6 })).toBe('£182.4m');
    expect(figureText(1.25e9, { kind: '$', scale: 1 })).toBe('$1.25bn');
    expect(figureText(43900, { kind: '£', scale: 1e3 })).toBe('£43.9m');
    expect(figureText(35.08, { kind: '%', scale: 1 })).toBe('35.1%');
    expect(figureText(6.137, { kind: '%', scale: 1 })).toBe('6.14%');
    expect(figureText(1240, { kind: '', scale: 1 })).toBe('1,240');
    expect(figureText(78, { kind: 'days', scale: 1 })).toBe('78 days');
    expect(['Revenue (£m)', 'Gross margin %', 'Stock value (£m)', 'Staff costs*'].map(measureName)).toEqual(['Revenue', 'Gross margin', 'Stock value', 'Staff costs']);
  });

  it('gives a table without periods no time series (a typed list of regions has shares only)', () => {
    const kpis = tableKpis({
      summary: {
        id: 't1', sheet: 'S', sheet_hidden: false, title: 'Stores by region', range: 'S!A1:B4', orientation: 'categories', header_rows: [1], label_columns: ['A'], unit: '',
        columns: [{ column: 2, letter: 'B', label: 'Stores', path: ['Stores'], period: null, unit: '', total: false, format: null }], row_count: 3, notes: [],
      },
      rows: [
        { row: 2, label: 'North', path: ['North'], kind: 'data', values: [10], types: 'n' },
        { row: 3, label: 'South', path: ['South'], kind: 'data', values: [30], types: 'n' },
        { row: 4, label: 'Total', path: ['Total'], kind: 'total', values: [40], types: 'n' },
      ],
    });
    expect(kpis.map((k) => [k.kind, k.measure, k.value, k.range])).toEqual([
      ['share', 'Stores (North) share of total stores', 25, 'S!B2:B4'],
      ['share', 'Stores (South) share of total stores', 75, 'S!B3:B4'],
    ]);
  });
});

describe('exports cite a KPI by its cells', () => {
  it('writes "Source: <file>, <range>" instead of the quote', () => {
    const c: ExportCitation = { n: 1, id: 'c1', sourceTitle: 'FY2024 management accounts.xlsx', quote: 'EBITDA margin was 6.14% in FY2024.', broken: false, range: 'P&L!E6:E18' };
    expect(citationNote(c)).toEqual({ source: 'Source: FY2024 management accounts.xlsx, P&L!E6:E18', quote: '' });
    expect(citationNote({ ...c, range: undefined })).toEqual({ source: 'FY2024 management accounts.xlsx', quote: 'EBITDA margin was 6.14% in FY2024.' });
  });
});

describe('KPIs of long tables read down by period', () => {
  const csvKpis = async (lines: string[]) => {
    const extraction = await extractInProcess(new TextEncoder().encode(`${lines.join('\n')}\n`), 'csv', 2_000_000);
    return extractedData(extraction, 'long.csv');
  };

  it('a monthly series of five years, rows out of order, gives the latest month, the last step and the span from the first month', async () => {
    // Prepare: 60 months, revenue 100 + month index, written newest first
    const months = Array.from({ length: 60 }, (_, i) => ({ label: `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][i % 12]} ${2020 + Math.floor(i / 12)}`, revenue: 100 + i }));
    const lines = ['Month,Revenue', ...[...months].reverse().map((m) => `${m.label},${m.revenue}`)];
    // Act
    const { kpis } = await csvKpis(lines);
    // Assess: latest Dec 2024 = 159; Nov → Dec +1 (159 / 158 − 1); Jan 2020 = 100 against Dec 2024 = 159
    expect(find(kpis, 'value', 'Revenue', 'Dec 2024').value).toBe(159);
    expect(find(kpis, 'growth', 'Revenue', 'Nov 2024–Dec 2024').value).toBeCloseTo((1 / 158) * 100, 6);
    expect(find(kpis, 'latest-vs-first', 'Revenue', 'Jan 2020–Dec 2024').value).toBe(59);
  });

  it('a log of sales by date and store (each day on many rows) is not a series: no KPI takes one store’s row for the day', async () => {
    // Prepare: 30 days × 50 stores
    const lines = ['Date,Store,Sales'];
    for (let d = 1; d <= 30; d++) for (let s = 1; s <= 50; s++) lines.push(`2024-06-${String(d).padStart(2, '0')},Store ${s},${(d * 7 + s) % 97}`);
    // Act
    const data = await csvKpis(lines);
    // Assess: the table is read whole, and gives no KPIs
    expect(data.tables[0]!.summary.row_count).toBe(1500);
    expect(data.kpis).toEqual([]);
  });
});
