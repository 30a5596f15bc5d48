/**
 * A CSV file into one sheet grid (`Sheet1`) and its text, with papaparse:
 * - the encoding: a byte-order mark decides (UTF-8, UTF-16 LE or BE, as Excel's "Unicode text" saves); without one,
 *   UTF-8 when the bytes are UTF-8, else Windows-1252 (what Excel saves "CSV" as on a Western Windows);
 * - the delimiter: the one of `,` `;` tab and `|` that splits the first lines evenly;
 * - the decimal separator: a comma when the file's numbers are written so (`1.234,56`, `12,5`), which a
 *   European Excel does with `;` between the fields;
 * - figures as a spreadsheet reads them: `12.5%` is 0.125 shown as a percentage, `£1,234` a number in pounds,
 *   `(250)` is −250; identifiers with leading zeros (`007`) and dates stay as written.
 * The text keeps every value exactly as written (one line a row, cells joined by tabs).
 */
import type { ParseStepResult } from 'papaparse';
import { dataRoomNotes } from '@shared/messages/evidence';
import { cjsModule, ExtractionFailedError } from '../parsers';
import { FormatTable, type GridRow, type SheetGrid } from './grid';
import { TABLE_LIMITS, type TableLimits } from './limits';

const CSV_SHEET = 'Sheet1';

/**
 * Windows-1252's characters at 0x80–0x9F (€, ‚, „, …, ’, “, ”, –, —, ™, …): Node's TextDecoder reads that label as
 * Latin-1 and gives C1 control codes there, so those are mapped after decoding.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const fromWindows1252 = (bytes: Uint8Array) =>
  new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

/** The text of a CSV file's bytes, and the encoding it was read in. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: string } {
  const b = bytes;
  let text: string;
  let encoding: string;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) [text, encoding] = [new TextDecoder('utf-8').decode(b.subarray(3)), 'UTF-8'];
  else if (b[0] === 0xff && b[1] === 0xfe) [text, encoding] = [new TextDecoder('utf-16le').decode(b.subarray(2)), 'UTF-16'];
  else if (b[0] === 0xfe && b[1] === 0xff) [text, encoding] = [new TextDecoder('utf-16be').decode(b.subarray(2)), 'UTF-16'];
  else {
    try {
      [text, encoding] = [new TextDecoder('utf-8', { fatal: true }).decode(b), 'UTF-8'];
    } catch {
      [text, encoding] = [fromWindows1252(b), 'Windows-1252'];
    }
  }
  return { text: text.replace(/\r\n?/g, '\n'), encoding };
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** How often each delimiter stands in a line, outside quotes. */
function delimiterCounts(line: string): Map<string, number> {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return counts;
}

/**
 * The delimiter (`,` `;` tab or `|`): the one that splits the first lines into the same number of fields, more
 * than one; among those the most frequent on the first line (papaparse's own guess wants many rows to be sure).
 */
function sniffDelimiter(text: string): string {
  const lines = text.split('\n', 12).filter((l) => l.trim()).slice(0, 10);
  if (!lines.length) return ',';
  const per = lines.map(delimiterCounts);
  let best = ',';
  let bestScore = -1;
  for (const d of DELIMITERS) {
    const first = per[0]!.get(d)!;
    if (first === 0) continue;
    const steady = per.filter((c) => c.get(d) === first).length;
    const score = steady * 1000 + first;
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

const EU_NUMBER = /^[-+]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$|^[-+]?\d+,\d+$/;
const US_NUMBER = /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^[-+]?\d+\.\d+$/;
const CURRENCY = /^([£$€¥₹])\s?|\s?([£$€¥₹])$|\s?(EUR|GBP|USD)$/;
const PLAIN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?$/;

/** Whether the file writes decimals with a comma: more cells read so than with a point (a sample of rows). */
function decimalComma(rows: readonly string[][]): boolean {
  let eu = 0;
  let us = 0;
  for (const row of rows) {
    for (const raw of row) {
      const s = raw.trim().replace(CURRENCY, '').replace(/\s?%$/, '').replace(/^\((.*)\)$/, '$1');
      if (EU_NUMBER.test(s)) eu++;
      else if (US_NUMBER.test(s)) us++;
    }
  }
  return eu > us;
}

interface CsvCell {
  type: 'n' | 's';
  value: number | string;
  format?: string;
}

/** A CSV cell as a spreadsheet reads it (see the module's comment). */
export function csvCell(raw: string, comma: boolean): CsvCell | null {
  const s = raw.trim();
  if (!s) return null;
  if (/^0\d+$/.test(s) || s.length > 40) return { type: 's', value: raw };
  let t = s.replace(/\u2212/g, '-');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  const currency = CURRENCY.exec(t);
  const sign = currency ? (currency[1] ?? currency[2] ?? { EUR: '€', GBP: '£', USD: '$' }[currency[3] as 'EUR' | 'GBP' | 'USD']) : '';
  if (currency) t = t.replace(CURRENCY, '');
  const percent = /\s?%$/.test(t);
  if (percent) t = t.replace(/\s?%$/, '');
  if (comma) t = t.replace(/\.(?=\d{3}(?:\D|$))/g, '').replace(',', '.');
  else t = t.replace(/,(?=\d{3}(?:\D|$))/g, '');
  t = t.replace(/\s/g, '');
  if (!PLAIN.test(t)) return { type: 's', value: raw };
  let value = Number(t) * (negative ? -1 : 1);
  if (!Number.isFinite(value)) return { type: 's', value: raw };
  const decimals = /\.(\d+)/.exec(t)?.[1]?.length ?? 0;
  const digits = decimals ? `0.${'0'.repeat(Math.min(decimals, 6))}` : '0';
  if (percent) {
    value /= 100;
    return { type: 'n', value, format: `${digits}%` };
  }
  if (sign) return { type: 'n', value, format: `"${sign}"#,##${digits}` };
  return { type: 'n', value };
}

const oneLine = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();

export interface CsvRead {
  grid: SheetGrid;
  /** one line a row, cells as written joined by tabs */
  text: string;
  truncated: boolean;
  notes: string[];
}

/** Reads a CSV file's bytes (see the module's comment); stops keeping text at `maxTextChars` and cells at the sheet limit. */
export async function readCsv(bytes: Uint8Array, maxTextChars: number, limits: TableLimits = TABLE_LIMITS): Promise<CsvRead> {
  const { text, encoding } = decodeCsv(bytes);
  const Papa = cjsModule(await import('papaparse'));
  const options = { delimiter: sniffDelimiter(text), skipEmptyLines: false };
  const sample = Papa.parse<string[]>(text, { ...options, preview: 200 });
  const comma = decimalComma(sample.data);
  const formats = new FormatTable();
  const grid: SheetGrid = { name: CSV_SHEET, hidden: false, rows: [], formats: formats.list, merges: [], cells: 0 };
  const lines: string[] = [`# Sheet: ${CSV_SHEET}`];
  let length = lines[0]!.length;
  let truncated = false;
  let n = 0;
  let stopped = false;
  try {
    Papa.parse<string[]>(text, {
      ...options,
      step: (result: ParseStepResult<string[]>) => {
        n++;
        const cells = result.data;
        if (!truncated) {
          const shown = cells.map(oneLine);
          while (shown.length && !shown.at(-1)) shown.pop();
          if (shown.length) {
            const line = shown.join('\t');
            lines.push(line);
            length += line.length + 1;
            if (length > maxTextChars) truncated = true;
          }
        }
        if (stopped) return;
        const row: GridRow = { n, values: [], types: [], formats: [] };
        let filled = 0;
        const width = Math.min(cells.length, limits.sheetColumns);
        for (let c = 0; c < width; c++) {
          const cell = csvCell(cells[c]!, comma);
          if (!cell) {
            row.types[c] = '-';
            continue;
          }
          row.values[c] = cell.value;
          row.types[c] = cell.type;
          row.formats[c] = formats.of(cell.format);
          filled++;
        }
        if (cells.length > limits.sheetColumns) grid.note ??= dataRoomNotes.sheetColumns(CSV_SHEET, limits.sheetColumns);
        if (!filled) return;
        grid.rows.push(row);
        grid.cells += filled;
        if (grid.cells >= limits.sheetCells) {
          grid.note = dataRoomNotes.sheetCells(CSV_SHEET, limits.sheetCells);
          stopped = true;
        }
      },
    });
  } catch (error) {
    throw new ExtractionFailedError(`The CSV file could not be read: ${(error as Error).message}`);
  }
  const notes = [...(encoding === 'UTF-8' ? [] : [dataRoomNotes.encoding(encoding)]), ...(comma ? [dataRoomNotes.decimalComma] : [])];
  return { grid, text: lines.length > 1 ? lines.join('\n') : '', truncated, notes };
}
