/**
 * A table with its values, as the extraction finds it and the store keeps it: the summary (DataTableSummary) and
 * its rows, each row's values in the order of the table's columns with a type per cell and, where a cell's number
 * format differs from its column's, the cell's own. Pure helpers turn a stored cell into what a reader sees
 * (address, display) and into a figure with its unit (a fraction with a % format is a percentage).
 */
import type { CellType, DataCell, DataColumn, DataTableSummary, RowKind } from '../../schemas/data-room';
import { cellAddress } from './cells';
import { formatDate, formatNumber, generalNumber } from './number-format';
import { firstUnit, type Unit, unitFromFormat, unitFromText } from './units';

export type CellValue = number | string | boolean | null;

export interface StoredRow {
  row: number;
  label: string;
  path: string[];
  kind: RowKind;
  /** one per column of the table */
  values: CellValue[];
  /** one type letter per column (CELL_TYPES) */
  types: string;
  /** a cell's number format where it is not its column's (null: the column's) */
  formats?: (string | null)[];
}

export interface TableData {
  summary: DataTableSummary;
  rows: StoredRow[];
}

const cellType = (row: StoredRow, i: number): CellType => (row.types[i] ?? '-') as CellType;
const cellFormat = (row: StoredRow, column: DataColumn, i: number): string | null => row.formats?.[i] ?? column.format;

/** A stored cell as the reader sees it: its address, value, type, format and the text the sheet shows. */
export function dataCell(summary: DataTableSummary, row: StoredRow, i: number): DataCell {
  const column = summary.columns[i]!;
  const type = cellType(row, i);
  const value = type === '-' ? null : (row.values[i] ?? null);
  const format = cellFormat(row, column, i);
  let display = '';
  if (type === 'n' && typeof value === 'number') display = formatNumber(value, format ?? undefined);
  else if (type === 'd' && typeof value === 'string') display = format ? formatDate(new Date(value), format) : value.slice(0, 10);
  else if (type === 'b') display = value ? 'TRUE' : 'FALSE';
  else if (type === 'x') display = 'not computed';
  else if (value !== null) display = typeof value === 'number' ? generalNumber(value) : String(value);
  return { address: cellAddress(row.row, column.column, summary.sheet), value, type, format, display };
}

/** A figure of a table: the number as the reader means it (a % format's fraction as a percentage) and its unit. */
export interface Figure {
  value: number;
  unit: Unit;
  /** `P&L!D5` */
  address: string;
}

/**
 * The figure of a numeric cell (undefined for text, errors, formulas not computed and empty cells). Its unit is
 * the first that says something: the cell's format, the row's label, the column's header, the table's title.
 */
export function figureOf(summary: DataTableSummary, row: StoredRow, i: number): Figure | undefined {
  const column = summary.columns[i];
  const value = row.values[i];
  if (!column || cellType(row, i) !== 'n' || typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const format = unitFromFormat(cellFormat(row, column, i) ?? undefined);
  const address = cellAddress(row.row, column.column, summary.sheet);
  if (format.percent) return { value: value * 100, unit: { kind: '%', scale: 1 }, address };
  const unit = firstUnit({ kind: format.kind, scale: format.rawScale }, unitFromText(row.label), unitFromText(column.unit), unitFromText(summary.unit));
  return { value, unit, address };
}
