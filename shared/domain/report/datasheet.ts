/**
 * The datasheet behind a chart, think-cell style (pure): a grid of text cells whose first row holds the
 * headings and whose first column the labels. Editing keeps it inside the schema's limits (TABLE_LIMITS) and
 * says what did not fit; a chart bound to report data shows its values as a datasheet (read-only), and
 * unlinking it makes that datasheet the chart's own.
 *
 * Rows are addressed as in `rows` (0 = the first data row); the heading row is row -1.
 */
import { visualsTexts } from '../../messages/visuals';
import { TABLE_LIMITS, type TableBinding, type Visual } from '../../schemas/visuals';
import type { ChartData } from './chart-data';
import { parseCells } from './table-paste';

export interface Sheet {
  columns: string[];
  rows: string[][];
}

export const HEADING_ROW = -1;

const chart = visualsTexts.chart;

const blankRow = (width: number) => Array.from({ length: width }, () => '');

/** Every row as wide as the headings (what the grid draws and the schema takes). */
export function normalizeSheet(sheet: Sheet): Sheet {
  const width = Math.max(1, sheet.columns.length, ...sheet.rows.map((r) => r.length));
  return {
    columns: Array.from({ length: width }, (_, i) => sheet.columns[i] ?? ''),
    rows: sheet.rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
  };
}

export const canAddRow = (sheet: Sheet) => sheet.rows.length < TABLE_LIMITS.rows && (sheet.rows.length + 1) * sheet.columns.length <= TABLE_LIMITS.cells;
export const canAddColumn = (sheet: Sheet) => sheet.columns.length < TABLE_LIMITS.columns && sheet.rows.length * (sheet.columns.length + 1) <= TABLE_LIMITS.cells;

/** One cell set (row -1: a heading); text is cut to the cell limit. */
export function setCell(sheet: Sheet, row: number, column: number, text: string): Sheet {
  const value = text.slice(0, TABLE_LIMITS.cellChars);
  const s = normalizeSheet(sheet);
  if (row === HEADING_ROW) return { ...s, columns: s.columns.map((c, i) => (i === column ? value : c)) };
  return { ...s, rows: s.rows.map((r, i) => (i === row ? r.map((c, j) => (j === column ? value : c)) : r)) };
}

/** A blank row after `after` (-1: first); unchanged at the limit. */
export function addRow(sheet: Sheet, after = sheet.rows.length - 1): Sheet {
  if (!canAddRow(sheet)) return sheet;
  const s = normalizeSheet(sheet);
  const at = Math.min(Math.max(after + 1, 0), s.rows.length);
  return { ...s, rows: [...s.rows.slice(0, at), blankRow(s.columns.length), ...s.rows.slice(at)] };
}

export function removeRow(sheet: Sheet, row: number): Sheet {
  if (row < 0 || row >= sheet.rows.length) return sheet;
  return { ...sheet, rows: sheet.rows.filter((_, i) => i !== row) };
}

/** A blank column after `after`; unchanged at the limit. */
export function addColumn(sheet: Sheet, after = sheet.columns.length - 1): Sheet {
  if (!canAddColumn(sheet)) return sheet;
  const s = normalizeSheet(sheet);
  const at = Math.min(Math.max(after + 1, 1), s.columns.length);
  const insert = <T>(list: T[], item: T) => [...list.slice(0, at), item, ...list.slice(at)];
  return { columns: insert(s.columns, ''), rows: s.rows.map((r) => insert(r, '')) };
}

/** A column removed (the labels, column 0, and the last column stay). */
export function removeColumn(sheet: Sheet, column: number): Sheet {
  const s = normalizeSheet(sheet);
  if (column <= 0 || column >= s.columns.length) return sheet;
  return { columns: s.columns.filter((_, i) => i !== column), rows: s.rows.map((r) => r.filter((_, i) => i !== column)) };
}

export interface PasteResult {
  sheet: Sheet;
  /** the block pasted: where it starts and how much of it fitted */
  rows: number;
  columns: number;
  /** the size of what was pasted, when it did not all fit (null: it did) */
  cut: { rows: number; columns: number } | null;
}

/**
 * Cells pasted from a spreadsheet (tab-separated) written from one cell rightwards and down, the sheet growing as
 * needed up to its limits; what does not fit is left out and said (`cut`). Pasting on the heading row writes the
 * first pasted row as the headings.
 */
export function pasteAt(sheet: Sheet, row: number, column: number, text: string): PasteResult {
  const block = parseCells(text, 'spreadsheet').map((r) => r.map((c) => c.trim().slice(0, TABLE_LIMITS.cellChars)));
  const s = normalizeSheet(sheet);
  if (!block.length) return { sheet: s, rows: 0, columns: 0, cut: null };
  const blockWidth = Math.max(...block.map((r) => r.length));
  const width = Math.min(TABLE_LIMITS.columns, Math.max(s.columns.length, column + blockWidth));
  // data rows the paste reaches (the heading row is not a data row)
  const lastRow = row + block.length - 1;
  const maxRows = Math.min(TABLE_LIMITS.rows, Math.floor(TABLE_LIMITS.cells / width));
  const height = Math.min(maxRows, Math.max(s.rows.length, lastRow + 1));
  const columns = Array.from({ length: width }, (_, i) => s.columns[i] ?? '');
  const rows = Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => s.rows[r]?.[c] ?? ''));
  let fittedRows = 0;
  let fittedColumns = 0;
  block.forEach((cells, i) => {
    const r = row + i;
    if (r >= height) return;
    fittedRows++;
    cells.forEach((cell, j) => {
      const c = column + j;
      if (c >= width) return;
      fittedColumns = Math.max(fittedColumns, j + 1);
      if (r === HEADING_ROW) columns[c] = cell;
      else rows[r]![c] = cell;
    });
  });
  const cut = fittedRows < block.length || fittedColumns < blockWidth ? { rows: block.length, columns: blockWidth } : null;
  return { sheet: { columns, rows }, rows: fittedRows, columns: fittedColumns, cut };
}

/** A number as a datasheet cell: as it is, never in exponent form for the numbers charts draw. */
function numberCell(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  return String(Math.round(value * 1e9) / 1e9);
}

/**
 * The datasheet a chart draws: for a chart bound to report data, its values as they are now (shown read-only;
 * unlinking makes them the chart's own typed datasheet, in the shape its type reads).
 */
export function sheetOf(visual: Pick<Visual, 'type' | 'binding'>, data: ChartData): Sheet {
  if (visual.binding.source === 'table') return normalizeSheet(visual.binding);
  let sheet: Sheet;
  switch (visual.type) {
    case 'waterfall': {
      // the start as its number, the steps as theirs, every later total as e
      sheet = {
        columns: [data.category_label, data.value_label],
        rows: data.bars.map((b, i) => [b.label, b.kind === 'total' && i > 0 ? 'e' : numberCell(b.value)]),
      };
      break;
    }
    case 'gantt':
      // a typed gantt reads task, start, end, group
      sheet = { columns: [data.category_label || chart.action, chart.start, chart.end, chart.phase], rows: data.tasks.map((t) => [t.name, numberCell(t.start), numberCell(t.end), t.group]) };
      break;
    case 'table':
      sheet = { columns: data.columns, rows: data.rows };
      break;
    case 'heatmap':
      sheet = { columns: [data.columns[0] ?? data.category_label, ...data.categories], rows: data.series.map((s) => [s.name, ...s.values.map(numberCell)]) };
      break;
    default:
      sheet = { columns: [data.category_label, ...data.series.map((s) => s.name)], rows: data.categories.map((c, i) => [c, ...data.series.map((s) => numberCell(s.values[i] ?? null))]) };
  }
  const s = normalizeSheet(sheet);
  // within the datasheet's limits (a bound chart draws at most 40 categories, so this rarely cuts)
  const width = Math.min(TABLE_LIMITS.columns, s.columns.length);
  const height = Math.min(TABLE_LIMITS.rows, Math.floor(TABLE_LIMITS.cells / width));
  const cell = (c: string) => c.slice(0, TABLE_LIMITS.cellChars);
  return { columns: s.columns.slice(0, width).map(cell), rows: s.rows.slice(0, height).map((r) => r.slice(0, width).map(cell)) };
}

/** The typed-table binding of a datasheet (what "unlink to edit" and the editable grid save). */
export const tableBindingOf = (sheet: Sheet): TableBinding => ({ source: 'table', ...normalizeSheet(sheet) });
