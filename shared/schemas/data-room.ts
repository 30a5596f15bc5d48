/**
 * The data room (DESIGN.md "Fourth round" → "The data room"): the tables found in a workbook or CSV file, kept
 * with its evidence item as data (every value with its cell address, number format and label path), and the
 * KPIs computed from them, each with its formula and the cell ranges it used.
 *
 * Stored under the item's files (`<prefix>tables.json`: the index of tables and the KPIs; the rows of each table
 * in pages, `<prefix>tables/<table>/<page>.json`); the item keeps its KPIs (what a citation or a draft needs)
 * and how many tables it has.
 */
import * as z from 'zod/mini';

export const TABLE_ORIENTATIONS = ['periods-across', 'periods-down', 'categories'] as const;
export type TableOrientation = (typeof TABLE_ORIENTATIONS)[number];

/** A value column of a table: its header labels top-down (merged headers repeated over the columns they span). */
export const DataColumn = z.object({
  column: z.number(),
  letter: z.string(),
  /** the header labels joined (`FY2024 / Budget`) */
  label: z.string(),
  path: z.array(z.string()),
  /** the period its header names (`FY2024`, `Q3 2025`, `Jan 2025`), or null */
  period: z.nullable(z.string()),
  /** the unit its header names or its cells' format (`£m`, `%`), or '' */
  unit: z.string(),
  /** a total column (`Total`, `FY total`) */
  total: z.boolean(),
  /** the number format most of its cells have */
  format: z.nullable(z.string()),
});
export type DataColumn = z.infer<typeof DataColumn>;

export const ROW_KINDS = ['data', 'total', 'subtotal', 'section'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** One table found on a sheet (or in a CSV file). */
export const DataTableSummary = z.object({
  /** `t1`, `t2`, … in the order of the workbook's sheets, top to bottom */
  id: z.string(),
  sheet: z.string(),
  sheet_hidden: z.boolean(),
  /** the title above it, else its sheet's name */
  title: z.string(),
  /** `P&L!A4:E20` */
  range: z.string(),
  orientation: z.enum(TABLE_ORIENTATIONS),
  /** the sheet rows of its header (top-down) */
  header_rows: z.array(z.number()),
  /** the columns that label its rows (letters) */
  label_columns: z.array(z.string()),
  /** the unit its title or header names for all of it (`£m`), or '' */
  unit: z.string(),
  columns: z.array(DataColumn),
  row_count: z.number(),
  /** what was odd about it: error cells, formulas that could not be computed */
  notes: z.array(z.string()),
});
export type DataTableSummary = z.infer<typeof DataTableSummary>;

export const KPI_KINDS = ['value', 'change', 'growth', 'cagr', 'ratio', 'share', 'latest-vs-first'] as const;
export type KpiKind = (typeof KPI_KINDS)[number];

/**
 * A KPI with its provenance: `EBITDA margin FY2024 = P&L!D12 / P&L!D5 = 10.2%`. `sentence` is how the item's text
 * states it (the key figures at the top of the text: what drafts and citations quote); `start`/`end` locate it.
 */
export const Kpi = z.object({
  id: z.string(),
  table_id: z.string(),
  kind: z.enum(KPI_KINDS),
  /** what it measures (`EBITDA margin`, `Revenue`) */
  measure: z.string(),
  /** its period (`FY2024`), or the span (`FY2021–FY2024`) */
  period: z.string(),
  /** the value as computed (a percentage as 10.2, not 0.102) */
  value: z.number(),
  /** `%`, `pt`, `£m`, … or '' */
  unit: z.string(),
  /** the value as a reader reads it: `10.2%`, `£182.4m` */
  display: z.string(),
  /** `P&L!D12 / P&L!D5` */
  formula: z.string(),
  /** every cell it read */
  cells: z.array(z.string()),
  /** the range holding them: `P&L!D5:D12` */
  range: z.string(),
  /** `EBITDA margin FY2024 = P&L!D12 / P&L!D5 = 10.2%` */
  statement: z.string(),
  sentence: z.string(),
  start: z.number(),
  end: z.number(),
});
export type Kpi = z.infer<typeof Kpi>;

export const DataSheet = z.object({ name: z.string(), hidden: z.boolean(), tables: z.number(), cells: z.number() });
export type DataSheet = z.infer<typeof DataSheet>;

/** GET …/evidence/{evidence_id}/tables: the tables of a workbook or CSV item and its KPIs. */
export const DataRoom = z.object({
  evidence_id: z.string(),
  title: z.string(),
  sheets: z.array(DataSheet),
  tables: z.array(DataTableSummary),
  kpis: z.array(Kpi),
  /** what the reading could not do, naming the sheet (a sheet over the limits, formulas not computed) */
  notes: z.array(z.string()),
});
export type DataRoom = z.infer<typeof DataRoom>;

/** The cell types: number, string, boolean, date (an ISO string), error (`#REF!`), a formula not computed, empty. */
export const CELL_TYPES = ['n', 's', 'b', 'd', 'e', 'x', '-'] as const;
export type CellType = (typeof CELL_TYPES)[number];

export const DataCell = z.object({
  /** `P&L!D5` */
  address: z.string(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  type: z.enum(CELL_TYPES),
  format: z.nullable(z.string()),
  /** as the sheet shows it */
  display: z.string(),
});
export type DataCell = z.infer<typeof DataCell>;

export const DataRow = z.object({
  row: z.number(),
  label: z.string(),
  /** the row's labels from the outside in (a section, then the row's own) */
  path: z.array(z.string()),
  kind: z.enum(ROW_KINDS),
  /** one per column of the table (`columns`), in order */
  cells: z.array(DataCell),
});
export type DataRow = z.infer<typeof DataRow>;

export const TABLE_PAGE = { default: 100, max: 500 } as const;

const wholeNumber = (field: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,7}$/, `${field} must be a whole number from ${min} to ${max}`)),
      z.pipe(z.transform(Number), z.number().check(z.gte(min, `${field} must be at least ${min}`), z.lte(max, `${field} must be at most ${max}`))),
    ),
  );

export const TablePageQuery = z.object({
  offset: wholeNumber('offset', 0, 5_000_000),
  limit: wholeNumber('limit', 1, TABLE_PAGE.max),
  /** instead of `offset`: the page (of `limit` rows) that holds this sheet row (a KPI's cells) */
  row: wholeNumber('row', 1, 9_999_999),
});

/** GET …/tables/{table_id}/rows: `limit` rows from `offset` (data rows in sheet order), with their cells. */
export const TablePage = z.object({
  table: DataTableSummary,
  offset: z.number(),
  limit: z.number(),
  total: z.number(),
  rows: z.array(DataRow),
});
export type TablePage = z.infer<typeof TablePage>;
