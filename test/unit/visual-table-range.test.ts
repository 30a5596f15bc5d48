/**
 * Charts bound to a range of a workbook's table: the range found by its labels (in the file it was chosen in, and
 * in a new version where rows moved or a label is gone), the data a chart draws from it with its source line, and
 * the chart type that fits a range.
 */
import { describe, expect, it } from 'vitest';
import { extractInProcess } from '../../functions/domain/evidence/extract/run';
import type { TableData } from '../../shared/domain/data-room/table-data';
import {
  labelsGone,
  matchedAll,
  matchRange,
  rangeData,
  rangeRowOfPage,
  rangeRowOfStored,
  rangeSourceLine,
  reboundBinding,
  staleData,
  suggestChartType,
} from '../../shared/domain/data-room/table-range';
import { dataCell } from '../../shared/domain/data-room/table-data';
import { bindChartData } from '../../shared/domain/report/chart-data';
import { CreateVisualBody, DataTableBinding, DEFAULT_VISUAL_OPTIONS, Visual, type TableRangeData } from '../../shared/schemas/visuals';
import { DATA_ROOM_FIXTURES, managementAccountsV2, PL, extractedData } from '../helpers/data-room-fixtures';

const FILE = 'FY2024 management accounts.xlsx';

async function plTable(bytes: Uint8Array): Promise<TableData> {
  const extraction = await extractInProcess(bytes, 'xlsx', 2_000_000);
  return extractedData(extraction, 'P&L workbook').tables[0]!;
}
const v1 = async () => plTable(await DATA_ROOM_FIXTURES.find((f) => f.file === FILE)!.build());
const v2 = async () => plTable(await managementAccountsV2());
const rowsOf = (t: TableData) => t.rows.map((r) => rangeRowOfStored(t.summary, r));

/** Revenue and staff costs over FY2022–FY2024, as the builder saves them from the first version. */
const binding = (extra: Partial<DataTableBinding> = {}): DataTableBinding =>
  DataTableBinding.parse({
    source: 'data-table',
    evidence_id: 'ev-1',
    file_name: FILE,
    table_id: 't1',
    series: 'rows',
    rows: [
      { label: 'Revenue', path: ['Revenue'], row: 6 },
      { label: 'Staff costs', path: ['Operating expenses', 'Staff costs'], row: 12 },
    ],
    columns: [
      { label: 'FY2022', letter: 'C' },
      { label: 'FY2023', letter: 'D' },
      { label: 'FY2024', letter: 'E' },
    ],
    ...extra,
  });

describe('a table range found by its labels', () => {
  it('reads the chosen rows and columns of the file they were chosen in, with the range of their cells', async () => {
    // Prepare
    const table = await v1();
    // Act
    const match = matchRange(binding(), table.summary, rowsOf(table));
    const data = rangeData(binding(), table.summary, match, { evidence_id: 'ev-1', file_name: FILE });
    // Assess
    expect(matchedAll(match)).toBe(true);
    expect(match.moves).toEqual([]);
    expect(data).toMatchObject({ sheet: 'P&L', table_id: 't1', range: 'P&L!C6:E12', rows: ['Revenue', 'Staff costs'], columns: ['FY2022', 'FY2023', 'FY2024'], unit: '£m', current: true, problem: null });
    expect(data.values).toEqual([PL.revenue.slice(1), [27.9, 30.2, 31.5]]);
    expect(rangeSourceLine(data)).toBe('Source: FY2024 management accounts.xlsx, P&L!C6:E12');
  });

  it('follows a new version of the workbook: a row that moved is found by its label, and the move is said', async () => {
    // Prepare: the new version drops the gross margin line, so the operating expenses move up a row
    const table = await v2();
    // Act
    const match = matchRange(binding(), table.summary, rowsOf(table));
    const data = rangeData(binding(), table.summary, match, { evidence_id: 'ev-2', file_name: FILE });
    const rebound = reboundBinding(binding(), table.summary, match, 'ev-2');
    // Assess
    expect(matchedAll(match)).toBe(true);
    expect(match.moves).toEqual(['Staff costs moved from row 12 to row 11']);
    expect(data.values).toEqual([PL.revenue.slice(1), [27.9, 30.2, 31.5]]);
    expect(data.range).toBe('P&L!C6:E11');
    expect(data.evidence_id).toBe('ev-2');
    expect(rebound.rows.map((r) => r.row)).toEqual([6, 11]);
    expect(rebound.evidence_id).toBe('ev-2');
    // saved again, nothing has moved any more
    expect(matchRange(rebound, table.summary, rowsOf(table)).moves).toEqual([]);
  });

  it('says when a column moved, and finds a label whatever its case or spacing', async () => {
    // Prepare: a binding saved when FY2024 stood in column D
    const table = await v1();
    const b = binding({ columns: [{ label: 'fy2024', letter: 'D' }] });
    // Act
    const match = matchRange(b, table.summary, rowsOf(table));
    // Assess
    expect(match.moves).toEqual(['fy2024 moved from column D to column E']);
    expect(match.columns).toEqual([3]);
  });

  it('keeps the last data of a label gone from the new version, marked not current with the reason', async () => {
    // Prepare: gross margin % is bound in the first version and gone from the second
    const first = await v1();
    const b = binding({ rows: [{ label: 'Gross margin %', path: ['Gross margin %'], row: 9 }, { label: 'Staff costs', path: ['Operating expenses', 'Staff costs'], row: 12 }] });
    const last = rangeData(b, first.summary, matchRange(b, first.summary, rowsOf(first)), { evidence_id: 'ev-1', file_name: FILE });
    const second = await v2();
    // Act
    const match = matchRange(b, second.summary, rowsOf(second));
    const stale = staleData(b, last, labelsGone(match.missing, FILE), match.moves);
    // Assess: the margin was read as a percentage (a fraction with a % format)
    expect(last.values[0]![2]).toBeCloseTo((64 / 182.4) * 100, 6);
    expect(match.missing).toEqual(['Gross margin %']);
    expect(stale).toMatchObject({ current: false, values: last.values, range: last.range, moves: ['Staff costs moved from row 12 to row 11'] });
    expect(stale.problem).toBe('“Gross margin %” is no longer in the newest FY2024 management accounts.xlsx: the chart shows its last data and is not current.');
  });

  it('reads the rows route\'s cells as the stored rows are read (a % format\'s fraction as a percentage)', async () => {
    // Prepare
    const table = await v1();
    const margin = table.rows.find((r) => r.label === 'Gross margin %')!;
    const page = { row: margin.row, label: margin.label, path: margin.path, kind: margin.kind, cells: table.summary.columns.map((_, i) => dataCell(table.summary, margin, i)) };
    // Act / Assess
    expect(rangeRowOfPage(page).values).toEqual(rangeRowOfStored(table.summary, margin).values);
  });
});

describe('the data a chart bound to a table range draws', () => {
  const data: TableRangeData = {
    evidence_id: 'ev-1',
    file_name: FILE,
    table_id: 't1',
    sheet: 'P&L',
    range: 'P&L!C6:E12',
    rows: ['Revenue', 'Staff costs'],
    columns: ['FY2022', 'FY2023', 'FY2024'],
    values: [
      [164.8, 175, 182.4],
      [27.9, 30.2, 31.5],
    ],
    unit: '£m',
    current: true,
    moves: ['Staff costs moved from row 12 to row 11'],
    problem: null,
  };
  const visual = (type: Visual['type'], b: DataTableBinding, table_data?: TableRangeData) => ({ type, binding: b, options: DEFAULT_VISUAL_OPTIONS, table_data });
  const source = { data: {}, evidence: [] };

  it('draws a series per row over the periods, with what moved and the source line under the title', () => {
    // Act
    const chart = bindChartData(visual('line', binding(), data), source);
    // Assess
    expect(chart.message).toBeNull();
    expect(chart.categories).toEqual(['FY2022', 'FY2023', 'FY2024']);
    expect(chart.series).toEqual([
      { name: 'Revenue', values: [164.8, 175, 182.4] },
      { name: 'Staff costs', values: [27.9, 30.2, 31.5] },
    ]);
    expect(chart.source).toBe('Source: FY2024 management accounts.xlsx, P&L!C6:E12');
    expect(chart.notes).toEqual(['Staff costs moved from row 12 to row 11', 'Source: FY2024 management accounts.xlsx, P&L!C6:E12']);
  });

  it('draws a series per column across the rows', () => {
    // Act
    const chart = bindChartData(visual('bar', binding({ series: 'columns' }), data), source);
    // Assess
    expect(chart.categories).toEqual(['Revenue', 'Staff costs']);
    expect(chart.series.map((s) => s.name)).toEqual(['FY2022', 'FY2023', 'FY2024']);
    expect(chart.series[2]!.values).toEqual([182.4, 31.5]);
  });

  it('says a chart is not current above its last data', () => {
    // Act
    const chart = bindChartData(visual('line', binding(), { ...data, current: false, moves: [], problem: 'gone' }), source);
    // Assess
    expect(chart.message).toBeNull();
    expect(chart.notes[0]).toBe('gone');
  });

  it('draws a bridge as a waterfall: a start, the steps, and a value equal to the running total as a total', () => {
    // Prepare
    const bridge: TableRangeData = { ...data, rows: ['Gross profit', 'Staff costs', 'Rent', 'One-off gain', 'EBITDA'], columns: ['FY2024'], values: [[64], [-31.5], [-10.6], [3.1], [25]], moves: [] };
    // Act
    const chart = bindChartData(visual('waterfall', binding({ series: 'columns' }), bridge), source);
    // Assess
    expect(chart.bars.map((b) => [b.label, b.kind, b.to])).toEqual([
      ['Gross profit', 'total', 64],
      ['Staff costs', 'decrease', 32.5],
      ['Rent', 'decrease', 21.9],
      ['One-off gain', 'increase', 25],
      ['EBITDA', 'total', 25],
    ]);
  });

  it('without data read yet, says so instead of drawing', () => {
    // Act
    const chart = bindChartData(visual('bar', binding()), source);
    // Assess
    expect(chart.message).toBe('The table’s data could not be read.');
  });
});

describe('the chart type that fits a range', () => {
  const col = (label: string, period: string | null = null) => ({ label, period });

  it('a line for periods across (a series per row) or down (a series per column)', () => {
    // Act / Assess
    expect(suggestChartType({ rows: ['Revenue'], columns: [col('FY2023', 'FY2023'), col('FY2024', 'FY2024')], values: [[1, 2]] })).toEqual({ type: 'line', series: 'rows', why: 'line' });
    expect(suggestChartType({ rows: ['Jan 2025', 'Feb 2025', 'Mar 2025'], columns: [col('Sales'), col('Visits')], values: [[1, 2], [3, 4], [5, 6]] })).toEqual({
      type: 'line',
      series: 'columns',
      why: 'lineDown',
    });
  });

  it('a waterfall for one column that bridges a start to its end by additions and deductions', () => {
    // Act / Assess
    const one = (values: number[]) => suggestChartType({ rows: values.map((_, i) => `Step ${i + 1}`), columns: [col('Bridge')], values: values.map((v) => [v]) }).type;
    expect(one([64, -31.5, -10.6, 3.1, 25])).toBe('waterfall');
    expect(one([100, -40, 60, 15, 75])).toBe('waterfall'); // a subtotal on the way
    expect(one([100, -40, 20, 70])).toBe('bar'); // does not add up
    expect(one([100, 20, 30, 150])).toBe('bar'); // additions only
    expect(suggestChartType({ rows: ['Start', 'Price', 'Volume', 'Mix', 'End'], columns: [col('Bridge')], values: [[64], [-31.5], [-10.6], [3.1], [25]] })).toEqual({
      type: 'waterfall',
      series: 'columns',
      why: 'waterfall',
    });
  });

  it('a bar for categories', () => {
    // Act / Assess
    expect(suggestChartType({ rows: ['North', 'South', 'West'], columns: [col('Stores')], values: [[12], [9], [4]] })).toEqual({ type: 'bar', series: 'columns', why: 'bar' });
    expect(suggestChartType({ rows: ['North', 'South'], columns: [col('Stores'), col('Staff')], values: [[12, 80], [9, 61]] }).type).toBe('bar');
  });
});

describe('the binding as the API takes it', () => {
  const body = (b: unknown) => ({ type: 'line', title: 'Revenue', binding: b });

  it('takes a table range on the chart types that draw one, and keeps visuals without it valid', () => {
    // Act / Assess
    expect(CreateVisualBody.safeParse(body(binding())).success).toBe(true);
    expect(CreateVisualBody.safeParse({ ...body(binding()), type: 'waterfall' }).success).toBe(true);
    const gantt = CreateVisualBody.safeParse({ ...body(binding()), type: 'gantt' });
    expect(gantt.success).toBe(false);
    const old = { id: 'v', report_id: 'r', type: 'bar', title: 't', caption: '', binding: { source: 'dimension-scores', include_out_of_scope: false }, options: DEFAULT_VISUAL_OPTIONS, status: 'completed', version: 1, updated_by: 'u', updated_at: '', created_at: '' };
    expect(Visual.safeParse(old).success).toBe(true);
  });

  it('refuses a range without rows or columns, or with more than a chart draws', () => {
    // Act
    const none = CreateVisualBody.safeParse(body({ ...binding(), rows: [] }));
    const many = CreateVisualBody.safeParse(body({ ...binding(), columns: Array.from({ length: 41 }, (_, i) => ({ label: `c${i}`, letter: 'B' })) }));
    const badTable = CreateVisualBody.safeParse(body({ ...binding(), table_id: '../t1' }));
    // Assess
    expect(none.error?.issues[0]?.message).toBe('binding.rows needs at least one row');
    expect(many.error?.issues[0]?.message).toBe('binding.columns may hold at most 40 columns');
    expect(badTable.error?.issues[0]?.message).toBe('binding.table_id must be a table id like t1');
  });
});
