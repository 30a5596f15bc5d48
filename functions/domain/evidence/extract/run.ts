/**
 * Extraction in the current thread: picks the extractor for a kind, guards zip-based formats first, and
 * turns every failure into a `failed` result. The worker runs this; nothing else should (a hostile PDF
 * would block the thread it runs on). Each heavy library is loaded only by its own extractor.
 */
import type { EvidenceFileKind } from '../file-types';
import { checkInflatedSize, checkZipArchive } from '../zip-guard';
import { extractPlainText, finishExtraction, isLegacyOffice, legacyOfficeExtraction } from './text';
import { locateKpis } from '@shared/domain/data-room/kpis';
import { METHOD_BY_KIND } from './methods';
import { ExtractionFailedError } from '../parsers';
import type { Extraction, RawExtraction } from './types';

/** What the archive declares, then what it really inflates to: only then may a parser open it. */
async function guardZip(bytes: Uint8Array): Promise<void> {
  const declared = await checkZipArchive(bytes);
  if (!declared.ok) throw new ExtractionFailedError(declared.reason);
  const inflated = await checkInflatedSize(bytes);
  if (!inflated.ok) throw new ExtractionFailedError(inflated.reason);
}

async function extractRaw(bytes: Uint8Array, kind: EvidenceFileKind, maxTextChars: number): Promise<RawExtraction> {
  switch (kind) {
    case 'txt':
      return extractPlainText(bytes);
    case 'pdf':
      return (await import('./pdf')).extractPdf(bytes, maxTextChars);
    case 'docx':
      await guardZip(bytes);
      return (await import('./docx')).extractDocx(bytes);
    case 'xlsx':
      await guardZip(bytes);
      return (await import('../tables/read-spreadsheet')).readWorkbookFile(bytes, maxTextChars);
    case 'csv':
      return (await import('../tables/read-spreadsheet')).readCsvFile(bytes, maxTextChars);
    case 'png':
    case 'jpg':
      return (await import('./ocr')).extractImageText(bytes);
    case 'doc':
    case 'xls':
      return { text: '', method: 'none' };
  }
}

export async function extractInProcess(bytes: Uint8Array, kind: EvidenceFileKind, maxTextChars: number): Promise<Extraction> {
  if (isLegacyOffice(kind)) return legacyOfficeExtraction();
  try {
    const extraction = finishExtraction(await extractRaw(bytes, kind, maxTextChars), maxTextChars);
    // the KPIs' sentences located in the text as it is kept (trimmed, cut at the limit)
    if (extraction.data) extraction.data = { ...extraction.data, kpis: locateKpis(extraction.text, extraction.data.kpis) };
    return extraction;
  } catch (error) {
    const reason =
      error instanceof ExtractionFailedError
        ? error.message
        : `Text extraction failed: ${error instanceof Error ? error.message : String(error)}`;
    return { status: 'failed', text: '', reason, method: METHOD_BY_KIND[kind] };
  }
}
