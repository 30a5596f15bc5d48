/**
 * File names of exports: from the report's title and the export's date, safe on every system a consultant
 * may save to (no path separators, no characters Windows refuses, no control characters, no trailing dots),
 * any script kept (unicode NFC), bounded in length without cutting a character in half; and the
 * `Content-Disposition` header that gives the download its name (RFC 6266: an ASCII fallback and the UTF-8 name).
 */
import type { ExportFormat } from '@shared/schemas/exports';

/** Longest base name, in characters, and in UTF-8 bytes (the date and extension come on top; file systems allow 255 bytes). */
export const MAX_BASE_CHARS = 80;
export const MAX_BASE_BYTES = 200;

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** A title as part of a file name: NFC, separators and forbidden characters as dashes, white space collapsed. */
export function safeBaseName(title: string, fallback = 'Report'): string {
  let name = title
    .normalize('NFC')
    // control characters (C0, DEL, C1), bidi overrides and zero-width marks: invisible or dangerous in a name
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    // path separators and the characters Windows refuses
    .replace(/[\\/:*?"<>|]+/g, ' - ')
    .replace(/\s+/g, ' ')
    .replace(/ - (?:- )+/g, ' - ')
    .trim()
    .replace(/^[-.\s]+|[-.\s]+$/g, '');
  // cut at a whole character (code point), then at a word if one ends near the limit
  const chars = [...name];
  if (chars.length > MAX_BASE_CHARS) {
    const cut = chars.slice(0, MAX_BASE_CHARS).join('');
    const space = cut.lastIndexOf(' ');
    name = (space > MAX_BASE_CHARS * 0.6 ? cut.slice(0, space) : cut).replace(/[-.\s]+$/g, '');
  }
  // scripts of several bytes a character (CJK, emoji) are also held to a number of bytes
  const encoder = new TextEncoder();
  while (encoder.encode(name).length > MAX_BASE_BYTES) name = [...name].slice(0, -1).join('').replace(/[-.\s]+$/g, '');
  if (!name || WINDOWS_RESERVED.test(name)) return fallback;
  return name;
}

/** `YYYY-MM-DD` (UTC) */
const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

export const EXTENSIONS: Record<ExportFormat, string> = { docx: 'docx', pdf: 'pdf', pptx: 'pptx', all: 'zip' };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  all: 'application/zip',
};

/** "Acme Retail Assessment 2025-11-22.docx" */
export function exportFileName(title: string, at: Date, format: ExportFormat): string {
  return `${safeBaseName(title)} ${isoDate(at)}.${EXTENSIONS[format]}`;
}

/** RFC 5987 encoding of a UTF-8 value (the `filename*` parameter). */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: browsers use the UTF-8 name, older clients the ASCII one
 * (non-ASCII characters as `_`, quotes and backslashes removed).
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
