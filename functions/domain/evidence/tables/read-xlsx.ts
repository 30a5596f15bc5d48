/**
 * An xlsx workbook into sheet grids, with exceljs's streaming reader (rows as they are parsed: the workbook is
 * never built whole in memory), styles cached for the number formats. What the streaming reader leaves out is read
 * from the sheets' XML in one more streamed pass with fflate: the merged ranges, the sheet order and hidden state
 * (xl/workbook.xml), and the error a formula cell holds (`#DIV/0!`; the reader gives NaN for it).
 *
 * Formulas the workbook holds no value for are kept with their text and computed afterwards (./formulas.ts).
 * Limits (TABLE_LIMITS) stop reading a sheet, or the workbook, with a note naming the sheet and the limit.
 */
import type { CellValue as ExcelValue, Row } from 'exceljs';
import { Readable } from 'node:stream';
import { strFromU8, Unzip, UnzipInflate, unzipSync, zipSync } from 'fflate';
import { columnNumber } from '@shared/domain/data-room/cells';
import { isDateFormat } from '@shared/domain/data-room/number-format';
import { dataRoomNotes } from '@shared/messages/evidence';
import { cjsModule, ExtractionFailedError } from '../parsers';
import { FormatTable, type GridRow, type Merge, type SheetGrid } from './grid';
import { TABLE_LIMITS, type TableLimits } from './limits';

interface SheetEntry {
  name: string;
  hidden: boolean;
  /** the part's path: xl/worksheets/sheet1.xml */
  path: string;
  order: number;
}

const xmlText = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? xmlText(m[1]!) : undefined;
};

/** The sheets in workbook order, with their parts and hidden state, from xl/workbook.xml and its relationships. */
function sheetEntries(workbookXml: string, relsXml: string): SheetEntry[] {
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  }
  const out: SheetEntry[] = [];
  for (const m of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attr(m[0], 'name');
    const rid = attr(m[0], 'r:id') ?? /\s\w+:id="([^"]*)"/.exec(m[0])?.[1];
    const path = rid ? targets.get(rid) : undefined;
    if (name === undefined || !path) continue;
    const state = attr(m[0], 'state');
    out.push({ name, hidden: state === 'hidden' || state === 'veryHidden', path, order: out.length });
  }
  return out;
}

interface SheetXmlFacts {
  merges: Merge[];
  /** address → the error a formula cell holds */
  formulaErrors: Map<string, string>;
}

/**
 * One streamed pass over the archive: the workbook's sheet list, and each sheet's merged ranges and formula
 * errors. Sheet XML is scanned in slices (never held whole).
 */
function scanArchive(bytes: Uint8Array): { sheets: SheetEntry[]; facts: Map<string, SheetXmlFacts>; order: string[] } {
  let workbookXml = '';
  let relsXml = '';
  const facts = new Map<string, SheetXmlFacts>();
  const order: string[] = [];
  const unzip = new Unzip((file) => {
    order.push(file.name);
    if (file.name === 'xl/workbook.xml' || file.name === 'xl/_rels/workbook.xml.rels') {
      const parts: Uint8Array[] = [];
      file.ondata = (err, data, final) => {
        if (err) throw err;
        parts.push(data);
        if (final) {
          const total = parts.reduce((n, p) => n + p.length, 0);
          const all = new Uint8Array(total);
          let at = 0;
          for (const p of parts) {
            all.set(p, at);
            at += p.length;
          }
          if (file.name === 'xl/workbook.xml') workbookXml = strFromU8(all);
          else relsXml = strFromU8(all);
        }
      };
      file.start();
      return;
    }
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(file.name)) return;
    const found: SheetXmlFacts = { merges: [], formulaErrors: new Map() };
    facts.set(file.name, found);
    const decoder = new TextDecoder('utf-8');
    let buffer = '';
    const scan = (text: string) => {
      for (const m of text.matchAll(/<mergeCell\b[^>]*ref="([A-Z]{1,3})(\d+):([A-Z]{1,3})(\d+)"/g)) {
        found.merges.push({ left: columnNumber(m[1]!), top: Number(m[2]), right: columnNumber(m[3]!), bottom: Number(m[4]) });
      }
      for (const m of text.matchAll(/<c\b([^>]*\bt="e"[^>]*)>([\s\S]*?)<\/c>/g)) {
        if (!m[2]!.includes('<f')) continue;
        const ref = attr(` ${m[1]!}`, 'r');
        const value = /<v>([^<]*)<\/v>/.exec(m[2]!)?.[1];
        if (ref && value) found.formulaErrors.set(ref, xmlText(value));
      }
    };
    file.ondata = (err, data, final) => {
      if (err) throw err;
      buffer += decoder.decode(data, { stream: !final });
      // scan up to the last closed cell or tag; keep the rest for the next slice
      const cut = final ? buffer.length : Math.max(buffer.lastIndexOf('</c>') + 4, buffer.lastIndexOf('/>') + 2, 0);
      scan(buffer.slice(0, cut));
      buffer = buffer.slice(cut);
      if (buffer.length > 1_000_000) buffer = buffer.slice(-100_000);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.push(bytes, true);
  return { sheets: sheetEntries(workbookXml, relsXml), facts, order };
}

/** The parts exceljs's streaming reader must meet before any sheet: it names a sheet from the workbook it has read so far. */
const READ_FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

/**
 * The archive with the workbook's own parts before its sheets. A zip may hold its parts in any order (some writers
 * put the sheets first); exceljs's streaming reader then meets a sheet before the workbook that names it and fails.
 * Such an archive is written again in that order; one already in order is passed on as it is.
 */
function inReadingOrder(bytes: Uint8Array, order: readonly string[]): Uint8Array {
  const firstSheet = order.findIndex((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n));
  if (firstSheet < 0 || READ_FIRST.every((n) => !order.includes(n) || order.indexOf(n) < firstSheet)) return bytes;
  const parts = unzipSync(bytes);
  const names = [...READ_FIRST.filter((n) => n in parts), ...Object.keys(parts).filter((n) => !READ_FIRST.includes(n))];
  return zipSync(Object.fromEntries(names.map((n) => [n, parts[n]!])), { level: 1 });
}

/** The text of a rich text or hyperlink value. */
function plainText(value: ExcelValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return typeof value.text === 'string' ? value.text : plainText(value.text);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const serialDate = (n: number) => new Date(EXCEL_EPOCH + Math.round(n * 86_400_000));

/** One cell into a grid row's arrays: its value, type letter, format index and, when not computed, its formula. */
function putCell(row: GridRow, c: number, value: ExcelValue, format: string | undefined, formats: FormatTable, address: string, errors: Map<string, string>): boolean {
  const set = (type: string, v: CellValue) => {
    row.values[c] = v;
    row.types[c] = type;
    row.formats[c] = formats.of(format);
  };
  if (value === null || value === undefined || value === '') return false;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    set('n', value);
  } else if (typeof value === 'string') set('s', value);
  else if (typeof value === 'boolean') set('b', value);
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return false;
    set('d', value.toISOString());
  } else if ('error' in value) set('e', String(value.error));
  else if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    const formula = 'formula' in value ? value.formula : '';
    if (result === undefined || result === null) {
      set('x', null);
      (row.formulas ??= [])[c] = formula ?? '';
    } else if (typeof result === 'number') {
      if (Number.isNaN(result)) set('e', errors.get(address) ?? '#VALUE!');
      else if (isDateFormat(format)) set('d', serialDate(result).toISOString());
      else set('n', result);
    } else if (typeof result === 'string') set('s', result);
    else if (typeof result === 'boolean') set('b', result);
    else if (result instanceof Date) set('d', result.toISOString());
    else if (typeof result === 'object' && 'error' in result) set('e', String((result as { error: string }).error));
    else return false;
  } else {
    const text = plainText(value);
    if (!text) return false;
    set('s', text);
  }
  return true;
}

type CellValue = GridRow['values'][number];

/**
 * The sheets of an xlsx workbook as grids, in workbook order. Hidden sheets are read and marked hidden. A sheet
 * past TABLE_LIMITS.sheetCells (or the workbook past workbookCells) is read no further, and says so.
 */
export async function readXlsx(bytes: Uint8Array, limits: TableLimits = TABLE_LIMITS): Promise<SheetGrid[]> {
  let archive: ReturnType<typeof scanArchive>;
  try {
    archive = scanArchive(bytes);
  } catch (error) {
    throw new ExtractionFailedError(`The Excel workbook could not be read: ${(error as Error).message}`);
  }
  const entries = new Map(archive.sheets.map((s) => [s.path, s]));
  const ExcelJS = cjsModule(await import('exceljs'));
  const ordered = inReadingOrder(bytes, archive.order);
  const input = Readable.from([Buffer.from(ordered.buffer, ordered.byteOffset, ordered.byteLength)]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' });
  const grids: { grid: SheetGrid; order: number }[] = [];
  let workbookCells = 0;
  try {
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as { id: number | string; name: string; state?: string } & AsyncIterable<Row>;
      const path = [...entries.values()].find((e) => e.name === ws.name)?.path ?? `xl/worksheets/sheet${ws.id}.xml`;
      const entry = entries.get(path);
      const facts = archive.facts.get(path) ?? { merges: [], formulaErrors: new Map<string, string>() };
      const formats = new FormatTable();
      const grid: SheetGrid = { name: entry?.name ?? ws.name, hidden: entry?.hidden ?? (ws.state === 'hidden' || ws.state === 'veryHidden'), rows: [], formats: formats.list, merges: facts.merges, cells: 0 };
      grids.push({ grid, order: entry?.order ?? grids.length + 1000 });
      let stopped = false;
      for await (const row of ws) {
        if (stopped) continue;
        if (workbookCells >= limits.workbookCells) {
          grid.note = dataRoomNotes.workbookCells(grid.name, limits.workbookCells);
          stopped = true;
          continue;
        }
        const gridRow: GridRow = { n: row.number, values: [], types: [], formats: [] };
        let filled = 0;
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          if (col > limits.sheetColumns) {
            grid.note ??= dataRoomNotes.sheetColumns(grid.name, limits.sheetColumns);
            return;
          }
          const format = (cell as unknown as { numFmt?: string }).numFmt;
          if (putCell(gridRow, col - 1, cell.value, format, formats, `${cell.address}`, facts.formulaErrors)) filled++;
        });
        if (!filled) continue;
        for (let c = 0; c < gridRow.types.length; c++) gridRow.types[c] ??= '-';
        grid.rows.push(gridRow);
        grid.cells += filled;
        workbookCells += filled;
        if (grid.cells >= limits.sheetCells) {
          grid.note = dataRoomNotes.sheetCells(grid.name, limits.sheetCells);
          stopped = true;
        }
      }
    }
  } catch (error) {
    if (error instanceof ExtractionFailedError) throw error;
    throw new ExtractionFailedError(`The Excel workbook could not be read: ${(error as Error).message}`);
  }
  // sheets without a part the reader emitted (empty sheets) are still sheets of the workbook
  for (const e of archive.sheets) {
    if (!grids.some((g) => g.grid.name === e.name)) grids.push({ grid: { name: e.name, hidden: e.hidden, rows: [], formats: [''], merges: [], cells: 0 }, order: e.order });
  }
  return grids.sort((a, b) => a.order - b.order).map((g) => g.grid);
}
