import type { Kpi } from '@shared/schemas/data-room';
import type { EvidenceItem } from '@shared/schemas/evidence';
import { isPlaceholder } from '@shared/domain/placeholder';
import { dropEmptyEntries, entryOf, indexWrites } from './duplicate-index-repo';
import { ownedBy, PlaceholderTakenError } from './placeholders-repo';
import { indexes, keys, type ItemKey } from './keys';
import { getObjectText, putObject } from './object-store';
import { ReportFinalError, reportOpenCheck } from './report-lock-repo';
import { isExpired, nowSeconds, tableName } from './table';
import { AGAIN, deleteIf, deleteItem, getItem, getItems, putItem, retryOnRace, transact, versionedUpdate, type TransactItem } from './table-ops';
import { queryAll, queryRange } from './table-query';

/** Evidence of a placeholder (a report not created yet) is kept two days unless claimed. */
const PLACEHOLDER_TTL_SECONDS = 2 * 24 * 60 * 60;
/** Extracted text up to this size stays in the item; longer text goes to S3 (an item is at most 400 KB). */
const INLINE_TEXT_BYTES = 64 * 1024;

/**
 * What is stored: the public fields, the keys, where the file and the text are. A report's evidence is a
 * library item of its client (`ORG#<client>` / `EVIDENCE#<id>`, DESIGN.md "Library") that the report refers to
 * (`REPORT#<report>` / `EVREF#<id>`); read through a report, `report_id` is that report. A wizard placeholder's
 * evidence (no report, no client yet) is kept in the placeholder's own partition until setup claims it.
 */
export type EvidenceRecord = Omit<EvidenceItem, 'textContent' | 'match'> & {
  PK: string;
  SK: string;
  entity: 'Evidence';
  /** the client whose library holds the item (absent on a placeholder's items) */
  organization_id?: string;
  /** SHA-256 of the original file's bytes, or of the text (duplicates found on upload) */
  content_hash?: string;
  /** MinHash signature of the text's word shingles (near duplicates found on upload) */
  text_signature?: number[];
  /**
   * the hash of each band of `text_signature` (empty without text): a library item is listed under these and its
   * `content_hash` in the client's duplicate index (duplicate-index-repo); absent on items written before the index
   */
  dup_bands?: string[];
  /** S3 key of the original file (files only) */
  object_key?: string;
  /** the extracted text when short enough… */
  text?: string;
  /** …or its S3 key */
  text_key?: string;
  dimension_scores?: Record<string, number>;
  expires_at?: number;
  /** a workbook's or CSV file's tables: the S3 key of their index (data-tables-repo) */
  tables_key?: string;
  /** its KPIs, each with its formula, cells and where the text states it (what citations and drafts read) */
  kpis?: Kpi[];
};

const PUBLIC_FIELDS = [
  'id', 'report_id', 'type', 'title', 'source', 'content', 'tags', 'linkedDimensions', 'relevanceScore', 'status', 'fileSize', 'fileType',
  'aiInsights', 'business_dimensions', 'text_chars', 'reason', 'data', 'created_at', 'updated_at', 'created_by', 'version',
] as const;

export function toEvidenceItem(record: EvidenceRecord): EvidenceItem {
  const item = Object.fromEntries(PUBLIC_FIELDS.filter((f) => record[f] !== undefined).map((f) => [f, record[f]])) as EvidenceItem;
  return item;
}

/** Stores the text inline or in S3 (under the item's files' `prefix`) and returns the attributes that point to it. */
export async function storeText(prefix: string, text: string): Promise<Pick<EvidenceRecord, 'text' | 'text_key'>> {
  if (Buffer.byteLength(text, 'utf8') <= INLINE_TEXT_BYTES) return { text };
  const key = `${prefix}text.txt`;
  await putObject(key, text, 'text/plain; charset=utf-8');
  return { text_key: key };
}

export async function readText(record: EvidenceRecord): Promise<string> {
  if (record.text !== undefined) return record.text;
  if (record.text_key) return (await getObjectText(record.text_key)) ?? '';
  // a summary (listed without its inline text): read the item's text
  if (record.text_chars > 0) {
    const key: ItemKey = record.PK && record.SK ? { PK: record.PK, SK: record.SK } : keys.evidence(record.report_id, record.id);
    const item = await getItem(key, { fields: ['text'] });
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

/** The client of a report (undefined when the report does not exist). */
export async function reportOrganization(reportId: string): Promise<string | undefined> {
  const item = await getItem(keys.report(reportId), { fields: ['organization_id'] });
  return typeof item?.organization_id === 'string' ? item.organization_id : undefined;
}

/** The report has no client to keep its evidence (it does not exist). */
class ReportMissingError extends Error {
  constructor() {
    super('report missing');
    this.name = 'ReportMissingError';
  }
}

const countIn = (ref: string, max: number): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.evidenceCount(ref),
    UpdateExpression: 'ADD evidence_count :one SET entity = :e',
    ConditionExpression: 'attribute_not_exists(evidence_count) OR evidence_count < :max',
    ExpressionAttributeValues: { ':one': 1, ':max': max, ':e': 'EvidenceCount' },
  },
});

/** Counts a change of a client's library (an item added or removed): Ask's cached index of it is rebuilt. */
const libraryChanged = (organizationId: string): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.libraryChanges(organizationId),
    UpdateExpression: 'ADD library_changes :one SET entity = :e',
    ExpressionAttributeValues: { ':one': 1, ':e': 'LibraryChanges' },
  },
});

/** Removes a deleted client's library change counter (the last item its library kept). */
export async function forgetLibraryChanges(organizationId: string): Promise<void> {
  await deleteItem(keys.libraryChanges(organizationId));
}

/** The count of changes of a client's library (0 before its first; a strongly consistent read of one small item). */
export async function libraryChanges(organizationId: string): Promise<number> {
  const item = await getItem(keys.libraryChanges(organizationId), { consistent: true, fields: ['library_changes'] });
  return Number(item?.library_changes ?? 0);
}

/** A report's reference to a library item (also listed under the client by the ByOrganization index). */
function referenceItem(reportId: string, organizationId: string, id: string, by: string, now: string) {
  return {
    ...keys.evidenceRef(reportId, id),
    ...keys.evidenceRefByClient(organizationId, id, reportId),
    entity: 'EvidenceRef',
    id,
    report_id: reportId,
    organization_id: organizationId,
    added_at: now,
    added_by: by,
  };
}

/** The library item of a record (its report-facing fields dropped, its client's keys). */
export function libraryItemOf(record: Omit<EvidenceRecord, 'PK' | 'SK' | 'entity' | 'expires_at'>, organizationId: string): EvidenceRecord {
  return { ...record, ...keys.libraryItem(organizationId, record.id), entity: 'Evidence', organization_id: organizationId };
}

/**
 * Stores a new evidence item and counts it, in one transaction conditional on the count staying under `max`:
 * parallel additions can never pass the cap. Throws EvidenceFullError at the cap. For a report, the item goes
 * to its client's library and the report gets a reference to it (both in the same transaction), while the report
 * is not Final (ReportFinalError: nothing written). A placeholder's first item records its creator, in the same
 * transaction; an item filed by anyone else under a placeholder that has one throws PlaceholderTakenError.
 */
export async function putEvidence(record: Omit<EvidenceRecord, 'PK' | 'SK' | 'entity' | 'expires_at'>, max: number): Promise<EvidenceRecord> {
  const ref = record.report_id;
  let writes: TransactItem[];
  let full: EvidenceRecord;
  if (isPlaceholder(ref)) {
    full = { ...record, ...keys.evidence(ref, record.id), entity: 'Evidence', expires_at: nowSeconds() + PLACEHOLDER_TTL_SECONDS };
    writes = [{ Put: { TableName: tableName, Item: full } }, ownedBy(ref, record.created_by, full.expires_at!)];
  } else {
    const org = record.organization_id ?? (await reportOrganization(ref));
    if (!org) throw new ReportMissingError();
    full = libraryItemOf(record, org);
    writes = [
      { Put: { TableName: tableName, Item: full } },
      { Put: { TableName: tableName, Item: referenceItem(ref, org, record.id, record.created_by, record.updated_at) } },
      libraryChanged(org),
      reportOpenCheck(ref),
    ];
  }
  const entry = isPlaceholder(ref) ? undefined : entryOf(full);
  const index = entry ? indexWrites(full.organization_id!, full.id, entry, 'ADD') : [];
  const outcome = await transact([...writes, countIn(ref, max), ...index]);
  if (outcome.ok) return full;
  if (!isPlaceholder(ref) && outcome.failed.includes(writes.length - 1)) throw new ReportFinalError(ref);
  if (isPlaceholder(ref) && outcome.failed.includes(1)) throw new PlaceholderTakenError();
  if (outcome.failed.includes(writes.length)) throw new EvidenceFullError();
  throw outcome.error;
}

export type AddReferenceOutcome = 'added' | 'present' | 'missing' | 'full';

/**
 * Adds a reference from a report to an item of its client's library (taking it from the library: the text is
 * never copied), counted under the report's cap; an item the report already refers to is left as it is. Not
 * to a Final report (ReportFinalError: nothing written).
 */
export async function addReference(reportId: string, organizationId: string, id: string, by: string, max: number): Promise<AddReferenceOutcome> {
  const now = new Date().toISOString();
  const outcome = await transact([
    { ConditionCheck: { TableName: tableName, Key: keys.libraryItem(organizationId, id), ConditionExpression: 'attribute_exists(PK)' } },
    { Put: { TableName: tableName, Item: referenceItem(reportId, organizationId, id, by, now), ConditionExpression: 'attribute_not_exists(PK)' } },
    countIn(reportId, max),
    reportOpenCheck(reportId),
  ]);
  if (outcome.ok) return 'added';
  if (outcome.failed.includes(3)) throw new ReportFinalError(reportId);
  if (outcome.failed.includes(0)) return 'missing';
  if (outcome.failed.includes(1)) return 'present';
  if (outcome.failed.includes(2)) return 'full';
  throw outcome.error;
}

/** A library item as a report or a client scope names it: its client's partition and its id. */
export type RefRow = { id: string; organization_id: string };

/** Library items by key (BatchGetItem, 100 keys a request), `fields` of each with their keys. */
function batchGetItems(itemKeys: readonly ItemKey[], fields?: readonly string[]): Promise<Record<string, unknown>[]> {
  return getItems(itemKeys, fields ? { fields: [...new Set([...fields, 'PK', 'SK'])] } : {});
}

/** The library items a report's references point to, read as the report's (`report_id` the report), in reference order. */
async function resolveReferences(reportId: string, refs: readonly RefRow[], fields?: readonly string[]): Promise<EvidenceRecord[]> {
  const found = await batchGetItems(refs.map((r) => keys.libraryItem(r.organization_id, r.id)), fields);
  const byId = new Map(found.map((item) => [String(item.id), item]));
  return refs.flatMap((r) => {
    const item = byId.get(r.id);
    return item ? [{ ...(item as unknown as EvidenceRecord), report_id: reportId }] : [];
  });
}

/** The library items a report refers to (keys only: one Query of small rows, no item read). */
export async function referencesOf(reportId: string): Promise<RefRow[]> {
  const rows = await queryAll(keys.reportPartition(reportId), keys.evidenceRefSkPrefix, { fields: ['id', 'organization_id'] });
  return rows.map((row) => ({ id: String(row.id), organization_id: String(row.organization_id) }));
}

async function referenceOf(reportId: string, id: string): Promise<RefRow | undefined> {
  const row = await getItem(keys.evidenceRef(reportId, id), { fields: ['id', 'organization_id'] });
  return row ? { id: String(row.id), organization_id: String(row.organization_id) } : undefined;
}

export async function getEvidence(ref: string, id: string): Promise<EvidenceRecord | undefined> {
  if (isPlaceholder(ref)) {
    const item = await getItem(keys.evidence(ref, id));
    return item && !isExpired(item) ? (item as EvidenceRecord) : undefined;
  }
  const reference = await referenceOf(ref, id);
  if (!reference) return undefined;
  return (await resolveReferences(ref, [reference]))[0];
}

const SUMMARY_FIELDS = [...PUBLIC_FIELDS, 'PK', 'SK', 'text_key', 'tables_key', 'expires_at', 'organization_id'] as const;
const byCreated = (a: EvidenceRecord, b: EvidenceRecord) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
const live = (now: number) => (item: Record<string, unknown>) => item.expires_at === undefined || Number(item.expires_at) > now;

/** A placeholder's own items, or the library items a report refers to (`fields` of each). */
async function allOf(ref: string, fields?: readonly string[]): Promise<EvidenceRecord[]> {
  if (isPlaceholder(ref)) return (await queryAll(keys.evidencePartition(ref), keys.evidenceSkPrefix, fields ? { fields } : {})).filter(live(nowSeconds())) as unknown as EvidenceRecord[];
  return resolveReferences(ref, await referencesOf(ref), fields);
}

/**
 * Every item of a report without its inline text (for lists: a report's texts together can be megabytes),
 * oldest first. The text is read per item, when needed, with readText. Bounded by the cap on evidence per report.
 */
export async function listEvidenceSummaries(ref: string): Promise<EvidenceRecord[]> {
  return (await allOf(ref, SUMMARY_FIELDS)).sort(byCreated);
}

const refSk = (sk: string) => (sk.startsWith(keys.evidenceSkPrefix) ? keys.evidenceRefSkPrefix + sk.slice(keys.evidenceSkPrefix.length) : sk);
const itemSk = (sk: string) => (sk.startsWith(keys.evidenceRefSkPrefix) ? keys.evidenceSkPrefix + sk.slice(keys.evidenceRefSkPrefix.length) : sk);

/**
 * One Query page of a report's evidence in key order (new ids are UUIDv7, so that is the order they were added),
 * after `startSk`: at most `limit` items read (before the type filter), without their text unless `withText`
 * (the inline text; texts in S3 are read with readText). `lastSk` says where the next page starts (an
 * `EVIDENCE#<id>` key, whether the page read a report's references or a placeholder's items). One queryRange,
 * not queryPage: it filters out expired items and by type, and the search that reads several pages on one budget
 * makes the cursor.
 */
export async function pageEvidence(
  ref: string,
  opts: { limit: number; startSk?: string; type?: string; withText?: boolean },
): Promise<{ items: EvidenceRecord[]; lastSk: string | undefined }> {
  const fields: readonly string[] = opts.withText ? [...SUMMARY_FIELDS, 'text'] : SUMMARY_FIELDS;
  const placeholder = isPlaceholder(ref);
  const pk = placeholder ? keys.evidencePartition(ref) : keys.reportPartition(ref);
  const filters = ['(attribute_not_exists(#x) OR #x > :now)'];
  const names: Record<string, string> = { '#x': 'expires_at' };
  const values: Record<string, unknown> = { ':now': nowSeconds() };
  if (opts.type && placeholder) {
    filters.push('#ty = :type');
    names['#ty'] = 'type';
    values[':type'] = opts.type;
  }
  const startSk = opts.startSk && !placeholder ? refSk(opts.startSk) : opts.startSk;
  const out = await queryRange({
    pk,
    sk: { beginsWith: placeholder ? keys.evidenceSkPrefix : keys.evidenceRefSkPrefix },
    filter: { expression: filters.join(' AND '), names, values },
    fields: placeholder ? fields : ['id', 'organization_id'],
    limit: opts.limit,
    ...(startSk ? { start: { PK: pk, SK: startSk } } : {}),
  });
  const last = out.lastKey as { SK?: string } | undefined;
  const lastSk = last?.SK ? itemSk(last.SK) : undefined;
  if (placeholder) return { items: out.items as unknown as EvidenceRecord[], lastSk };
  const refs = out.items.map((row) => ({ id: String(row.id), organization_id: String(row.organization_id) }));
  const items = (await resolveReferences(ref, refs, fields)).filter((r) => !opts.type || r.type === opts.type);
  return { items, lastSk };
}

/** The sort key of an item (where a page that ends at it continues). */
export const evidenceSortKey = (id: string): string => `${keys.evidenceSkPrefix}${id}`;
export const isEvidenceSortKey = (sk: string): boolean => sk.startsWith(keys.evidenceSkPrefix) && sk.length <= 100;

/** All evidence of a report (or placeholder), oldest first. */
export async function listEvidence(ref: string): Promise<EvidenceRecord[]> {
  return (await allOf(ref)).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export type EvidenceUpdate = { title?: string; tags?: string[]; linkedDimensions?: string[] };

/**
 * Changes an item's title, tags or linked dimensions. A report's evidence is its client's library item, so the
 * change is the item's, seen by every report that uses it (the dimensions say what the source speaks to).
 */
export async function updateEvidence(ref: string, id: string, patch: EvidenceUpdate, version: number, now: string): Promise<'ok' | 'missing' | 'stale'> {
  let key: ItemKey = keys.evidence(ref, id);
  if (!isPlaceholder(ref)) {
    const reference = await referenceOf(ref, id);
    if (!reference) return 'missing';
    key = keys.libraryItem(reference.organization_id, id);
  }
  const outcome = await versionedUpdate(key, { ...patch, updated_at: now }, version);
  if (outcome.ok) return 'ok';
  return outcome.current && !isExpired(outcome.current) ? 'stale' : 'missing';
}

/** How a report's item is taken out of it: with a tombstone kept in the same transaction; only while the report is not Final. */
export interface RemovalTerms {
  tombstone?: { title: string; now: string };
  whileOpen?: boolean;
}

/**
 * Takes an item out of a report (its reference; a placeholder's own item) and counts it out (a report written
 * before the count existed has none: the item goes alone). The library item itself stays (deleteLibraryRecord).
 * With `terms.whileOpen`, not out of a Final report (ReportFinalError: nothing written).
 */
export async function deleteEvidenceRecord(ref: string, id: string, terms: RemovalTerms = {}): Promise<void> {
  const key = isPlaceholder(ref) ? keys.evidence(ref, id) : keys.evidenceRef(ref, id);
  const remove: TransactItem = { Delete: { TableName: tableName, Key: key, ConditionExpression: 'attribute_exists(PK)' } };
  // what goes with the removal, after it and the count: the report's open check first
  const alongside: TransactItem[] = [
    ...(terms.whileOpen && !isPlaceholder(ref) ? [reportOpenCheck(ref)] : []),
    ...(terms.tombstone && !isPlaceholder(ref) ? [{ Put: { TableName: tableName, Item: tombstoneItem(ref, id, terms.tombstone.title, terms.tombstone.now) } }] : []),
  ];
  const lock = terms.whileOpen && !isPlaceholder(ref);
  const outcome = await transact([
    remove,
    {
      Update: {
        TableName: tableName,
        Key: keys.evidenceCount(ref),
        UpdateExpression: 'ADD evidence_count :minus',
        ConditionExpression: 'evidence_count > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      },
    },
    ...alongside,
  ]);
  if (outcome.ok) {
    // a count back at zero goes with the last item (a claimed placeholder leaves nothing behind)
    await deleteIf({ Key: keys.evidenceCount(ref), ConditionExpression: 'evidence_count <= :zero', ExpressionAttributeValues: { ':zero': 0 } });
    return;
  }
  if (lock && outcome.failed.includes(2)) throw new ReportFinalError(ref);
  if (outcome.failed.includes(0)) return; // already gone
  // no count (a report from before it): the item goes alone
  const alone = await transact([remove, ...alongside]);
  if (lock && !alone.ok && alone.failed.includes(1)) throw new ReportFinalError(ref);
}

/** A client's library item (with its inline text). */
export async function getLibraryItem(organizationId: string, id: string): Promise<EvidenceRecord | undefined> {
  return (await getItem(keys.libraryItem(organizationId, id))) as EvidenceRecord | undefined;
}

/**
 * Removes a library item and takes it off the duplicate index (its files and the references to it are the caller's
 * to remove first). What it is listed under is read from the item first; the removal holds only while that is still
 * so (an item the migration lists meanwhile is read again), then the index entries it left empty go.
 * `clientGone`: the client itself was deleted and its whole index goes after its items (deleteDuplicateIndex), so
 * the item goes alone, without taking itself off the index entry by entry.
 */
export async function deleteLibraryRecord(organizationId: string, id: string, opts: { clientGone?: true } = {}): Promise<void> {
  const key = keys.libraryItem(organizationId, id);
  if (opts.clientGone) {
    await deleteItem(key);
    return;
  }
  // an item the migration listed (or unlisted) between the read and the removal is read again, three times at most
  await retryOnRace(4, async (attempt) => {
    const current = await getItem(key, { consistent: true, fields: ['PK', 'content_hash', 'dup_bands'] });
    const entry = entryOf(current);
    const outcome = await transact([
      {
        Delete: {
          TableName: tableName,
          Key: key,
          ...(current ? { ConditionExpression: entry ? 'attribute_exists(dup_bands)' : 'attribute_not_exists(dup_bands)' } : {}),
        },
      },
      libraryChanged(organizationId),
      ...(entry ? indexWrites(organizationId, id, entry, 'DELETE') : []),
    ]);
    if (outcome.ok) {
      if (entry) await dropEmptyEntries(organizationId, entry);
      return;
    }
    if (!outcome.failed.includes(0) || attempt >= 3) throw outcome.error;
    return AGAIN;
  }, () => undefined);
}

const LIBRARY_FIELDS = [...SUMMARY_FIELDS, 'content_hash', 'text_signature', 'dimension_scores'] as const;

/** Every item of a client's library, without texts, oldest first. */
export async function listLibrary(organizationId: string): Promise<EvidenceRecord[]> {
  const items = (await queryAll(`ORG#${organizationId}`, keys.libraryItemSkPrefix, { fields: LIBRARY_FIELDS })) as unknown as EvidenceRecord[];
  return items.sort(byCreated);
}

/** Which reports refer to the client's items (one item's, with `id`): the ByOrganization index. */
export async function listClientReferences(organizationId: string, id?: string): Promise<{ id: string; report_id: string }[]> {
  const rows = await queryAll(keys.evidenceRefByClientPartition(organizationId), keys.evidenceRefByClientSkPrefix(id), { index: indexes.byOrganization, fields: ['id', 'report_id'] });
  return rows.map((row) => ({ id: String(row.id), report_id: String(row.report_id) }));
}

/** The items a report's partition still holds in the shape before the library (the migration's input). */
export async function listLegacyEvidence(reportId: string): Promise<EvidenceRecord[]> {
  return (await queryAll(keys.reportPartition(reportId), keys.evidenceSkPrefix)) as unknown as EvidenceRecord[];
}

/** Writes a migrated item: the library item, the report's reference, the old item removed, and its duplicate index entries, in one transaction. */
export async function moveLegacyEvidence(legacy: EvidenceRecord, item: EvidenceRecord, organizationId: string): Promise<void> {
  const entry = entryOf(item);
  const outcome = await transact([
    { Put: { TableName: tableName, Item: item } },
    { Put: { TableName: tableName, Item: referenceItem(legacy.report_id, organizationId, legacy.id, legacy.created_by, legacy.created_at) } },
    { Delete: { TableName: tableName, Key: { PK: legacy.PK, SK: legacy.SK } } },
    libraryChanged(organizationId),
    ...(entry ? indexWrites(organizationId, item.id, entry, 'ADD') : []),
  ]);
  if (!outcome.ok) throw outcome.error;
}

const tombstoneItem = (reportId: string, id: string, title: string, now: string) => ({ ...keys.evidenceTombstone(reportId, id), entity: 'EvidenceTombstone', id, title, deleted_at: now });

/** Keeps a deleted evidence item's title, so citations of it can still name their source (as broken). */
export async function putEvidenceTombstone(reportId: string, id: string, title: string, now: string): Promise<void> {
  await putItem(tombstoneItem(reportId, id, title, now));
}

/** Deleted evidence of a report: id → title. */
export async function listEvidenceTombstones(reportId: string): Promise<Map<string, string>> {
  const items = await queryAll(keys.reportPartition(reportId), keys.evidenceTombstoneSkPrefix, { fields: ['id', 'title'] });
  return new Map(items.map((item) => [String(item.id), String(item.title)]));
}

/** id → title of a report's evidence (keys and titles only: cheap, for marking citations). */
export async function listEvidenceTitles(ref: string): Promise<Map<string, string>> {
  const items = await allOf(ref, ['id', 'title', 'expires_at']);
  return new Map(items.map((item) => [String(item.id), String(item.title)]));
}

/** The ids of a client's library items, oldest first (one Query, projected to the id). */
export async function listLibraryIds(organizationId: string): Promise<RefRow[]> {
  const rows = await queryAll(keys.libraryItem(organizationId, '').PK, keys.libraryItemSkPrefix, { fields: ['id'] });
  return rows.map((row) => ({ id: String(row.id), organization_id: organizationId })).sort((a, b) => a.id.localeCompare(b.id));
}

/** id → title of some library items (one BatchGet per hundred, titles only). */
export async function libraryTitles(rows: readonly RefRow[]): Promise<Map<string, string>> {
  const found = await batchGetItems(rows.map((r) => keys.libraryItem(r.organization_id, r.id)), ['id', 'title']);
  return new Map(found.map((item) => [String(item.id), String(item.title)]));
}

/**
 * The full texts of some library items (inline, or read from S3 a few at a time), with their titles and types,
 * in the order asked; items without text are left out.
 */
export async function libraryTexts(rows: readonly RefRow[]): Promise<{ id: string; title: string; type: EvidenceRecord['type']; text: string }[]> {
  const found = await batchGetItems(rows.map((r) => keys.libraryItem(r.organization_id, r.id)), ['id', 'title', 'type', 'text', 'text_key', 'text_chars']);
  const byId = new Map(found.map((item) => [String(item.id), item as unknown as EvidenceRecord]));
  const records = rows.flatMap((r) => {
    const item = byId.get(r.id);
    return item && (item.text_chars > 0 || item.text !== undefined || item.text_key) ? [item] : [];
  });
  const out: { id: string; title: string; type: EvidenceRecord['type']; text: string }[] = [];
  for (let i = 0; i < records.length; i += 8) {
    const batch = records.slice(i, i + 8);
    const texts = await Promise.all(batch.map(async (r) => r.text ?? (r.text_key ? ((await getObjectText(r.text_key)) ?? '') : '')));
    batch.forEach((r, j) => {
      if (texts[j]) out.push({ id: r.id, title: r.title, type: r.type, text: texts[j] });
    });
  }
  return out;
}
