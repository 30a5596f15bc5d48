/**
 * Plain text and the post-processing every extractor shares. Small and dependency-free, so
 * `extract/index.ts` can handle text files without starting a worker.
 */
import type { EvidenceFileKind } from '../file-types';
import { type Extraction, LEGACY_OFFICE_REASON, type RawExtraction } from './types';

/** UTF-8 text with a leading BOM removed and line endings made `\n`. Invalid bytes become U+FFFD. */
function decodeText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
  return text.replace(/\r\n?/g, '\n');
}

export function extractPlainText(bytes: Uint8Array): RawExtraction {
  return { text: decodeText(bytes), method: 'utf8', emptyReason: 'The text file is empty' };
}

const grouped = (n: number) => n.toLocaleString('en-US');

/** Cuts `text` to at most `max` characters without splitting a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

/** Turns a raw extraction into the final answer: trims, applies the character limit, and names empty results. */
export function finishExtraction(raw: RawExtraction, maxTextChars: number): Extraction {
  const meta = {
    method: raw.method,
    ...(raw.pages !== undefined ? { pages: raw.pages } : {}),
    ...(raw.sheets !== undefined ? { sheets: raw.sheets } : {}),
    ...(raw.data ? { data: raw.data } : {}),
  };
  const trimmed = raw.text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();
  if (!trimmed) return { status: 'no_text', text: '', reason: raw.emptyReason ?? 'No text was found in the file', ...meta };
  if (trimmed.length > maxTextChars || raw.truncated) {
    return {
      status: 'extracted',
      text: cutText(trimmed, maxTextChars),
      reason: `The text was longer than ${grouped(maxTextChars)} characters; only the first ${grouped(maxTextChars)} were kept`,
      ...meta,
    };
  }
  return { status: 'extracted', text: trimmed, ...meta };
}

/** The kinds whose text is never parsed (legacy binary Office formats). */
export function isLegacyOffice(kind: EvidenceFileKind): boolean {
  return kind === 'doc' || kind === 'xls';
}

export function legacyOfficeExtraction(): Extraction {
  return { status: 'no_text', text: '', reason: LEGACY_OFFICE_REASON, method: 'none' };
}
