/**
 * Spreadsheets (xlsx) and CSV via exceljs: a `# Sheet: name` line per sheet, then one line per row with
 * the cells joined by tabs (empty cells keep their place; trailing empty cells and empty rows are dropped).
 */
import type { CellValue, Workbook, Worksheet } from 'exceljs';
import { Readable } from 'node:stream';
import { decodeText } from './text';
import { cjsModule, ExtractionFailedError, type RawExtraction } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates read as a person would write them: 2024-03-31, or 2024-03-31 14:05 when a time is set. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hasTime = d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds();
  return hasTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : day;
}

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('formula' in value || 'sharedFormula' in value) return value.result === undefined ? '' : cellText(value.result);
  if ('error' in value) return value.error;
  return '';
}

const oneLine = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();

/** Appends the text of each sheet until `maxTextChars` is passed. */
function workbookText(sheets: Worksheet[], maxTextChars: number): { text: string; truncated: boolean } {
  const lines: string[] = [];
  let length = 0;
  for (const sheet of sheets) {
    const header = `# Sheet: ${oneLine(sheet.name)}`;
    lines.push(...(lines.length ? ['', header] : [header]));
    length += header.length + 2;
    let stop = false;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (stop) return;
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const text = oneLine(cellText(cell.value));
        if (!text) return;
        while (cells.length < col - 1) cells.push('');
        cells[col - 1] = text;
      });
      if (!cells.length) return;
      const line = cells.join('\t');
      lines.push(line);
      length += line.length + 1;
      if (length > maxTextChars) stop = true;
    });
    if (stop) return { text: lines.join('\n'), truncated: true };
  }
  return { text: lines.join('\n'), truncated: false };
}

async function newWorkbook(): Promise<Workbook> {
  const ExcelJS = cjsModule(await import('exceljs'));
  return new ExcelJS.Workbook();
}

export async function extractXlsx(bytes: Uint8Array, maxTextChars: number): Promise<RawExtraction> {
  const workbook = await newWorkbook();
  try {
    // exceljs types its input as its own Buffer interface; a Node Buffer is what it reads at run time
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as Parameters<Workbook['xlsx']['load']>[0];
    await workbook.xlsx.load(input, {
      ignoreNodes: ['dataValidations', 'conditionalFormatting', 'extLst', 'drawing', 'picture'],
    });
  } catch (error) {
    throw new ExtractionFailedError(`The Excel workbook could not be read: ${(error as Error).message}`);
  }
  const { text, truncated } = workbookText(workbook.worksheets, maxTextChars);
  const hasCells = text.split('\n').some((l) => l && !l.startsWith('# Sheet: '));
  return {
    text: hasCells ? text : '',
    truncated,
    sheets: workbook.worksheets.length,
    method: 'exceljs',
    emptyReason: 'The Excel workbook has no filled cells',
  };
}

/** The delimiter of a CSV file: the most frequent of , ; tab and | on its first line, outside quotes. */
export function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : Math.min(text.length, 4096));
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0], ['|', 0]]);
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, c] of counts) if (c > counts.get(best)!) best = d;
  return best;
}

export async function extractCsv(bytes: Uint8Array, maxTextChars: number): Promise<RawExtraction> {
  const text = decodeText(bytes);
  const workbook = await newWorkbook();
  try {
    await workbook.csv.read(Readable.from([text]), {
      sheetName: 'Sheet1',
      // keep every value exactly as written (no number or date conversion)
      map: (value: unknown) => (value === '' ? null : value),
      parserOptions: { delimiter: sniffDelimiter(text), ignoreEmpty: true },
    });
  } catch (error) {
    throw new ExtractionFailedError(`The CSV file could not be read: ${(error as Error).message}`);
  }
  const result = workbookText(workbook.worksheets, maxTextChars);
  const hasCells = result.text.split('\n').some((l) => l && !l.startsWith('# Sheet: '));
  return {
    text: hasCells ? result.text : '',
    truncated: result.truncated,
    sheets: 1,
    method: 'exceljs',
    emptyReason: 'The CSV file has no values',
  };
}
