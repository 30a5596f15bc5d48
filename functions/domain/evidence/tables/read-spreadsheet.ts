/**
 * A workbook or CSV file read as data and as text (inside the extraction worker): its sheets as grids, the
 * formulas without a saved value computed, the tables of each sheet, the KPIs of each table; and the text every
 * other reader uses: the key figures first (one KPI sentence a line, what drafts read and citations quote), then
 * each sheet as `# Sheet: name` and one line a row with the cells joined by tabs.
 */
import type { DataSheet, Kpi } from '@shared/schemas/data-room';
import { KPI_LIMITS, keyFiguresText, tableKpis } from '@shared/domain/data-room/kpis';
import type { TableData } from '@shared/domain/data-room/table-data';
import { dataRoomNotes } from '@shared/messages/evidence';
import { detectTables } from './detect';
import { computeFormulas } from './formulas';
import type { GridRow, SheetGrid } from './grid';
import { TABLE_LIMITS, type TableLimits } from './limits';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';

/** What a workbook or CSV file holds as data: its sheets, tables, KPIs, and the notes naming what was not read. */
export interface SpreadsheetData {
  sheets: DataSheet[];
  tables: TableData[];
  kpis: Kpi[];
  notes: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates read as a person would write them: 2024-03-31, or 2024-03-31 14:05 when a time is set. */
function dateText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hasTime = d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds();
  return hasTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : day;
}

const oneLine = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();

/** A grid cell as the text shows it: values as stored, dates as dates, errors as errors, formulas not computed empty. */
function cellText(row: GridRow, c: number): string {
  const v = row.values[c];
  switch (row.types[c]) {
    case 'n':
      return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
    case 'b':
      return v ? 'TRUE' : 'FALSE';
    case 'd':
      return typeof v === 'string' ? dateText(v) : '';
    case 's':
    case 'e':
      return oneLine(String(v ?? ''));
    default:
      return '';
  }
}

/** Appends each sheet's text until `maxTextChars` is passed. */
function sheetsText(sheets: readonly SheetGrid[], maxTextChars: number): { text: string; truncated: boolean } {
  const lines: string[] = [];
  let length = 0;
  for (const sheet of sheets) {
    const header = `# Sheet: ${oneLine(sheet.name)}${sheet.hidden ? ' (hidden)' : ''}`;
    lines.push(...(lines.length ? ['', header] : [header]));
    length += header.length + 2;
    for (const row of sheet.rows) {
      const cells: string[] = [];
      for (let c = 0; c < row.types.length; c++) {
        const text = cellText(row, c);
        if (!text) continue;
        while (cells.length < c) cells.push('');
        cells[c] = text;
      }
      if (!cells.length) continue;
      const line = cells.join('\t');
      lines.push(line);
      length += line.length + 1;
      if (length > maxTextChars) return { text: lines.join('\n'), truncated: true };
    }
  }
  return { text: lines.join('\n'), truncated: false };
}

/** Tables, KPIs and notes of the grids (and the notes each grid brought: limits, hidden). */
function dataOf(grids: readonly SheetGrid[], extraNotes: readonly string[], limits: TableLimits): SpreadsheetData {
  const tables: TableData[] = [];
  const notes: string[] = [...extraNotes];
  const sheets: DataSheet[] = [];
  for (const grid of grids) {
    if (grid.note) notes.push(grid.note);
    if (grid.hidden) notes.push(dataRoomNotes.hidden(grid.name));
    const found = detectTables(grid, tables.length + 1, limits);
    notes.push(...found.notes);
    const room = limits.tablesPerItem - tables.length;
    if (found.tables.length > room) notes.push(dataRoomNotes.tablesPerItem(limits.tablesPerItem));
    tables.push(...found.tables.slice(0, Math.max(0, room)));
    sheets.push({ name: grid.name, hidden: grid.hidden, tables: Math.min(found.tables.length, Math.max(0, room)), cells: grid.cells });
    // the rows are the tables' now: the grid's copy can go
    grid.rows.length = 0;
  }
  const kpis: Kpi[] = [];
  for (const t of tables) {
    if (kpis.length >= KPI_LIMITS.perItem) break;
    kpis.push(...tableKpis(t).slice(0, KPI_LIMITS.perItem - kpis.length));
  }
  return { sheets, tables, kpis, notes: [...new Set(notes)] };
}

/** What reading gives the extraction: its text (and whether it was cut), the sheets counted, the data. */
export interface SpreadsheetRead {
  text: string;
  truncated: boolean;
  sheets: number;
  method: string;
  emptyReason: string;
  data: SpreadsheetData;
}

const joinText = (keyFigures: string, text: string) => (keyFigures && text ? `${keyFigures}\n\n${text}` : keyFigures || text);

export async function readWorkbookFile(bytes: Uint8Array, maxTextChars: number, limits: TableLimits = TABLE_LIMITS): Promise<SpreadsheetRead> {
  const grids = await readXlsx(bytes, limits);
  const formulaNotes: string[] = [];
  for (const [sheet, tally] of await computeFormulas(grids)) {
    if (tally.computed) formulaNotes.push(dataRoomNotes.computed(sheet, tally.computed));
  }
  const { text, truncated } = sheetsText(grids, maxTextChars);
  const hasCells = grids.some((g) => g.rows.length > 0);
  const data = dataOf(grids, formulaNotes, limits);
  return {
    text: hasCells ? joinText(keyFiguresText(data.kpis), text) : '',
    truncated,
    sheets: grids.length,
    method: 'exceljs',
    emptyReason: 'The Excel workbook has no filled cells',
    data,
  };
}

export async function readCsvFile(bytes: Uint8Array, maxTextChars: number, limits: TableLimits = TABLE_LIMITS): Promise<SpreadsheetRead> {
  const csv = await readCsv(bytes, maxTextChars, limits);
  const data = dataOf([csv.grid], csv.notes, limits);
  return {
    text: csv.text ? joinText(keyFiguresText(data.kpis), csv.text) : '',
    truncated: csv.truncated,
    sheets: 1,
    method: 'papaparse',
    emptyReason: 'The CSV file has no values',
    data,
  };
}
