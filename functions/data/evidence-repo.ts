import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { EvidenceItem } from '@shared/schemas/evidence';
import { isPlaceholder } from '@shared/domain/placeholder';
import { keys } from './keys';
import { getObjectText, putObject } from './object-store';
import { documentClient, isExpired, nowSeconds, queryAll, tableName } from './table';
import { deleteIf, deleteItem, getItem, putItem, transact, versionedUpdate } from './table-ops';

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

/** The report (or placeholder) holds as many evidence items as it may. */
export class EvidenceFullError extends Error {
  constructor() {
    super('evidence full');
    this.name = 'EvidenceFullError';
  }
}

/** How many evidence items a report (or placeholder) holds (0 when it never had any). */
export async function evidenceCount(ref: string): Promise<number> {
  const item = await getItem(keys.evidenceCount(ref), { consistent: true });
  return Number(item?.evidence_count ?? 0);
}

/**
 * Stores a new evidence item and counts it, in one transaction conditional on the count staying under `max`:
 * parallel additions can never pass the cap. Throws EvidenceFullError at the cap.
 */
export async function putEvidence(record: Omit<EvidenceRecord, 'PK' | 'SK' | 'entity' | 'expires_at'>, max: number): Promise<EvidenceRecord> {
  const full: EvidenceRecord = {
    ...record,
    ...keys.evidence(record.report_id, record.id),
    entity: 'Evidence',
    ...(isPlaceholder(record.report_id) ? { expires_at: nowSeconds() + PLACEHOLDER_TTL_SECONDS } : {}),
  };
  const outcome = await transact([
    { Put: { TableName: tableName, Item: full } },
    {
      Update: {
        TableName: tableName,
        Key: keys.evidenceCount(record.report_id),
        UpdateExpression: 'ADD evidence_count :one SET entity = :e',
        ConditionExpression: 'attribute_not_exists(evidence_count) OR evidence_count < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':e': 'EvidenceCount' },
      },
    },
  ]);
  if (outcome.ok) return full;
  if (outcome.failed.includes(1)) throw new EvidenceFullError();
  throw outcome.error;
}

export async function getEvidence(ref: string, id: string): Promise<EvidenceRecord | undefined> {
  const item = await getItem(keys.evidence(ref, id));
  return item && !isExpired(item) ? (item as EvidenceRecord) : undefined;
}

const SUMMARY_FIELDS = [...PUBLIC_FIELDS, 'text_key', 'expires_at'] as const;

/**
 * Every item of a report without its inline text (for lists: a report's texts together can be megabytes),
 * oldest first. The text is read per item, when needed, with readText. Bounded by the cap on evidence per report.
 */
export async function listEvidenceSummaries(ref: string): Promise<EvidenceRecord[]> {
  const now = nowSeconds();
  const found = (await queryAll(keys.evidencePartition(ref), keys.evidenceSkPrefix, { fields: SUMMARY_FIELDS })).filter((item) => item.expires_at === undefined || Number(item.expires_at) > now) as unknown as EvidenceRecord[];
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * One Query page of a report's evidence in key order (new ids are UUIDv7, so that is the order they were added),
 * after `startSk`: at most `limit` items read (before the type filter), without their text unless `withText`
 * (the inline text; texts in S3 are read with readText). `lastSk` says where the next page starts. Its own Query,
 * not table-ops' queryPage: it filters out expired items and by type, and the search that reads several pages on
 * one budget makes the cursor.
 */
export async function pageEvidence(
  ref: string,
  opts: { limit: number; startSk?: string; type?: string; withText?: boolean },
): Promise<{ items: EvidenceRecord[]; lastSk: string | undefined }> {
  const fields: readonly string[] = opts.withText ? [...SUMMARY_FIELDS, 'text'] : SUMMARY_FIELDS;
  const names: Record<string, string> = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
  const filters = ['(attribute_not_exists(#x) OR #x > :now)'];
  const values: Record<string, unknown> = { ':pk': keys.evidencePartition(ref), ':sk': keys.evidenceSkPrefix, ':now': nowSeconds() };
  names['#x'] = 'expires_at';
  if (opts.type) {
    filters.push('#ty = :type');
    names['#ty'] = 'type';
    values[':type'] = opts.type;
  }
  const out: QueryCommandOutput = await documentClient().send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      FilterExpression: filters.join(' AND '),
      ProjectionExpression: fields.map((_, i) => `#f${i}`).join(', '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      Limit: opts.limit,
      ...(opts.startSk ? { ExclusiveStartKey: { PK: keys.evidencePartition(ref), SK: opts.startSk } } : {}),
    }),
  );
  const last = out.LastEvaluatedKey as { SK?: string } | undefined;
  return { items: (out.Items ?? []) as EvidenceRecord[], lastSk: last?.SK };
}

/** The sort key of an item (where a page that ends at it continues). */
export const evidenceSortKey = (id: string): string => `${keys.evidenceSkPrefix}${id}`;
export const isEvidenceSortKey = (sk: string): boolean => sk.startsWith(keys.evidenceSkPrefix) && sk.length <= 100;

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

/** Deletes an item and counts it out (a report written before the count existed has none: the item goes alone). */
export async function deleteEvidenceRecord(ref: string, id: string): Promise<void> {
  const outcome = await transact([
    { Delete: { TableName: tableName, Key: keys.evidence(ref, id), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Update: {
        TableName: tableName,
        Key: keys.evidenceCount(ref),
        UpdateExpression: 'ADD evidence_count :minus',
        ConditionExpression: 'evidence_count > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      },
    },
  ]);
  if (outcome.ok) {
    // a count back at zero goes with the last item (a claimed placeholder leaves nothing behind)
    await deleteIf({ Key: keys.evidenceCount(ref), ConditionExpression: 'evidence_count <= :zero', ExpressionAttributeValues: { ':zero': 0 } });
    return;
  }
  if (outcome.failed.includes(0)) return; // already gone
  // no count (a report from before it): the item goes alone
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
