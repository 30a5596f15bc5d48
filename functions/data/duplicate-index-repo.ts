/**
 * The duplicate index of a client's library (keys.duplicateHash / keys.duplicateBand): per content hash
 * and per band of the MinHash signatures, the ids of the library items that have it. Finding an added item's
 * duplicates reads its own entries (one BatchGetItem of at most 1 + BANDS keys) and then its few candidates (one
 * BatchGetItem), whatever the library's size; nothing here Queries the library.
 *
 * What an item is listed under is kept on the item itself (`content_hash` and `dup_bands`, the hash of each band,
 * an empty list for a text without words), so removing it removes exactly what adding it wrote. An item without
 * `dup_bands` was written before the index and is not in it (the migration lists it: backfillItem).
 */
import type { ItemKey } from './keys';
import { keys } from './keys';
import { tableName } from './table';
import { queryAll } from './table-query';
import { deleteAll, deleteIf, getItems, transact, type TransactItem } from './table-ops';

/** What a library item is listed under in the index. */
export interface DuplicateIndexEntry {
  content_hash?: string;
  /** the hash of each band of the text's signature, in band order (empty: no text) */
  dup_bands: readonly string[];
}

/** The index keys of an entry: its content hash's, then each band's. */
function entryKeys(organizationId: string, entry: DuplicateIndexEntry): ItemKey[] {
  return [
    ...(entry.content_hash ? [keys.duplicateHash(organizationId, entry.content_hash)] : []),
    ...entry.dup_bands.map((hash, band) => keys.duplicateBand(organizationId, band, hash)),
  ];
}

/**
 * The writes that list an item under its entry (`ADD`) or take it off (`DELETE`), for the transaction that writes
 * or removes the item. A set left empty drops its attribute; dropEmptyEntries then removes the husk.
 */
export function indexWrites(organizationId: string, id: string, entry: DuplicateIndexEntry, op: 'ADD' | 'DELETE'): TransactItem[] {
  return entryKeys(organizationId, entry).map((Key) => ({
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression: op === 'ADD' ? 'ADD ids :id SET entity = :e' : 'DELETE ids :id',
      ExpressionAttributeValues: op === 'ADD' ? { ':id': new Set([id]), ':e': 'DuplicateIndex' } : { ':id': new Set([id]) },
    },
  }));
}

/** Removes the entries an item's removal left without ids (an entry another item joined meanwhile stays). */
export async function dropEmptyEntries(organizationId: string, entry: DuplicateIndexEntry): Promise<void> {
  await Promise.all(entryKeys(organizationId, entry).map((Key) => deleteIf({ Key, ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(ids)' })));
}

/** The entry an item is listed under, read from a record (none when the record predates the index). */
export function entryOf(record: { content_hash?: unknown; dup_bands?: unknown } | undefined): DuplicateIndexEntry | undefined {
  if (!record || !Array.isArray(record.dup_bands)) return undefined;
  return {
    ...(typeof record.content_hash === 'string' ? { content_hash: record.content_hash } : {}),
    dup_bands: (record.dup_bands as unknown[]).map(String),
  };
}

const idsOf = (item: Record<string, unknown> | undefined): string[] => (item?.ids instanceof Set ? [...(item.ids as Set<string>)] : []);

/**
 * What the index holds for an added item's content hash and bands: one BatchGetItem of at most 1 + bands keys
 * (eventually consistent, as the library's listing was). `bands[i]` are the ids listed under band i's hash.
 */
export async function readDuplicateIndex(organizationId: string, contentHash: string | undefined, bandHashes: readonly string[]): Promise<{ sameContent: string[]; bands: string[][] }> {
  const wanted = entryKeys(organizationId, { ...(contentHash ? { content_hash: contentHash } : {}), dup_bands: bandHashes });
  if (!wanted.length) return { sameContent: [], bands: [] };
  const found = new Map((await getItems(wanted, { fields: ['PK', 'SK', 'ids'] })).map((item) => [String(item.SK), item]));
  return {
    sameContent: contentHash ? idsOf(found.get(keys.duplicateHash(organizationId, contentHash).SK)) : [],
    bands: bandHashes.map((hash, band) => idsOf(found.get(keys.duplicateBand(organizationId, band, hash).SK))),
  };
}

/** A library item as duplicate detection compares it. */
export interface LibraryFingerprint {
  id: string;
  title: string;
  created_at: string;
  content_hash?: string;
  text_signature?: number[];
}

const FINGERPRINT_FIELDS = ['id', 'title', 'created_at', 'content_hash', 'text_signature'] as const;

/** Some items of a client's library with their fingerprints (one BatchGetItem), oldest first as the library lists them; gone ones left out. */
export async function libraryFingerprints(organizationId: string, ids: readonly string[]): Promise<LibraryFingerprint[]> {
  if (!ids.length) return [];
  const found = (await getItems(ids.map((id) => keys.libraryItem(organizationId, id)), { fields: FINGERPRINT_FIELDS })) as unknown as LibraryFingerprint[];
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The items of a client's library not in the index yet that have something to list (the migration's input; one Query of the library's prefix). */
export async function listUnindexedItems(organizationId: string): Promise<{ id: string; content_hash?: string; text_signature?: number[] }[]> {
  const rows = await queryAll(keys.libraryItem(organizationId, '').PK, keys.libraryItemSkPrefix, { fields: ['id', 'content_hash', 'text_signature', 'dup_bands'] });
  return rows
    .filter((row) => row.dup_bands === undefined && (typeof row.content_hash === 'string' || Array.isArray(row.text_signature)))
    .map((row) => ({
      id: String(row.id),
      ...(typeof row.content_hash === 'string' ? { content_hash: row.content_hash } : {}),
      ...(Array.isArray(row.text_signature) ? { text_signature: row.text_signature as number[] } : {}),
    }));
}

/**
 * Lists an item written before the index under its entry, and marks it listed (`dup_bands`), in one transaction
 * conditional on the item still being there and not listed yet: false when it was (or is gone), so a repeated or
 * concurrent run adds nothing twice and never brings back a deleted item.
 */
export async function backfillItem(organizationId: string, id: string, entry: DuplicateIndexEntry): Promise<boolean> {
  const outcome = await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.libraryItem(organizationId, id),
        UpdateExpression: 'SET dup_bands = :bands',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(dup_bands)',
        ExpressionAttributeValues: { ':bands': [...entry.dup_bands] },
      },
    },
    ...indexWrites(organizationId, id, entry, 'ADD'),
  ]);
  if (outcome.ok) return true;
  if (outcome.failed.includes(0)) return false;
  throw outcome.error;
}

/**
 * Removes whatever is left of a deleted client's duplicate index (its items' removals took their ids off; this
 * is the safety net for an entry a crash left behind). One Query of the index's prefix, then the deletes.
 */
export async function deleteDuplicateIndex(organizationId: string): Promise<number> {
  const rows = await queryAll(keys.libraryItem(organizationId, '').PK, keys.duplicateIndexSkPrefix, { fields: ['PK', 'SK'] });
  await deleteAll(rows.map((row) => ({ PK: String(row.PK), SK: String(row.SK) })));
  return rows.length;
}
