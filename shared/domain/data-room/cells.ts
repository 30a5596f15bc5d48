/**
 * Cell addresses as a spreadsheet writes them: columns as letters (A, B, …, Z, AA, …), a cell as `C7`, a range as
 * `C7:F12`, qualified by its sheet (`P&L!D5:D12`; a sheet name with spaces, quotes or an exclamation mark is
 * quoted as Excel quotes it: `'Cash flow'!B4`). Pure: the extraction worker, the server and the SPA read the same
 * addresses.
 */

/** Column number (1-based) → letters: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let n = Math.floor(column);
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Letters → column number (1-based); 0 when they are not letters. */
export function columnNumber(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return 0;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A sheet name as it stands before `!`: quoted when it holds a space, a quote, an exclamation mark or starts with a digit. */
function sheetRef(sheet: string): string {
  return /[\s'!:[\]]|^\d/.test(sheet) ? `'${sheet.replace(/'/g, "''")}'` : sheet;
}

export interface CellRef {
  sheet: string;
  row: number;
  column: number;
}

/** `C7`, or `P&L!C7` with its sheet. */
export function cellAddress(row: number, column: number, sheet?: string): string {
  const local = `${columnLetters(column)}${row}`;
  return sheet === undefined ? local : `${sheetRef(sheet)}!${local}`;
}

export interface RangeRef {
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** `P&L!D5:D12` (one cell: `P&L!D5`). */
export function rangeAddress(r: RangeRef): string {
  const start = cellAddress(r.top, r.left);
  const end = cellAddress(r.bottom, r.right);
  return `${sheetRef(r.sheet)}!${start === end ? start : `${start}:${end}`}`;
}

/** The smallest range holding every cell (all on one sheet: the first cell's). */
export function boundingRange(cells: readonly CellRef[]): RangeRef {
  const first = cells[0]!;
  return {
    sheet: first.sheet,
    top: Math.min(...cells.map((c) => c.row)),
    left: Math.min(...cells.map((c) => c.column)),
    bottom: Math.max(...cells.map((c) => c.row)),
    right: Math.max(...cells.map((c) => c.column)),
  };
}

const LOCAL_CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/** Splits `Sheet!A1:B2` (or `'My sheet'!A1`) into its sheet and the rest; the sheet is `fallback` when none is named. */
function splitSheet(address: string, fallback: string): { sheet: string; local: string } | null {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: fallback, local: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'")) {
    if (!sheet.endsWith("'") || sheet.length < 2) return null;
    sheet = sheet.slice(1, -1).replace(/''/g, "'");
  }
  return sheet ? { sheet, local: address.slice(bang + 1) } : null;
}

/** `P&L!D5` or `D5` (on `fallback`) → its parts; null when it is not an address. */
export function parseCell(address: string, fallback = ''): CellRef | null {
  const split = splitSheet(address.trim(), fallback);
  const m = split && LOCAL_CELL.exec(split.local);
  if (!split || !m) return null;
  const column = columnNumber(m[1]!);
  const row = Number(m[2]);
  return column > 0 && row > 0 ? { sheet: split.sheet, row, column } : null;
}

/** `P&L!D5:D12`, `P&L!D5` or `D5:D12` (on `fallback`) → its parts, corners ordered; null when it is not a range. */
export function parseRange(address: string, fallback = ''): RangeRef | null {
  const split = splitSheet(address.trim(), fallback);
  if (!split) return null;
  const [a, b, extra] = split.local.split(':');
  if (extra !== undefined || !a) return null;
  const start = parseCell(a, split.sheet);
  const end = b === undefined ? start : parseCell(b, split.sheet);
  if (!start || !end) return null;
  return {
    sheet: split.sheet,
    top: Math.min(start.row, end.row),
    left: Math.min(start.column, end.column),
    bottom: Math.max(start.row, end.row),
    right: Math.max(start.column, end.column),
  };
}

