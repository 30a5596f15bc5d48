/**
 * A chart bound to a range of a workbook's table (think-cell's datasheet link), pure: rows and columns are chosen
 * by their labels, so the range is found again in a new version of the file (a line inserted above a row moves it
 * down; a year added as a column leaves the chosen ones where they are). What moved is said ("Freight moved from
 * row 14 to row 15"); a label that is gone leaves the chart on its last data, marked not current.
 *
 * The server reads the rows (functions/domain/visuals/table-binding.ts); the builder's preview reads them through
 * the table's rows route; both resolve with these functions, so the preview draws what the exports will.
 */
import { visualsTexts } from '../../messages/visuals';
import type { DataColumn, DataRow, DataTableSummary, RowKind } from '../../schemas/data-room';
import type { DataSeriesIn, DataTableBinding, TableRangeData, VisualType } from '../../schemas/visuals';
import { boundingRange, type CellRef, columnNumber, rangeAddress } from './cells';
import { parsePeriod } from './periods';
import { figureOf, type StoredRow } from './table-data';
import { unitFromFormat } from './units';

const m = visualsTexts.chart;

/** A row of a table as a range reads it: its labels and its values as figures (a % format's fraction as a percentage). */
export interface RangeRow {
  row: number;
  label: string;
  path: string[];
  kind: RowKind;
  /** one per column of the table; null where the cell holds no number */
  values: (number | null)[];
}

/** A stored row (the server's pages) as a range reads it. */
export function rangeRowOfStored(summary: DataTableSummary, row: StoredRow): RangeRow {
  return { row: row.row, label: row.label, path: row.path, kind: row.kind, values: summary.columns.map((_, i) => figureOf(summary, row, i)?.value ?? null) };
}

/** A row of the rows route (the browser's pages) as a range reads it: the same figures as rangeRowOfStored. */
export function rangeRowOfPage(row: DataRow): RangeRow {
  return {
    row: row.row,
    label: row.label,
    path: row.path,
    kind: row.kind,
    values: row.cells.map((c) => {
      if (c.type !== 'n' || typeof c.value !== 'number' || !Number.isFinite(c.value)) return null;
      return unitFromFormat(c.format ?? undefined).percent ? c.value * 100 : c.value;
    }),
  };
}

/** Labels compared as a reader compares them: case, spacing and compatibility forms aside. */
export const sameLabel = (a: string, b: string) => normal(a) === normal(b);
const normal = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => sameLabel(x, b[i]!));

/** The row of this label nearest to where it was (its own path first: "Revenue" under "Retail" before any other). */
function findRow(want: DataTableBinding['rows'][number], rows: readonly RangeRow[]): RangeRow | undefined {
  const named = rows.filter((r) => sameLabel(r.label, want.label));
  const pathed = want.path.length ? named.filter((r) => samePath(r.path, want.path)) : [];
  const pool = pathed.length ? pathed : named;
  return [...pool].sort((a, b) => Math.abs(a.row - want.row) - Math.abs(b.row - want.row) || a.row - b.row)[0];
}

/** The column of this heading nearest to where it was. */
function findColumn(want: DataTableBinding['columns'][number], columns: readonly DataColumn[]): number | undefined {
  const at = columnNumber(want.letter);
  const pool = columns.map((c, i) => ({ c, i })).filter(({ c }) => sameLabel(c.label, want.label));
  return [...pool].sort((a, b) => Math.abs(a.c.column - at) - Math.abs(b.c.column - at) || a.c.column - b.c.column)[0]?.i;
}

export interface RangeMatch {
  /** per row of the binding: the table's row holding its label */
  rows: (RangeRow | undefined)[];
  /** per column of the binding: the index of the table's column holding its heading */
  columns: (number | undefined)[];
  /** the labels and headings not found */
  missing: string[];
  /** what moved since the binding was saved, in the binding's order (rows, then columns) */
  moves: string[];
}

/** The binding's rows and columns found in a table by their labels, and what moved. */
export function matchRange(binding: DataTableBinding, summary: DataTableSummary, rows: readonly RangeRow[]): RangeMatch {
  const found = binding.rows.map((r) => findRow(r, rows));
  const columns = binding.columns.map((c) => findColumn(c, summary.columns));
  const missing = [...binding.rows.filter((_, i) => !found[i]).map((r) => r.label), ...binding.columns.filter((_, i) => columns[i] === undefined).map((c) => c.label)];
  const moves: string[] = [];
  binding.rows.forEach((r, i) => {
    const now = found[i];
    if (now && now.row !== r.row) moves.push(m.rowMoved(r.label, r.row, now.row));
  });
  binding.columns.forEach((c, i) => {
    const now = columns[i] === undefined ? undefined : summary.columns[columns[i]]!;
    if (now && now.letter !== c.letter) moves.push(m.columnMoved(c.label, c.letter, now.letter));
  });
  return { rows: found, columns, missing, moves };
}

/** Whether every label of the binding was found. */
export const matchedAll = (match: RangeMatch) => match.missing.length === 0;

/** The data of a range fully matched (matchedAll): values rows × columns in the binding's order, and where they are. */
export function rangeData(binding: DataTableBinding, summary: DataTableSummary, match: RangeMatch, from: { evidence_id: string; file_name: string }): TableRangeData {
  const cells: CellRef[] = [];
  const values = binding.rows.map((_, r) =>
    binding.columns.map((_, c) => {
      const row = match.rows[r];
      const col = match.columns[c];
      if (!row || col === undefined) return null;
      cells.push({ sheet: summary.sheet, row: row.row, column: summary.columns[col]!.column });
      return row.values[col] ?? null;
    }),
  );
  return {
    evidence_id: from.evidence_id,
    file_name: from.file_name,
    table_id: summary.id,
    sheet: summary.sheet,
    range: cells.length ? rangeAddress(boundingRange(cells)) : summary.range,
    rows: binding.rows.map((r, i) => match.rows[i]?.label ?? r.label),
    columns: binding.columns.map((c, i) => (match.columns[i] === undefined ? c.label : summary.columns[match.columns[i]]!.label)),
    values,
    unit: summary.unit,
    current: true,
    moves: match.moves,
    problem: null,
  };
}

/**
 * The binding as it stands in the table now: each row and column where its label was found, the item the values
 * were read from. Saving a visual keeps this, so what moved is said until the visual is saved again.
 */
export function reboundBinding(binding: DataTableBinding, summary: DataTableSummary, match: RangeMatch, evidenceId: string): DataTableBinding {
  return {
    ...binding,
    evidence_id: evidenceId,
    table_id: summary.id,
    rows: binding.rows.map((r, i) => {
      const now = match.rows[i];
      return now ? { label: now.label, path: now.path, row: now.row } : r;
    }),
    columns: binding.columns.map((c, i) => {
      const now = match.columns[i] === undefined ? undefined : summary.columns[match.columns[i]]!;
      return now ? { label: now.label, letter: now.letter } : c;
    }),
  };
}

/**
 * The last data of a chart whose range cannot be read from the newest file as it was saved, marked not current
 * with the reason; without last data, empty values under the binding's labels.
 */
export function staleData(binding: DataTableBinding, last: TableRangeData | undefined, problem: string, moves: string[] = []): TableRangeData {
  const base: TableRangeData = last ?? {
    evidence_id: binding.evidence_id,
    file_name: binding.file_name,
    table_id: binding.table_id,
    sheet: '',
    range: '',
    rows: binding.rows.map((r) => r.label),
    columns: binding.columns.map((c) => c.label),
    values: binding.rows.map(() => binding.columns.map(() => null)),
    unit: '',
    current: true,
    moves: [],
    problem: null,
  };
  return { ...base, current: false, moves, problem };
}

/** Why a range cannot be matched: the labels gone from the newest file. */
export const labelsGone = (labels: readonly string[], file: string) => m.labelsGone([...new Set(labels)], file);

/** The line a chart bound to a table shows under its title and in the exports: `Source: <file>, <Sheet>!<range>`. */
export const rangeSourceLine = (data: Pick<TableRangeData, 'file_name' | 'range'>): string | null => (data.range ? m.source(data.file_name, data.range) : null);

// ── the chart type that fits a range ─────────────────────────────────────────────────────────────────

export interface TypeSuggestion {
  type: Extract<VisualType, 'line' | 'bar' | 'waterfall'>;
  series: DataSeriesIn;
  why: keyof typeof visualsTexts.workbookRange.why;
}

/** Tolerance of a bridge's sum: the sheet's own rounding. */
const closeTo = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Whether one column's values, top to bottom, bridge a start to an end: a start, steps that add and deduct (one of
 * each at least), and a last value equal to the start plus the steps (subtotals on the way may equal the running
 * total).
 */
function isBridge(values: readonly (number | null)[]): boolean {
  const v = values.filter((x): x is number => x !== null);
  if (v.length < 3 || v.length !== values.length) return false;
  let level = v[0]!;
  let up = false;
  let down = false;
  for (let i = 1; i < v.length - 1; i++) {
    if (closeTo(v[i]!, level)) continue;
    if (v[i]! > 0) up = true;
    if (v[i]! < 0) down = true;
    level += v[i]!;
  }
  return up && down && closeTo(v[v.length - 1]!, level);
}

/**
 * The chart that fits a range: a line for a time series (the columns, or the rows, are periods), a waterfall for a
 * bridge of additions and deductions (one column whose rows add up to its last), a bar for categories.
 */
export function suggestChartType(range: { rows: readonly string[]; columns: readonly Pick<DataColumn, 'label' | 'period'>[]; values: readonly (readonly (number | null)[])[] }): TypeSuggestion {
  const periods = (labels: readonly (string | null)[]) => labels.length >= 2 && labels.every((l) => l !== null && parsePeriod(l) !== null);
  if (range.columns.length === 1 && isBridge(range.values.map((r) => r[0] ?? null))) return { type: 'waterfall', series: 'columns', why: 'waterfall' };
  if (periods(range.columns.map((c) => c.period ?? c.label))) return { type: 'line', series: 'rows', why: 'line' };
  if (periods(range.rows)) return { type: 'line', series: 'columns', why: 'lineDown' };
  return { type: 'bar', series: range.columns.length === 1 ? 'columns' : 'rows', why: 'bar' };
}
