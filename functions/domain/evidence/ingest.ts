/**
 * Turning a file, a web page or interview notes into analysed evidence: check, store, extract, analyse.
 * Everything a request does here fits API Gateway's 30 s: extraction gets what is left of the function's
 * time minus a reserve for analysis and storage, and a file that cannot be read in time is stored with a
 * `failed` status and its reason, never a hung request.
 */
import { DEFAULT_RELEVANCE, DIMENSIONS, type Analysis } from '@shared/schemas/analysis';
import { evidenceDetails } from '@shared/messages/evidence';
import type { EvidenceStatus, UploadResponse } from '@shared/schemas/evidence';
import { storeTables, tablesIndexKey } from '../../data/data-tables-repo';
import { storeText, toEvidenceItem } from '../../data/evidence-repo';
import { deleteObject, putObject } from '../../data/object-store';
import { type AnalysisInput, getAnalyzer } from '../ai';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { assertEvidenceRoom, newEvidenceId, putNewEvidence } from './evidence-cap';
import { duplicateIn, evidenceHome, fingerprint } from './evidence-home';
import { detectFileKind, LARGE_UPLOAD_MAX_BYTES } from './file-types';
import { extractText, type Extraction } from './extract';
import { reportContext } from './report-context';
import { checkZipArchive } from './zip-guard';

/** Time kept back for analysis and storage after extraction. */
const RESERVE_MS = 6_000;
const MAX_EXTRACTION_MS = 20_000;

function emptyAnalysis(kind: AnalysisInput['kind']): Analysis {
  return {
    business_dimensions: [],
    dimension_scores: Object.fromEntries(DIMENSIONS.map((d) => [d, 0])) as Analysis['dimension_scores'],
    relevance_score: DEFAULT_RELEVANCE[kind],
    key_insights: [],
  };
}

const statusOf = (e: Extraction): EvidenceStatus => (e.status === 'extracted' ? 'analyzed' : e.status);

export interface FileIngest {
  ref: string;
  id: string;
  fileName: string;
  bytes: Uint8Array;
  by: string;
  /** the S3 key when the bytes are already stored (presigned upload) */
  storedKey?: string;
  /** milliseconds the function has left */
  remainingMs: number;
}

/**
 * Runs `store` (which writes `objects` to S3 and then the evidence item); when it fails (S3 or DynamoDB not
 * answering, say) the objects it may have written are removed again, so no object is left without its item.
 */
async function storedTogether<T>(objects: string[], store: () => Promise<T>): Promise<T> {
  // (the cap's own refusal, too: the files of an item that could not be counted in go)
  try {
    return await store();
  } catch (error) {
    await Promise.all(objects.map((key) => deleteObject(key).catch(() => undefined)));
    throw error;
  }
}

const textKeyOf = (prefix: string) => `${prefix}text.txt`;

export async function ingestFile(input: FileIngest): Promise<UploadResponse> {
  const { ref, id, fileName, bytes } = input;
  const [context, home] = await Promise.all([reportContext(ref), evidenceHome(ref)]);
  const prefix = home.prefix(id);
  await assertEvidenceRoom(ref);
  const discard = async () => {
    if (input.storedKey) await deleteObject(input.storedKey);
  };
  if (bytes.length > LARGE_UPLOAD_MAX_BYTES) {
    await discard();
    throw new PayloadTooLargeError(evidenceDetails.fileTooLarge(fileName, LARGE_UPLOAD_MAX_BYTES));
  }
  const detected = detectFileKind(bytes, fileName);
  if (!detected.ok) {
    await discard();
    throw new UnsupportedMediaTypeError(detected.reason);
  }
  if (detected.kind === 'docx' || detected.kind === 'xlsx') {
    const zip = await checkZipArchive(bytes);
    if (!zip.ok) {
      await discard();
      throw new PayloadTooLargeError(zip.reason);
    }
  }
  const objectKey = input.storedKey ?? `${prefix}original`;
  // the presigned upload's own object stays for another try (its lifecycle rule expires it); ours go
  const written = [...(input.storedKey ? [] : [objectKey]), textKeyOf(prefix)];
  return storedTogether(written, async () => {
    if (!input.storedKey) await putObject(objectKey, bytes, detected.mime);

    const budget = Math.max(1_000, Math.min(MAX_EXTRACTION_MS, input.remainingMs - RESERVE_MS));
    const extraction = await extractText(bytes, detected.kind, { timeBudgetMs: budget });
    // a workbook's or CSV file's tables go beside its text (their keys join what goes should the item not be kept)
    const data = extraction.data?.tables.length ? extraction.data : undefined;
    if (data) written.push(...(await storeTables(prefix, data)));
    const analysis = extraction.text.trim()
      ? await getAnalyzer().analyze({ text: extraction.text, title: fileName, kind: 'file', context })
      : emptyAnalysis('file');
    const status = statusOf(extraction);
    const now = new Date().toISOString();
    const print = fingerprint(bytes, extraction.text);
    const duplicate = await duplicateIn(home, { id, ...print });
    const record = await putNewEvidence({
      id,
      report_id: ref,
      ...(home.organizationId ? { organization_id: home.organizationId } : {}),
      ...print,
      type: 'file',
      title: fileName,
      source: fileName,
      content: '',
      tags: [],
      linkedDimensions: analysis.business_dimensions,
      relevanceScore: analysis.relevance_score,
      status,
      fileSize: bytes.length,
      fileType: detected.mime,
      aiInsights: analysis.key_insights,
      business_dimensions: analysis.business_dimensions,
      dimension_scores: analysis.dimension_scores,
      text_chars: extraction.text.length,
      ...(extraction.reason ? { reason: extraction.reason } : {}),
      ...(data ? { tables_key: tablesIndexKey(prefix), kpis: data.kpis, data: { sheets: data.sheets.length, tables: data.tables.length, kpis: data.kpis.length } } : {}),
      object_key: objectKey,
      ...(await storeText(prefix, extraction.text)),
      created_at: now,
      updated_at: now,
      created_by: input.by,
      version: 1,
  });
  return {
    success: true,
    file_id: id,
    text_extracted: extraction.text.length,
    ai_analysis: { business_dimensions: analysis.business_dimensions, relevance_score: analysis.relevance_score, key_insights: analysis.key_insights },
    processing_status: status,
    evidence: toEvidenceItem(record),
    ...(duplicate ? { duplicate } : {}),
  };
  });
}

/** Evidence from text the caller already has (interview notes, a fetched page). */
export async function ingestText(input: {
  ref: string;
  type: 'url' | 'interview';
  title: string;
  source: string;
  content: string;
  text: string;
  tags: string[];
  by: string;
  fileType?: string | null;
  fileSize?: number | null;
  reason?: string;
}) {
  const [context, home] = await Promise.all([reportContext(input.ref), evidenceHome(input.ref)]);
  await assertEvidenceRoom(input.ref);
  const id = newEvidenceId();
  const prefix = home.prefix(id);
  const print = fingerprint(input.text.trim() ? input.text : `${input.source}\n${input.content}`, input.text);
  const duplicate = await duplicateIn(home, { id, ...print });
  const analysis = input.text.trim()
    ? await getAnalyzer().analyze({ text: input.text, title: input.title, kind: input.type, context })
    : emptyAnalysis(input.type);
  const now = new Date().toISOString();
  const record = await storedTogether([textKeyOf(prefix)], async () => putNewEvidence({
    id,
    report_id: input.ref,
    ...(home.organizationId ? { organization_id: home.organizationId } : {}),
    ...print,
    type: input.type,
    title: input.title,
    source: input.source,
    content: input.content,
    tags: input.tags,
    linkedDimensions: analysis.business_dimensions,
    relevanceScore: analysis.relevance_score,
    status: input.text.trim() ? 'analyzed' : 'no_text',
    fileSize: input.fileSize ?? null,
    fileType: input.fileType ?? null,
    aiInsights: analysis.key_insights,
    business_dimensions: analysis.business_dimensions,
    dimension_scores: analysis.dimension_scores,
    text_chars: input.text.length,
    ...(input.reason ? { reason: input.reason } : {}),
    ...(await storeText(prefix, input.text)),
    created_at: now,
    updated_at: now,
    created_by: input.by,
    version: 1,
  }));
  return { success: true as const, evidence: toEvidenceItem(record), ...(duplicate ? { duplicate } : {}) };
}

