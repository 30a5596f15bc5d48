import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cellAddress, columnLetters, columnNumber, parseCell, parseRange, rangeAddress } from '../../shared/domain/data-room/cells';
import { formatNumber } from '../../shared/domain/data-room/number-format';
import { parsePeriod, periodIn, rowPeriod } from '../../shared/domain/data-room/periods';
import { unitFromFormat, unitFromText, unitLabel } from '../../shared/domain/data-room/units';
import { detectFileKind } from '../../functions/domain/evidence/file-types';
import { extractInProcess } from '../../functions/domain/evidence/extract/run';
import { parseFormula } from '../../functions/domain/evidence/tables/formulas';
import { csvCell, decodeCsv } from '../../functions/domain/evidence/tables/read-csv';
import { readCsvFile, readWorkbookFile } from '../../functions/domain/evidence/tables/read-spreadsheet';
import { TABLE_LIMITS } from '../../functions/domain/evidence/tables/limits';
import { DATA_ROOM_FIXTURES, encryptedWorkbook, extractedData, foundTable, macroWorkbook, scoreDetection } from '../helpers/data-room-fixtures';
import { xlsxBytes } from '../helpers/evidence-fixtures';

async function tablesOf(file: string, bytes: Uint8Array) {
  const extraction = await extractInProcess(bytes, file.endsWith('.csv') ? 'csv' : 'xlsx', 2_000_000);
  return { extraction, tables: extraction.data?.tables ?? [] };
}

describe('cell addresses', () => {
  it('writes and reads columns, cells and ranges, quoting sheet names that need it', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(['A', 'Z', 'AA', 'aaa', '1'].map(columnNumber)).toEqual([1, 26, 27, 703, 0]);
    expect(cellAddress(7, 3, 'Sheet1')).toBe('Sheet1!C7');
    expect(cellAddress(4, 2, 'Cash flow')).toBe("'Cash flow'!B4");
    expect(rangeAddress({ sheet: 'P&L', top: 5, left: 4, bottom: 12, right: 4 })).toBe('P&L!D5:D12');
    expect(parseRange("'It''s'!$B$2:A1")).toEqual({ sheet: "It's", top: 1, left: 1, bottom: 2, right: 2 });
    expect(parseCell('P&L!D12')).toEqual({ sheet: 'P&L', row: 12, column: 4 });
    expect(parseRange('nonsense')).toBeNull();
  });
});

describe('periods', () => {
  it('reads the ways client files write years, halves, quarters, months and days', () => {
    const label = (s: string | number | Date) => parsePeriod(s)?.label ?? null;
    expect(['2024', 'FY24', 'FY2024', 'FY 2024', 'FY2023/24', 'FY23-24', '2023/24', '2025E', 'FY25 Budget'].map(label)).toEqual([
      '2024', 'FY2024', 'FY2024', 'FY2024', 'FY2024', 'FY2024', 'FY2024', '2025', 'FY2025',
    ]);
    expect(['Q3 2025', 'Q3-25', "Q3'25", 'Q3 FY25', '2025 Q3', '3Q25', 'H1 2024', '2024-H2'].map(label)).toEqual([
      'Q3 2025', 'Q3 2025', 'Q3 2025', 'Q3 FY2025', 'Q3 2025', 'Q3 2025', 'H1 2024', 'H2 2024',
    ]);
    expect(['Jan-25', 'January 2025', 'Sept 2024', '2025-01', '01/2025', '2025-01-31', '31/01/2025'].map(label)).toEqual([
      'Jan 2025', 'Jan 2025', 'Sep 2024', 'Jan 2025', 'Jan 2025', '2025-01-31', '2025-01-31',
    ]);
    expect(label(new Date(Date.UTC(2024, 2, 1)))).toBe('Mar 2024');
    expect(label(new Date(Date.UTC(2024, 2, 31)))).toBe('Mar 2024');
    expect(label(new Date(Date.UTC(2024, 2, 15)))).toBe('2024-03-15');
    expect(label(2024)).toBe('2024');
    expect([label(1850), label('Revenue'), label('Total'), label('Q5 2024'), label('2024-13')]).toEqual([null, null, null, null, null]);
    expect(periodIn('Revenue FY24 actual')?.label).toBe('FY2024');
    expect(rowPeriod(['2023', 'Jan'])?.label).toBe('Jan 2023');
    expect(parsePeriod('Q4 2024')!.key - parsePeriod('Q3 2024')!.key).toBe(1);
  });
});

describe('units and number formats', () => {
  it('reads units from headings and number formats', () => {
    const u = (s: string) => unitLabel(unitFromText(s));
    expect(['All figures in £m', "Revenue (£'000)", '$ thousands', 'Gross margin %', 'Average handling time (hours)', 'Sales (€bn)', 'in millions', 'Region'].map(u)).toEqual([
      '£m', '£k', '$k', '%', 'hours', '€bn', 'm', '',
    ]);
    expect(unitFromFormat('0.0%')).toEqual({ kind: '%', percent: true, displayScale: 1, rawScale: 1 });
    expect(unitFromFormat('"£"#,##0.0,,"m"')).toEqual({ kind: '£', percent: false, displayScale: 1e6, rawScale: 1 });
    expect(unitFromFormat('0.0"m"')).toMatchObject({ displayScale: 1, rawScale: 1e6 });
    expect(unitFromFormat('[$€-407] #,##0.00').kind).toBe('€');
  });

  it('shows numbers as their format does', () => {
    expect(formatNumber(0.3512, '0.0%')).toBe('35.1%');
    expect(formatNumber(182400000, '"£"#,##0.0,,"m"')).toBe('£182.4m');
    expect(formatNumber(-1250, '#,##0;(#,##0)')).toBe('(1,250)');
    expect(formatNumber(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(formatNumber(0, '#,##0;(#,##0);"-"')).toBe('-');
    expect(formatNumber(1234.5678, undefined)).toBe('1234.5678');
  });
});

describe('CSV reading', () => {
  it('decodes a byte-order mark, UTF-16 and Windows-1252 (its € and quotes included)', () => {
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3b, 0x62]))).toEqual({ text: 'a;b', encoding: 'UTF-8' });
    expect(decodeCsv(new Uint8Array([0xff, 0xfe, 0x61, 0, 0x2c, 0, 0x62, 0]))).toEqual({ text: 'a,b', encoding: 'UTF-16' });
    expect(decodeCsv(new Uint8Array([0x80, 0x20, 0x92, 0xe9]))).toEqual({ text: '€ ’é', encoding: 'Windows-1252' });
  });

  it('reads figures as a spreadsheet does, with a decimal point or a decimal comma', () => {
    expect(csvCell('1,234.50', false)).toEqual({ type: 'n', value: 1234.5 });
    expect(csvCell('1.234,50', true)).toEqual({ type: 'n', value: 1234.5 });
    expect(csvCell('12,5 %', true)).toEqual({ type: 'n', value: 0.125, format: '0.0%' });
    expect(csvCell('£1,200', false)).toEqual({ type: 'n', value: 1200, format: '"£"#,##0' });
    expect(csvCell('(250)', false)).toEqual({ type: 'n', value: -250 });
    expect(csvCell('007', false)).toEqual({ type: 's', value: '007' });
    expect(csvCell('Q1 2024', false)).toEqual({ type: 's', value: 'Q1 2024' });
    expect(csvCell('  ', false)).toBeNull();
  });
});

describe('formulas', () => {
  it('parses the grammar spreadsheets share', () => {
    expect(parseFormula("=SUM('P&L'!B2:B4)*2%+Sheet2!$C$1^2").k).toBe('bin');
    expect(() => parseFormula('=SUM(')).toThrow();
  });
});

describe('table detection on the fixture set', () => {
  it('finds every table a consultant sees, with its header, label column, periods and unit', async () => {
    // Prepare
    const results = await Promise.all(DATA_ROOM_FIXTURES.map(async (fx) => ({ fx, ...(await tablesOf(fx.file, await fx.build())) })));
    // Act
    const scores = results.map(({ fx, tables }) => scoreDetection(fx.expected, tables.map(foundTable)));
    const total = scores.reduce((a, s) => ({ expected: a.expected + s.expected, matched: a.matched + s.matched, extra: a.extra + s.extra, headers: a.headers + s.headersRight, periods: a.periods + s.periods, periodsRight: a.periodsRight + s.periodsRight }), { expected: 0, matched: 0, extra: 0, headers: 0, periods: 0, periodsRight: 0 });
    // Assess: every table, header and period of the set
    expect(total).toEqual({ expected: 13, matched: 13, extra: 0, headers: 13, periods: 74, periodsRight: 74 });
    for (const { fx, tables } of results) {
      for (const e of fx.expected) {
        const t = tables.find((x) => x.summary.range === e.range)!;
        expect({ title: t.summary.title, unit: t.summary.unit, orientation: t.summary.orientation }, `${fx.file} ${e.range}`).toEqual({ title: e.title, unit: e.unit, orientation: e.orientation });
      }
    }
  });

  it('keeps every value with its cell address, number format and label path', async () => {
    // Prepare
    const { tables } = await tablesOf('a.xlsx', await DATA_ROOM_FIXTURES[0]!.build());
    const pl = tables[0]!;
    // Act
    const margin = pl.rows.find((r) => r.label === 'Gross margin %')!;
    const freight = pl.rows.find((r) => r.label === 'Freight')!;
    const total = pl.rows.find((r) => r.label === 'Total operating expenses')!;
    // Assess
    expect(margin).toMatchObject({ row: 9, kind: 'data', path: ['Gross margin %'], types: 'nnnn' });
    expect(margin.formats ?? [null, null, null, null]).toEqual(['0.0%', '0.0%', '0.0%', '0.0%']);
    expect(freight).toMatchObject({ row: 14, path: ['Operating expenses', 'Freight'], values: [4.2, 4.9, 5.8, 6.8] });
    expect(total.kind).toBe('total');
    expect(pl.rows.find((r) => r.row === 11)).toMatchObject({ kind: 'section', label: 'Operating expenses' });
    expect(pl.summary.columns.map((c) => [c.letter, c.label, c.period, c.format])).toEqual([
      ['B', 'FY2021', 'FY2021', '#,##0.0'],
      ['C', 'FY2022', 'FY2022', '#,##0.0'],
      ['D', 'FY2023', 'FY2023', '#,##0.0'],
      ['E', 'FY2024', 'FY2024', '#,##0.0'],
    ]);
  });
});

describe('bad input gets a clear answer and loses nothing else', () => {
  it('refuses an encrypted workbook with the message the user can act on, and a macro workbook', async () => {
    expect(detectFileKind(encryptedWorkbook(), 'FY2024 accounts.xlsx')).toEqual({ ok: false, reason: 'This workbook is encrypted; save a copy without a password' });
    expect(detectFileKind(encryptedWorkbook(), 'accounts.xls')).toEqual({ ok: false, reason: 'This workbook is encrypted; save a copy without a password' });
    expect(detectFileKind(await macroWorkbook(), 'Model.xlsm')).toEqual({
      ok: false,
      reason: 'Model.xlsm holds macros (a macro-enabled workbook or a vbaProject.bin); save it as .xlsx without macros and upload it again',
    });
  });

  it('keeps error cells as errors, computes formulas without saved values or marks them not computed, reads hidden sheets', async () => {
    // Prepare / Act
    const { extraction, tables } = await tablesOf('a.xlsx', await DATA_ROOM_FIXTURES[0]!.build());
    const workings = tables.find((t) => t.summary.sheet === 'Workings')!;
    // Assess
    expect(workings.summary.sheet_hidden).toBe(true);
    expect(extraction.text).toContain('# Sheet: Workings (hidden)');
    const perStore = workings.rows.find((r) => r.label.startsWith('Revenue per store'))!;
    expect(perStore.types).toBe('nn');
    expect(perStore.values.map((v) => Number((v as number).toFixed(4)))).toEqual([4.375, 4.56]);
    expect(workings.rows.find((r) => r.label === 'Stores opened')).toMatchObject({ types: 'ne', values: [0, '#DIV/0!'] });
    expect(workings.rows.find((r) => r.label === 'Like-for-like')).toMatchObject({ types: 'xn', values: [null, 0.021] });
    expect(workings.summary.notes).toEqual([
      '1 cell holds an error (#DIV/0! at C3), kept as errors',
      'Sheet “Workings”: 1 formula has no saved value and could not be computed; it is marked “not computed”',
    ]);
    expect(extraction.data!.notes).toContain('Sheet “Workings” is hidden in the workbook; it was read all the same');
  });

  it('stops a sheet past the limits with a note naming the sheet and the limit, and reads the other sheets', async () => {
    // Prepare
    const rows = Array.from({ length: 30 }, (_, i) => [`Line ${i}`, i, i * 2]);
    const bytes = await xlsxBytes([{ name: 'Raw data', rows: [['Line', 'FY2023', 'FY2024'], ...rows] }, { name: 'Summary', rows: [['Metric', 'FY2024'], ['Revenue', 10]] }]);
    // Act
    const result = await readWorkbookFile(bytes, 2_000_000, { ...TABLE_LIMITS, sheetCells: 40 });
    // Assess
    expect(result.data.notes).toContain('Sheet “Raw data” has more than 40 filled cells, the most one sheet is read as tables; its first 40 were read');
    expect(result.data.sheets.map((s) => [s.name, s.cells])).toEqual([['Raw data', 42], ['Summary', 4]]);
    expect(result.text).toContain('# Sheet: Summary\nMetric\tFY2024\nRevenue\t10');
  });

  it('reads a European CSV in Windows-1252 with decimal commas, and says so', async () => {
    // Prepare
    const fx = DATA_ROOM_FIXTURES.find((f) => f.file === 'Umsatz nach Quartal.csv')!;
    // Act
    const result = await readCsvFile(await fx.build(), 2_000_000);
    // Assess
    expect(result.data.notes).toEqual(['The file was read as Windows-1252 text', 'Numbers were read with a decimal comma (1.234,56)']);
    const t = result.data.tables[0]!;
    expect(t.summary.columns.map((c) => [c.label, c.unit])).toEqual([['Umsatz (€)', '€'], ['Marge %', '%'], ['Kunden', '']]);
    expect(t.rows[0]!.values).toEqual([1234567.89, 0.125, 1204]);
    expect(result.text).toContain('Période\tUmsatz (€)\tMarge %\tKunden\nQ1 2024\t1.234.567,89\t12,5 %\t1.204');
  });
});

describe('a workbook whose zip holds its sheets before the workbook part', () => {
  it('is read as the same workbook in reading order (a zip may hold its parts in any order)', async () => {
    // Prepare: the management accounts, rewritten with the workbook's relations and strings, then every sheet, then
    // the workbook part that names the sheets (exceljs's streaming reader parses a sheet at once once it has the first two)
    const fx = DATA_ROOM_FIXTURES.find((f) => f.file === 'FY2024 management accounts.xlsx')!;
    const bytes = await fx.build();
    const parts = unzipSync(bytes);
    const early = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'].filter((n) => n in parts);
    const sheets = Object.keys(parts).filter((n) => n.startsWith('xl/worksheets/'));
    const sheetsFirst = [...early, ...sheets, ...Object.keys(parts).filter((n) => !early.includes(n) && !sheets.includes(n))];
    const shuffled = zipSync(Object.fromEntries(sheetsFirst.map((n) => [n, parts[n]!])));
    // Act
    const [inOrder, outOfOrder] = await Promise.all([extractInProcess(bytes, 'xlsx', 2_000_000), extractInProcess(shuffled, 'xlsx', 2_000_000)]);
    // Assess
    expect(outOfOrder.status, outOfOrder.reason).toBe('extracted');
    expect(extractedData(outOfOrder, fx.file).tables.map((t) => t.summary)).toEqual(extractedData(inOrder, fx.file).tables.map((t) => t.summary));
    expect(outOfOrder.text).toBe(inOrder.text);
  });
});
