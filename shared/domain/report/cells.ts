/**
 * The cells of a typed (or pasted) datasheet: which of them hold numbers for a chart type, how a cell reads
 * as a number, and which cells do not (pure, no imports of value: the visuals schema checks a body with it,
 * the datasheet marks its cells with it, and the chart data reads the numbers with it).
 *
 * A datasheet is think-cell's: the first row holds the headings, the first column the labels, the other
 * cells the numbers. A table visual draws any text; a gantt reads task, start, end (numbers) and a group
 * (text); every other chart reads numbers after the first column. A waterfall's value cell may also be `e`
 * (think-cell's "equals"): a total of everything above it, drawn as a subtotal or as the end.
 */

/** Numbers beyond this are not drawn (a chart of them says nothing; they also break axis arithmetic). */
export const MAX_CHART_VALUE = 1e15;

const finite = (v: number): number | null => (Number.isFinite(v) && Math.abs(v) <= MAX_CHART_VALUE ? v : null);

const NUMBER_CELL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d{1,3})?$/i;
const GROUPED = /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
/** Currency signs a spreadsheet copies with a formatted cell (the client currencies and a few more). */
const CURRENCY = /^(?:CA\$|US\$|A\$|[$€£¥₹])\s*|\s*(?:CA\$|US\$|A\$|[$€£¥₹])$/;

/**
 * A typed cell as a number: `1,234.5`, `-3`, `12%`, `1e6`, and as spreadsheets copy formatted cells:
 * `$1,234`, `€ 12`, `(2.5)` (accounting negative), `−4` (a real minus sign). Anything else (text, NaN,
 * Infinity, more than 1e15, over 40 characters) is null.
 */
export function parseCellNumber(cell: string): number | null {
  let s = cell.trim().replace(/\u2212/g, '-');
  if (!s || s.length > 40) return null;
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.endsWith('%')) s = s.slice(0, -1).trim();
  const sign = /^[-+]/.exec(s)?.[0] ?? '';
  s = s.slice(sign.length).replace(CURRENCY, '');
  s = sign + s;
  if (GROUPED.test(s)) s = s.replace(/,/g, '');
  if (!NUMBER_CELL.test(s)) return null;
  const n = finite(Number(s));
  if (n === null) return null;
  return negative ? -Math.abs(n) : n;
}

/** A waterfall's total cell: `e` (think-cell's "equals"), also `=`, `total`. */
export function isTotalCell(cell: string): boolean {
  return /^(?:e|=|total)$/i.test(cell.trim());
}

export type CellKind = 'label' | 'number' | 'total-or-number' | 'text';

/** What a datasheet cell of column `column` (0-based) holds for a chart of `type`. */
export function cellKind(type: string, column: number): CellKind {
  if (column === 0) return 'label';
  if (type === 'table') return 'text';
  if (type === 'gantt') return column <= 2 ? 'number' : 'text';
  if (type === 'waterfall') return 'total-or-number';
  return 'number';
}

export interface CellProblem {
  /** 0-based row of `rows` (the headings are not a row) */
  row: number;
  /** 0-based column */
  column: number;
  cell: string;
  heading: string;
  message: string;
}

/** Why one cell cannot be what its column holds, or null: empty cells are fine (a gap in the chart). */
function cellProblem(type: string, column: number, cell: string): string | null {
  const kind = cellKind(type, column);
  if (kind === 'label' || kind === 'text' || cell.trim() === '') return null;
  if (parseCellNumber(cell) !== null) return null;
  if (kind === 'total-or-number' && isTotalCell(cell)) return null;
  return kind === 'total-or-number' ? 'is not a number (or e for a total)' : 'is not a number';
}

/** Every cell of `rows` that is text where a number belongs, row by row (at most `max`). */
export function cellProblems(type: string, table: { columns: readonly string[]; rows: readonly (readonly string[])[] }, max = 1000): CellProblem[] {
  const out: CellProblem[] = [];
  for (let r = 0; r < table.rows.length && out.length < max; r++) {
    const row = table.rows[r]!;
    for (let c = 0; c < row.length && out.length < max; c++) {
      const message = cellProblem(type, c, row[c]!);
      if (message) out.push({ row: r, column: c, cell: row[c]!, heading: table.columns[c] ?? '', message });
    }
  }
  return out;
}
