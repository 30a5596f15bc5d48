/**
 * A table pasted from a spreadsheet (tab-separated, as spreadsheets copy) or typed as CSV (commas or
 * semicolons, RFC 4180 quotes: `"a, b"`, `"say ""hi"""`), bounded by the visual's table limits. The first
 * row is the headings. Linear in the text; anything past the limits is cut and said so.
 */
import { TABLE_LIMITS } from '../../schemas/visuals';

export interface PastedTable {
  columns: string[];
  rows: string[][];
  /** what was cut to fit the limits (empty: nothing) */
  problems: string[];
}

/** Largest text read (the largest table the limits allow, quoted, fits well inside). */
const MAX_TEXT = 200_000;

function delimiterOf(firstLine: string): string {
  if (firstLine.includes('\t')) return '\t';
  const commas = firstLine.split(',').length;
  const semicolons = firstLine.split(';').length;
  return semicolons > commas ? ';' : ',';
}

function records(text: string, delimiter: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
      atStart = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      atStart = true;
    } else {
      cell += ch;
      if (ch !== ' ') atStart = false;
    }
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    out.push(row);
  }
  return out.filter((r) => r.some((c) => c.trim() !== ''));
}

/**
 * Pasted text as rows of cells, nothing cut (the datasheet pastes them from the cell it is on). `auto`: tab-separated
 * as spreadsheets copy, else CSV; `spreadsheet`: tab-separated only (a column copied from a spreadsheet has no
 * tabs, and `1,234` is one number, not two cells). Linear in the text; at most the first 200,000 characters are read.
 */
export function parseCells(text: string, mode: 'auto' | 'spreadsheet' = 'auto'): string[][] {
  const source = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  return records(source, mode === 'spreadsheet' ? '\t' : delimiterOf(firstLine));
}

export function parsePastedTable(text: string): PastedTable {
  const problems: string[] = [];
  const all = parseCells(text);
  const [head = [], ...body] = all;
  let cut = false;
  const fit = (c: string) => {
    const v = c.trim();
    if (v.length > TABLE_LIMITS.cellChars) cut = true;
    return v.slice(0, TABLE_LIMITS.cellChars);
  };
  const width = Math.min(TABLE_LIMITS.columns, Math.max(head.length, ...body.map((r) => r.length)));
  if (Math.max(head.length, ...body.map((r) => r.length), 0) > TABLE_LIMITS.columns) problems.push(`Only the first ${TABLE_LIMITS.columns} columns are kept.`);
  if (body.length > TABLE_LIMITS.rows) problems.push(`Only the first ${TABLE_LIMITS.rows} rows are kept.`);
  const columns = Array.from({ length: width }, (_, i) => fit(head[i] ?? ''));
  const rows = body.slice(0, TABLE_LIMITS.rows).map((r) => Array.from({ length: width }, (_, i) => fit(r[i] ?? '')));
  if (cut) problems.push(`Cells are cut to ${TABLE_LIMITS.cellChars} characters.`);
  return { columns, rows, problems };
}
