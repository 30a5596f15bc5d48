import type { EvidenceFileKind } from '../file-types';
import type { SpreadsheetData } from '../tables/read-spreadsheet';

/** What text extraction gives back. `failed` and `no_text` always carry a reason a person can read. */
export interface Extraction {
  status: 'extracted' | 'no_text' | 'failed';
  text: string;
  reason?: string;
  /** PDF pages */
  pages?: number;
  /** worksheets (xlsx, csv) */
  sheets?: number;
  /** what produced the text: unpdf, mammoth, exceljs, papaparse, utf8, tesseract.js, or none */
  method: string;
  /** a workbook's or CSV file's tables and KPIs (the KPIs located in `text`) */
  data?: SpreadsheetData;
}

export interface ExtractOptions {
  /** wall-clock budget for one extraction; default 20 s */
  timeBudgetMs?: number;
  /** text beyond this many characters is cut off (and `reason` says so); default 2,000,000 */
  maxTextChars?: number;
  /** V8 old-generation heap of the extraction worker, in MB; default 512 */
  memoryLimitMb?: number;
}

export const DEFAULT_TIME_BUDGET_MS = 20_000;
export const DEFAULT_MAX_TEXT_CHARS = 2_000_000;
export const DEFAULT_MEMORY_LIMIT_MB = 512;

export const LEGACY_OFFICE_REASON =
  'Legacy .doc/.xls files are stored but their text is not extracted; save as .docx/.xlsx to analyse them';

/** What one extractor returns before the common post-processing (limits, empty text). */
export interface RawExtraction {
  text: string;
  method: string;
  pages?: number;
  sheets?: number;
  /** set when the extractor itself stopped early at the character limit */
  truncated?: boolean;
  /** reason to give when no text came out */
  emptyReason?: string;
  /** a workbook's or CSV file's tables and KPIs */
  data?: SpreadsheetData;
}

/** Request and answer between `extractText` and its worker. */
export interface WorkerRequest {
  bytes: Uint8Array;
  kind: EvidenceFileKind;
  maxTextChars: number;
}
export type WorkerReply = { ok: true; extraction: Extraction } | { ok: false; message: string };
