import type { EvidenceItem } from '@shared/schemas/evidence';
import { isPlaceholder } from '@shared/domain/placeholder';
import { keys } from './keys';
import { getObjectText, putObject } from './object-store';
import { isExpired, nowSeconds, queryAll } from './table';
import { deleteItem, getItem, putItem, versionedUpdate } from './table-ops';

/** Evidence of a placeholder (a report not created yet) is kept two days unless claimed. */
export const PLACEHOLDER_TTL_SECONDS = 2 * 24 * 60 * 60;
/** Extracted text up to this size stays in the item; longer text goes to S3 (an item is at most 400 KB). */
export const INLINE_TEXT_BYTES = 64 * 1024;

/** What is stored: the public fields, the keys, where the file and the text are. */
export type EvidenceRecord = Omit<EvidenceItem, 'textContent' | 'match'> & {
  PK: string;
  SK: string;
  entity: 'Evidence';
  /** S3 key of the original file (files only) */
  object_key?: string;
  /** the extracted text when short enough… */
  text?: string;
  /** …or its S3 key */
  text_key?: string;
  dimension_scores?: Record<string, number>;
  expires_at?: number;
};

const PUBLIC_FIELDS = [
  'id', 'report_id', 'type', 'title', 'source', 'content', 'tags', 'linkedDimensions', 'relevanceScore', 'status', 'fileSize', 'fileType',
  'aiInsights', 'business_dimensions', 'text_chars', 'reason', 'created_at', 'updated_at', 'created_by', 'version',
] as const;

export function toEvidenceItem(record: EvidenceRecord): EvidenceItem {
  const item = Object.fromEntries(PUBLIC_FIELDS.filter((f) => record[f] !== undefined).map((f) => [f, record[f]])) as EvidenceItem;
  return item;
}

/** Stores the text inline or in S3 and returns the attributes that point to it. */
export async function storeText(ref: string, id: string, text: string): Promise<Pick<EvidenceRecord, 'text' | 'text_key'>> {
  if (Buffer.byteLength(text, 'utf8') <= INLINE_TEXT_BYTES) return { text };
  const key = `${keys.evidenceObjectPrefix(ref, id)}text.txt`;
  await putObject(key, text, 'text/plain; charset=utf-8');
  return { text_key: key };
}

export async function readText(record: EvidenceRecord): Promise<string> {
  if (record.text !== undefined) return record.text;
  if (record.text_key) return (await getObjectText(record.text_key)) ?? '';
  // a summary (listed without its inline text): read the item's text
  if (record.text_chars > 0) {
    const item = await getItem(keys.evidence(record.report_id, record.id), { fields: ['text'] });
    return typeof item?.text === 'string' ? item.text : '';
  }
  return '';
}

export async function putEvidence(record: Omit<EvidenceRecord, 'PK' | 'SK' | 'entity' | 'expires_at'>): Promise<EvidenceRecord> {
  const full: EvidenceRecord = {
    ...record,
    ...keys.evidence(record.report_id, record.id),
    entity: 'Evidence',
    ...(isPlaceholder(record.report_id) ? { expires_at: nowSeconds() + PLACEHOLDER_TTL_SECONDS } : {}),
  };
  await putItem(full);
  return full;
}

export async function getEvidence(ref: string, id: string): Promise<EvidenceRecord | undefined> {
  const item = await getItem(keys.evidence(ref, id));
  return item && !isExpired(item) ? (item as EvidenceRecord) : undefined;
}

const SUMMARY_FIELDS = [...PUBLIC_FIELDS, 'text_key', 'expires_at'] as const;

/**
 * Every item of a report without its inline text (for lists: a report's texts together can be megabytes),
 * oldest first. The text is read per item, when needed, with readText.
 */
export async function listEvidenceSummaries(ref: string): Promise<EvidenceRecord[]> {
  const now = nowSeconds();
  const found = (await queryAll(keys.evidencePartition(ref), keys.evidenceSkPrefix, { fields: SUMMARY_FIELDS })).filter((item) => item.expires_at === undefined || Number(item.expires_at) > now) as unknown as EvidenceRecord[];
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** All evidence of a report (or placeholder), oldest first. */
export async function listEvidence(ref: string): Promise<EvidenceRecord[]> {
  const now = nowSeconds();
  const found = (await queryAll(keys.evidencePartition(ref), keys.evidenceSkPrefix)).filter((item) => item.expires_at === undefined || Number(item.expires_at) > now) as unknown as EvidenceRecord[];
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export type EvidenceUpdate = { title?: string; tags?: string[]; linkedDimensions?: string[] };

export async function updateEvidence(ref: string, id: string, patch: EvidenceUpdate, version: number, now: string): Promise<'ok' | 'missing' | 'stale'> {
  const outcome = await versionedUpdate(keys.evidence(ref, id), { ...patch, updated_at: now }, version);
  if (outcome.ok) return 'ok';
  return outcome.current && !isExpired(outcome.current) ? 'stale' : 'missing';
}

export async function deleteEvidenceRecord(ref: string, id: string): Promise<void> {
  await deleteItem(keys.evidence(ref, id));
}

/** Keeps a deleted evidence item's title, so citations of it can still name their source (as broken). */
export async function putEvidenceTombstone(reportId: string, id: string, title: string, now: string): Promise<void> {
  await putItem({ ...keys.evidenceTombstone(reportId, id), entity: 'EvidenceTombstone', id, title, deleted_at: now });
}

/** Deleted evidence of a report: id → title. */
export async function listEvidenceTombstones(reportId: string): Promise<Map<string, string>> {
  const items = await queryAll(keys.reportPartition(reportId), keys.evidenceTombstoneSkPrefix, { fields: ['id', 'title'] });
  return new Map(items.map((item) => [String(item.id), String(item.title)]));
}

/** id → title of a report's evidence (a keys-and-titles Query: cheap, for marking citations). */
export async function listEvidenceTitles(ref: string): Promise<Map<string, string>> {
  const now = nowSeconds();
  const items = await queryAll(keys.evidencePartition(ref), keys.evidenceSkPrefix, { fields: ['id', 'title', 'expires_at'] });
  return new Map(items.filter((item) => item.expires_at === undefined || Number(item.expires_at) > now).map((item) => [String(item.id), String(item.title)]));
}
