/**
 * The data room's fixture set: workbooks and CSV files built with exceljs the way client files look (a P&L with
 * years across and a title, a blank separator and formulas; a monthly KPI sheet with months down, and one with years
 * and months down; two tables on one sheet, and two side by side; merged headers over actual and budget; totals
 * with and without the word; percentages kept as fractions with a % format; a hidden sheet with an error cell and
 * formulas without saved values; a survey CSV with semicolons and a byte-order mark; a European CSV in Windows-1252
 * with decimal commas), each with the tables a consultant would see in it (`expected`), which the detection is
 * measured against. Also: an encrypted workbook, a macro workbook, and the two large files of the scale figures.
 *
 * Built in memory (nothing binary is kept in the repository); `npx tsx scripts/data-room-fixtures.ts [folder]` writes
 * them to a folder to open in Excel or upload by hand.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { rowPeriod } from '../../shared/domain/data-room/periods';
import type { TableData } from '../../shared/domain/data-room/table-data';
import type { Extraction } from '../../functions/domain/evidence/extract/types';
import { fakeOle2, seeded } from './evidence-fixtures';

export interface ExpectedTable {
  sheet: string;
  title: string;
  range: string;
  orientation: 'periods-across' | 'periods-down' | 'categories';
  header_rows: number[];
  /** the value columns' labels, left to right */
  columns: string[];
  /** the periods of the columns (across) or of the rows (down), in order */
  periods: string[];
  unit: string;
}

export interface DataRoomFixture {
  file: string;
  build: () => Promise<Uint8Array>;
  expected: ExpectedTable[];
}

type Cell = ExcelJS.CellValue | { value: ExcelJS.CellValue; numFmt: string };
interface SheetSpec {
  name: string;
  hidden?: boolean;
  /** rows from row 1; `null` is a blank row */
  rows: (Cell[] | null)[];
  merges?: string[];
  widths?: number[];
}

const FIXED_DATE = new Date(Date.UTC(2025, 2, 1));

async function workbook(sheets: readonly SheetSpec[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  wb.creator = 'Finance team';
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name, spec.hidden ? { state: 'hidden' } : {});
    spec.rows.forEach((row, r) => {
      if (!row) return;
      row.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const target = ws.getCell(r + 1, c + 1);
        if (typeof cell === 'object' && !(cell instanceof Date) && 'numFmt' in cell) {
          target.value = cell.value;
          target.numFmt = cell.numFmt;
        } else target.value = cell;
      });
    });
    for (const m of spec.merges ?? []) ws.mergeCells(m);
    spec.widths?.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const f = (value: ExcelJS.CellValue, numFmt: string) => ({ value, numFmt });
const m1 = (v: number) => f(v, '#,##0.0');
const pct = (v: number) => f(v, '0.0%');
const formula = (text: string, result: number, numFmt = '#,##0.0') => f({ formula: text, result }, numFmt);
const round1 = (v: number) => Math.round(v * 10) / 10;

// ── 1. management accounts: P&L with years across ─────────────────────────────────────────────────────

const YEARS = ['FY2021', 'FY2022', 'FY2023', 'FY2024'] as const;
const REVENUE = [150.2, 164.8, 175.0, 182.4];
const COST_OF_SALES = [88.1, 97.2, 111.1, 118.4];
const STAFF = [26.0, 27.9, 30.2, 31.5];
const RENT = [9.8, 10.1, 10.4, 10.6];
const FREIGHT = [4.2, 4.9, 5.8, 6.8];
const OTHER = [3.1, 3.3, 3.5, 3.9];
const DEPRECIATION = [6.0, 6.2, 6.3, 6.5];
const cols = ['B', 'C', 'D', 'E'] as const;

/** The P&L's figures (what the KPI tests compute by hand against). */
export const PL = (() => {
  const gross = REVENUE.map((r, i) => round1(r - COST_OF_SALES[i]!));
  const opex = STAFF.map((s, i) => round1(s + RENT[i]! + FREIGHT[i]! + OTHER[i]!));
  const ebitda = gross.map((g, i) => round1(g - opex[i]!));
  const operating = ebitda.map((e, i) => round1(e - DEPRECIATION[i]!));
  return { revenue: REVENUE, costOfSales: COST_OF_SALES, gross, opex, ebitda, operating, freight: FREIGHT };
})();

function managementAccounts(): Promise<Uint8Array> {
  const line = (label: string, values: readonly number[]) => [label, ...values.map(m1)];
  const sum = (label: string, row: number, first: number, last: number, values: readonly number[]) => [label, ...cols.map((c, i) => formula(`SUM(${c}${first}:${c}${last})`, values[i]!))];
  return workbook([
    {
      name: 'P&L',
      widths: [28, 10, 10, 10, 10],
      rows: [
        ['Harbour & Pine Ltd'],
        ['Profit and loss account'],
        ['All figures in £m'],
        null,
        ['£m', ...YEARS],
        line('Revenue', REVENUE),
        line('Cost of sales', COST_OF_SALES),
        ['Gross profit', ...cols.map((c, i) => formula(`${c}6-${c}7`, PL.gross[i]!))],
        ['Gross margin %', ...cols.map((c, i) => formula(`${c}8/${c}6`, PL.gross[i]! / REVENUE[i]!, '0.0%'))],
        null,
        ['Operating expenses'],
        line('Staff costs', STAFF),
        line('Rent and rates', RENT),
        line('Freight', FREIGHT),
        line('Other overheads', OTHER),
        sum('Total operating expenses', 16, 12, 15, PL.opex),
        null,
        ['EBITDA', ...cols.map((c, i) => formula(`${c}8-${c}16`, PL.ebitda[i]!))],
        line('Depreciation', DEPRECIATION),
        ['Operating profit', ...cols.map((c, i) => formula(`${c}18-${c}19`, PL.operating[i]!))],
      ],
    },
    {
      name: 'Stock',
      rows: [
        ['Stock and working capital'],
        null,
        ['Measure', ...YEARS],
        ['Inventory days', 58, 63, 72, 78],
        ['Stock value (£m)', ...[14.1, 16.9, 21.9, 25.3].map(m1)],
        ['Markdowns (£m)', ...[0.9, 1.1, 1.8, 2.4].map(m1)],
      ],
    },
    {
      name: 'Workings',
      hidden: true,
      rows: [
        ['Check', 'FY2023', 'FY2024'],
        ['Revenue per store (£m)', f({ formula: "'P&L'!D6/40" }, '#,##0.00'), f({ formula: "'P&L'!E6/40" }, '#,##0.00')],
        ['Stores opened', 0, f({ formula: 'B3/0', result: { error: '#DIV/0!' } } as unknown as ExcelJS.CellFormulaValue, '0')],
        ['Like-for-like', f({ formula: 'LFLRATE(B2)' }, '0.0%'), pct(0.021)],
      ],
    },
  ]);
}

// ── 2. monthly KPIs: months down ──────────────────────────────────────────────────────────────────────

const MONTHS_24 = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2023 + Math.floor(i / 12), i % 12, 1)));
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function monthlyKpis(): Promise<Uint8Array> {
  const rnd = seeded(7);
  const rows = MONTHS_24.map((d, i) => {
    const revenue = Math.round(1180 + i * 14 + rnd() * 90);
    const orders = Math.round(revenue * 21.5 + rnd() * 400);
    return [f(d, 'mmm-yy'), f(revenue, '#,##0'), f(orders, '#,##0'), pct(0.021 + i * 0.0004), f(round1(revenue * 1000 / orders * 10) / 10, '"£"#,##0.00')];
  });
  const byYear = MONTHS_24.map((d, i) => [i % 12 === 0 ? d.getUTCFullYear() : null, MONTH_NAMES[i % 12]!, f(Math.round(310 + i * 3 + rnd() * 20), '#,##0'), pct(0.046 - i * 0.0005)]);
  return workbook([
    { name: 'Monthly KPIs', rows: [['Monthly trading KPIs'], null, ['Month', 'Revenue (£k)', 'Orders', 'Conversion %', 'Average basket (£)'], ...rows] },
    { name: 'By year', rows: [['Year', 'Month', 'Deliveries', 'Returns rate'], ...byYear] },
  ]);
}

// ── 3. people data: two tables stacked, two side by side ──────────────────────────────────────────────

function peopleData(): Promise<Uint8Array> {
  return workbook([
    {
      name: 'Headcount',
      rows: [
        ['Headcount by site (FTE)'],
        ['Site', 'FY2023', 'FY2024'],
        ['Bristol head office', 212, 220],
        ['Avonmouth warehouse', 148, 139],
        ['Stores', 1310, 1284],
        ['Total', f({ formula: 'SUM(B3:B5)', result: 1670 }, '#,##0'), f({ formula: 'SUM(C3:C5)', result: 1643 }, '#,##0')],
        null,
        null,
        ['Attrition by function, FY2024'],
        ['Function', 'Leavers', 'Average headcount', 'Attrition %'],
        ['Stores', 412, 1297, pct(412 / 1297)],
        ['Warehouse', 31, 143, pct(31 / 143)],
        ['Head office', 24, 216, pct(24 / 216)],
      ],
    },
    {
      name: 'Absence',
      rows: [
        ['Absence days by quarter', null, null, null, null, 'Sickness absence by reason', null],
        ['Quarter', 'Stores', 'Warehouse', 'Head office', null, 'Reason', 'Days'],
        ['Q1 2024', 2140, 410, 310, null, 'Musculoskeletal', 2960],
        ['Q2 2024', 1980, 388, 290, null, 'Mental health', 2410],
        ['Q3 2024', 1875, 402, 270, null, 'Respiratory', 1730],
        ['Q4 2024', 2310, 455, 330, null, 'Other', 1400],
      ],
    },
  ]);
}

// ── 4. budget against actual: merged headers, totals with and without the word ───────────────────────

function budgetVsActual(): Promise<Uint8Array> {
  const thousands = (v: number) => f(v, '#,##0');
  return workbook([
    {
      name: 'Regions',
      merges: ['B3:C3', 'D3:E3'],
      rows: [
        ['Regional sales: budget against actual (£000)'],
        null,
        [null, 'FY2023', null, 'FY2024', null],
        ['Region', 'Actual', 'Budget', 'Actual', 'Budget'],
        ['North', ...[41200, 40000, 43900, 45000].map(thousands)],
        ['South', ...[52800, 51000, 54100, 56000].map(thousands)],
        ['East', ...[30100, 31000, 31900, 33000].map(thousands)],
        ['West', ...[26400, 27000, 25800, 28000].map(thousands)],
        ['Total', ...[150500, 149000, 155700, 162000].map(thousands)],
      ],
    },
    {
      name: 'Channels',
      rows: [
        ['Sales by channel (£m)'],
        ['Channel', 'FY2023', 'FY2024'],
        ['Stores', m1(131.6), m1(132.9)],
        ['Online', m1(31.2), m1(38.7)],
        ['Wholesale', m1(12.2), m1(10.8)],
        [null, m1(175.0), m1(182.4)],
      ],
    },
  ]);
}

// ── 5. CSV files ──────────────────────────────────────────────────────────────────────────────────────

function surveyCsv(): Promise<Uint8Array> {
  const lines = [
    'Question;Strongly agree;Agree;Neutral;Disagree;Strongly disagree;Responses',
    'I understand our strategy;112;301;140;61;22;636',
    'My manager supports my development;98;276;151;80;31;636',
    'I would recommend Harbour & Pine as a place to work;74;239;170;102;51;636',
    'I have the tools to do my job well;61;220;160;131;64;636',
  ];
  const text = `\uFEFF${lines.join('\r\n')}\r\n`;
  return Promise.resolve(new TextEncoder().encode(text));
}

/** Windows-1252 bytes of Latin-1 text (€ is 0x80 there). */
function windows1252(text: string): Uint8Array {
  return new Uint8Array([...text].map((ch) => (ch === '€' ? 0x80 : ch === '’' ? 0x92 : ch.charCodeAt(0) & 0xff)));
}

function europeanCsv(): Promise<Uint8Array> {
  const lines = [
    'Période;Umsatz (€);Marge %;Kunden',
    'Q1 2024;1.234.567,89;12,5 %;1.204',
    'Q2 2024;1.310.204,10;12,9 %;1.251',
    'Q3 2024;1.288.930,55;11,8 %;1.239',
    'Q4 2024;1.402.118,02;13,4 %;1.318',
  ];
  return Promise.resolve(windows1252(`${lines.join('\r\n')}\r\n`));
}

/** The fixture set the detection is measured on. */
export const DATA_ROOM_FIXTURES: readonly DataRoomFixture[] = [
  {
    file: 'FY2024 management accounts.xlsx',
    build: managementAccounts,
    expected: [
      { sheet: 'P&L', title: 'Harbour & Pine Ltd', range: 'P&L!A5:E20', orientation: 'periods-across', header_rows: [5], columns: [...YEARS], periods: [...YEARS], unit: '£m' },
      { sheet: 'Stock', title: 'Stock and working capital', range: 'Stock!A3:E6', orientation: 'periods-across', header_rows: [3], columns: [...YEARS], periods: [...YEARS], unit: '' },
      { sheet: 'Workings', title: 'Workings', range: 'Workings!A1:C4', orientation: 'periods-across', header_rows: [1], columns: ['FY2023', 'FY2024'], periods: ['FY2023', 'FY2024'], unit: '' },
    ],
  },
  {
    file: 'Trading KPIs by month.xlsx',
    build: monthlyKpis,
    expected: [
      {
        sheet: 'Monthly KPIs',
        title: 'Monthly trading KPIs',
        range: "'Monthly KPIs'!A3:E27",
        orientation: 'periods-down',
        header_rows: [3],
        columns: ['Revenue (£k)', 'Orders', 'Conversion %', 'Average basket (£)'],
        periods: MONTHS_24.map((d) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`),
        unit: '',
      },
      {
        sheet: 'By year',
        title: 'By year',
        range: "'By year'!A1:D25",
        orientation: 'periods-down',
        header_rows: [1],
        columns: ['Deliveries', 'Returns rate'],
        periods: MONTHS_24.map((d) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`),
        unit: '',
      },
    ],
  },
  {
    file: 'People data.xlsx',
    build: peopleData,
    expected: [
      { sheet: 'Headcount', title: 'Headcount by site (FTE)', range: 'Headcount!A2:C6', orientation: 'periods-across', header_rows: [2], columns: ['FY2023', 'FY2024'], periods: ['FY2023', 'FY2024'], unit: '' },
      { sheet: 'Headcount', title: 'Attrition by function, FY2024', range: 'Headcount!A10:D13', orientation: 'categories', header_rows: [10], columns: ['Leavers', 'Average headcount', 'Attrition %'], periods: [], unit: '' },
      { sheet: 'Absence', title: 'Absence days by quarter', range: 'Absence!A2:D6', orientation: 'periods-down', header_rows: [2], columns: ['Stores', 'Warehouse', 'Head office'], periods: ['Q1 2024', 'Q2 2024', 'Q3 2024', 'Q4 2024'], unit: 'days' },
      { sheet: 'Absence', title: 'Sickness absence by reason', range: 'Absence!F2:G6', orientation: 'categories', header_rows: [2], columns: ['Days'], periods: [], unit: '' },
    ],
  },
  {
    file: 'Budget vs actual.xlsx',
    build: budgetVsActual,
    expected: [
      {
        sheet: 'Regions',
        title: 'Regional sales: budget against actual (£000)',
        range: 'Regions!A3:E9',
        orientation: 'periods-across',
        header_rows: [3, 4],
        columns: ['FY2023 / Actual', 'FY2023 / Budget', 'FY2024 / Actual', 'FY2024 / Budget'],
        periods: ['FY2023', 'FY2023', 'FY2024', 'FY2024'],
        unit: '£k',
      },
      { sheet: 'Channels', title: 'Sales by channel (£m)', range: 'Channels!A2:C6', orientation: 'periods-across', header_rows: [2], columns: ['FY2023', 'FY2024'], periods: ['FY2023', 'FY2024'], unit: '£m' },
    ],
  },
  {
    file: 'Staff survey results.csv',
    build: surveyCsv,
    expected: [
      {
        sheet: 'Sheet1',
        title: 'Sheet1',
        range: 'Sheet1!A1:G5',
        orientation: 'categories',
        header_rows: [1],
        columns: ['Strongly agree', 'Agree', 'Neutral', 'Disagree', 'Strongly disagree', 'Responses'],
        periods: [],
        unit: '',
      },
    ],
  },
  {
    file: 'Umsatz nach Quartal.csv',
    build: europeanCsv,
    expected: [
      { sheet: 'Sheet1', title: 'Sheet1', range: 'Sheet1!A1:D5', orientation: 'periods-down', header_rows: [1], columns: ['Umsatz (€)', 'Marge %', 'Kunden'], periods: ['Q1 2024', 'Q2 2024', 'Q3 2024', 'Q4 2024'], unit: '' },
    ],
  },
];

/** A password-protected workbook as Excel saves it: an OLE2 compound file with the encryption streams. */
export const encryptedWorkbook = (): Uint8Array => fakeOle2(['EncryptionInfo', 'EncryptedPackage']);

/** A macro-enabled workbook: a valid workbook with a VBA project inside. */
export async function macroWorkbook(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await workbook([{ name: 'Sheet1', rows: [['Metric', 'Value'], ['Revenue', 1]] }]));
  zip.file('xl/vbaProject.bin', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file('[Content_Types].xml', types.replace('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'));
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

/** A new version of the management accounts: FY2025 added after FY2024, and a line (Marketing) inserted above Freight. */
export function managementAccountsV2(): Promise<Uint8Array> {
  const YEARS2 = [...YEARS, 'FY2025'];
  const line = (label: string, values: readonly number[]) => [label, ...values.map(m1)];
  return workbook([
    {
      name: 'P&L',
      rows: [
        ['Harbour & Pine Ltd'],
        ['Profit and loss account'],
        ['All figures in £m'],
        null,
        ['£m', ...YEARS2],
        line('Revenue', [...REVENUE, 191.0]),
        line('Cost of sales', [...COST_OF_SALES, 122.9]),
        line('Gross profit', [...PL.gross, 68.1]),
        null,
        ['Operating expenses'],
        line('Staff costs', [...STAFF, 32.4]),
        line('Rent and rates', [...RENT, 10.9]),
        line('Marketing', [2.0, 2.1, 2.2, 2.4, 2.6]),
        line('Freight', [...FREIGHT, 7.1]),
        line('Other overheads', [...OTHER, 4.0]),
      ],
    },
  ]);
}

// ── the scale figures' files ──────────────────────────────────────────────────────────────────────────

/** 20 sheets of 1,000 rows × 10 columns (a label and nine months of figures): 200,000 cells. */
export function largeWorkbook(): Promise<Uint8Array> {
  const rnd = seeded(11);
  const sheets: SheetSpec[] = Array.from({ length: 20 }, (_, s) => ({
    name: `Store ${String(s + 1).padStart(2, '0')}`,
    rows: [
      ['SKU', ...MONTH_NAMES.slice(0, 9).map((m) => `${m} 2024`)],
      ...Array.from({ length: 999 }, (_, r) => [`SKU-${s}-${r}`, ...Array.from({ length: 9 }, () => Math.round(rnd() * 5000) / 10)]),
    ],
  }));
  return workbook(sheets);
}

/** A CSV of 100,000 rows × 20 columns: a date, a store, a category and 17 figures. */
export function largeCsv(): Uint8Array {
  const rnd = seeded(13);
  const header = ['Date', 'Store', 'Category', ...Array.from({ length: 17 }, (_, i) => `Measure ${i + 1}`)];
  const lines = [header.join(',')];
  for (let r = 1; r < 100_000; r++) {
    const day = new Date(Date.UTC(2024, 0, 1 + (r % 366)));
    const figures = Array.from({ length: 17 }, () => (rnd() * 1000).toFixed(2));
    lines.push([day.toISOString().slice(0, 10), `Store ${r % 40}`, `Category ${r % 12}`, ...figures].join(','));
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

// ── how well the detection did ────────────────────────────────────────────────────────────────────────

/** What the detection found of a table, as the measure compares it. */
export interface FoundTable {
  sheet: string;
  range: string;
  orientation: string;
  header_rows: number[];
  columns: string[];
  /** column periods (across) or row periods (down) */
  periods: string[];
}

/** What the detection found of a table, in the terms the measure compares. */
export function foundTable(t: TableData): FoundTable {
  return {
    sheet: t.summary.sheet,
    range: t.summary.range,
    orientation: t.summary.orientation,
    header_rows: t.summary.header_rows,
    columns: t.summary.columns.map((c) => c.label),
    periods:
      t.summary.orientation === 'periods-across'
        ? t.summary.columns.map((c) => c.period ?? '').filter(Boolean)
        : t.summary.orientation === 'periods-down'
          ? t.rows.map((r) => rowPeriod(r.path)?.label ?? '').filter(Boolean)
          : [],
  };
}

export interface DetectionScore {
  expected: number;
  found: number;
  /** expected tables found at their range */
  matched: number;
  /** tables found that no expected table is */
  extra: number;
  /** of the matched: header rows and every column label right */
  headersRight: number;
  /** periods: expected periods read right, of all expected */
  periodsRight: number;
  periods: number;
  /** of the matched: orientation right */
  orientationRight: number;
}

/** Scores what was found against what a consultant sees (tables matched by sheet and range). */
export function scoreDetection(expected: readonly ExpectedTable[], found: readonly FoundTable[]): DetectionScore {
  const score: DetectionScore = { expected: expected.length, found: found.length, matched: 0, extra: 0, headersRight: 0, periodsRight: 0, periods: 0, orientationRight: 0 };
  const used = new Set<FoundTable>();
  for (const e of expected) {
    score.periods += e.periods.length;
    const f = found.find((x) => x.sheet === e.sheet && x.range === e.range && !used.has(x));
    if (!f) continue;
    used.add(f);
    score.matched++;
    if (JSON.stringify(f.header_rows) === JSON.stringify(e.header_rows) && JSON.stringify(f.columns) === JSON.stringify(e.columns)) score.headersRight++;
    if (f.orientation === e.orientation) score.orientationRight++;
    score.periodsRight += e.periods.filter((p, i) => f.periods[i] === p).length;
  }
  score.extra = found.filter((f) => !used.has(f)).length;
  return score;
}

/** The tables and KPIs an extraction read, or an error that says why there are none (its status and reason). */
export function extractedData(extraction: Extraction, file: string): NonNullable<Extraction['data']> {
  if (!extraction.data) throw new Error(`${file}: no tables read (${extraction.status}: ${extraction.reason ?? 'no reason given'})`);
  return extraction.data;
}
