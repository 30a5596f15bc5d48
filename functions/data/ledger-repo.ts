/**
 * The claim ledger's storage, under the report's partition. Per section part: its summary (what a read of the
 * whole ledger needs: counts, measures and values, the first unsupported entries), its full entries (read one part
 * at a time, for a page), and the fingerprint of the input it was computed from with the section version it
 * stands for (what a save compares before recomputing, and Final's gate against the sections' versions). Summaries
 * and entries are gzipped JSON, split over numbered items when larger than an item holds. Entries are written under
 * the version they were computed from and never rewritten: a reader that found a summary finds its entries until a
 * later part replaces them. A part's summary head and its fingerprint are written in one transaction, each only over
 * an older version, so a part computed from an older version never lands over a newer one (nor under a fingerprint
 * advanced past it). The fingerprint item also records a recompute handed to the background worker (`queued`: the
 * section version and when), which a read lists as pending until the part of that version is stored. Also the
 * lead's waivers (a waiver and its audit entry are one transaction) and the mark that every section has its part.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { LedgerEntry, Waiver } from '@shared/domain/ledger/ledger';
import type { PartSummary } from '@shared/domain/ledger/summary';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { queryAll } from './table-query';
import { tableName } from './table';
import { deleteAll, deleteItem, getItem, newItemPut, putItem, transact, updateIf } from './table-ops';

/** What a part's summary item says besides the summary: the section version it was computed from. */
export interface StoredSummary {
  part: string;
  /** the section version the part was computed from (its entries are stored under it) */
  version: number;
  summary: PartSummary;
}

export interface StoredLedger {
  /** every section has had its part computed */
  built: boolean;
  summaries: StoredSummary[];
  waivers: Waiver[];
  /** every part's fingerprint, by part (with the recompute queued for it, if any) */
  fingerprints: Map<string, PartFingerprint>;
}

/** A recompute of a part handed to the background worker: the section version it is for, and when it was queued. */
export interface QueuedPart {
  version: number;
  at: string;
}

/**
 * The input a part was computed from and the latest section version known to have that input (0 and an empty
 * fingerprint when none was computed yet), and the recompute queued for it.
 */
export interface PartFingerprint {
  part: string;
  fingerprint: string;
  version: number;
  queued?: QueuedPart;
}

const fingerprintOf = (item: Record<string, unknown>): PartFingerprint => ({
  part: String(item.part),
  fingerprint: typeof item.fingerprint === 'string' ? item.fingerprint : '',
  version: Number(item.version ?? 0),
  ...(item.queued !== undefined ? { queued: { version: Number(item.queued), at: String(item.queued_at) } } : {}),
});

/** Bytes of gzipped data per item: under DynamoDB's 400 KB item limit with room for the keys. */
const CHUNK_BYTES = 350 * 1024;

const pieces = (data: Buffer): Buffer[] => {
  const out: Buffer[] = [];
  for (let at = 0; at === 0 || at < data.length; at += CHUNK_BYTES) out.push(data.subarray(at, at + CHUNK_BYTES));
  return out;
};
const pack = (value: unknown) => pieces(gzipSync(JSON.stringify(value)));
const unpack = <T>(chunks: readonly Uint8Array[]): T => JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')) as T;
const bytes = (v: unknown): Uint8Array => (v instanceof Uint8Array ? v : new Uint8Array());

/** The ledger a read joins: every part's summary (a part whose chunks were caught mid-rewrite is left out), the waivers, the mark, the fingerprints. */
export async function readLedger(reportId: string): Promise<StoredLedger> {
  // the mark and the fingerprints first, then the summaries: a part stored between the two reads is then at worst
  // newer than its fingerprint says (listed as pending once more), never an old summary taken for the current one
  // while the fingerprint already says the queued recompute is done
  const [built, fingerprints] = await Promise.all([getItem(keys.ledgerBuilt(reportId), { consistent: true }), readFingerprints(reportId)]);
  const [summaryItems, waiverItems] = await Promise.all([
    queryAll(keys.reportPartition(reportId), keys.ledgerSummarySkPrefix, { consistent: true }),
    queryAll(keys.reportPartition(reportId), keys.ledgerWaiverSkPrefix, { consistent: true }),
  ]);
  const byPart = new Map<string, Record<string, unknown>[]>();
  for (const item of summaryItems) {
    const part = String(item.part);
    byPart.set(part, [...(byPart.get(part) ?? []), item]);
  }
  const summaries: StoredSummary[] = [];
  for (const [part, items] of byPart) {
    const head = items.find((i) => Number(i.chunk) === 0);
    if (!head) continue;
    const version = Number(head.version);
    const chunks = [...Array(Number(head.chunks ?? 1)).keys()].map((c) => items.find((i) => Number(i.chunk) === c && Number(i.version) === version));
    if (chunks.some((c) => !c)) continue;
    summaries.push({ part, version, summary: unpack<PartSummary>(chunks.map((c) => bytes(c!.data))) });
  }
  const waivers = waiverItems.map((item) => ({ id: String(item.id), reason: String(item.reason), by: String(item.by), at: String(item.at) }));
  return { built: Boolean(built), summaries, waivers, fingerprints };
}

/** A part's entries as computed from `version`; undefined when a later part replaced them meanwhile. */
export async function readPartEntries(reportId: string, part: string, version: number): Promise<LedgerEntry[] | undefined> {
  const items = await queryAll(keys.reportPartition(reportId), keys.ledgerEntriesSkPrefix(part, version), { consistent: true });
  const head = items.find((i) => Number(i.chunk) === 0);
  if (!head || items.length !== Number(head.chunks)) return undefined;
  return unpack<LedgerEntry[]>(items.sort((a, b) => Number(a.chunk) - Number(b.chunk)).map((i) => bytes(i.data)));
}

/** Every part's fingerprint, by part. */
export async function readFingerprints(reportId: string): Promise<Map<string, PartFingerprint>> {
  const items = await queryAll(keys.reportPartition(reportId), keys.ledgerFingerprintSkPrefix, { consistent: true });
  return new Map(items.map((i) => [String(i.part), fingerprintOf(i)]));
}

export async function readFingerprint(reportId: string, part: string): Promise<PartFingerprint | undefined> {
  const item = await getItem(keys.ledgerFingerprint(reportId, part), { consistent: true });
  return item ? fingerprintOf({ ...item, part }) : undefined;
}

/** Records that the part of a section's `version` is computed in the background (unless a later version was queued). */
export async function markPartQueued(reportId: string, part: string, version: number, at: string): Promise<void> {
  await updateIf({
    Key: keys.ledgerFingerprint(reportId, part),
    UpdateExpression: 'SET #queued = :v, #queued_at = :at, #part = :part, #entity = :entity',
    ConditionExpression: 'attribute_not_exists(#queued) OR #queued <= :v',
    ExpressionAttributeNames: { '#queued': 'queued', '#queued_at': 'queued_at', '#part': 'part', '#entity': 'entity' },
    ExpressionAttributeValues: { ':v': version, ':at': at, ':part': part, ':entity': 'LedgerFingerprint' },
  });
}

/** Forgets the recompute queued for `version` (its worker could not be started or failed): a read computes the part itself. */
export async function unmarkPartQueued(reportId: string, part: string, version: number): Promise<void> {
  await updateIf({
    Key: keys.ledgerFingerprint(reportId, part),
    UpdateExpression: 'REMOVE #queued, #queued_at',
    ConditionExpression: '#queued = :v',
    ExpressionAttributeNames: { '#queued': 'queued', '#queued_at': 'queued_at' },
    ExpressionAttributeValues: { ':v': version },
  });
}

/**
 * A section version whose input has the fingerprint its part was computed from: the part stands for it as well.
 * False when the fingerprint changed or a later version is recorded.
 */
export async function advanceFingerprint(reportId: string, part: string, fingerprint: string, version: number): Promise<boolean> {
  return updateIf({
    Key: keys.ledgerFingerprint(reportId, part),
    UpdateExpression: 'SET version = :v',
    ConditionExpression: 'fingerprint = :f AND version <= :v',
    ExpressionAttributeValues: { ':v': version, ':f': fingerprint },
  });
}

/**
 * Stores a part computed from a section's `version`: its entries (under that version) and its summary's later
 * chunks, then in one transaction its summary's head and its fingerprint, unless a part of a later version is stored
 * or the fingerprint was advanced past `version` (two saves of one section finishing out of order). The entries of
 * the version it replaces are deleted. Returns false when it was not stored.
 */
export async function writeLedgerPart(reportId: string, input: { part: string; version: number; fingerprint: string; entries: readonly LedgerEntry[]; summary: PartSummary }): Promise<boolean> {
  const { part, version } = input;
  const previous = await getItem(keys.ledgerSummary(reportId, part, 0), { consistent: true, fields: ['version', 'chunks'] });
  if (previous && Number(previous.version) > version) return false;
  const entryChunks = pack(input.entries);
  for (let c = 0; c < entryChunks.length; c++) {
    await putItem({ ...keys.ledgerEntries(reportId, part, version, c), entity: 'LedgerEntries', part, version, chunk: c, chunks: entryChunks.length, data: entryChunks[c]! });
  }
  const summaryChunks = pack(input.summary);
  // the later chunks first: a reader that sees the new head finds its chunks
  for (let c = 1; c < summaryChunks.length; c++) {
    await putItem({ ...keys.ledgerSummaryChunk(reportId, part, c, version), entity: 'LedgerSummary', part, version, chunk: c, data: summaryChunks[c]! });
  }
  const written = await transact([
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.ledgerSummary(reportId, part, 0), entity: 'LedgerSummary', part, version, chunk: 0, chunks: summaryChunks.length, data: summaryChunks[0]! },
        ConditionExpression: 'attribute_not_exists(PK) OR version <= :v',
        ExpressionAttributeValues: { ':v': version },
      },
    },
    {
      // an update: the recompute queued for a later version stays recorded
      Update: {
        TableName: tableName,
        Key: keys.ledgerFingerprint(reportId, part),
        UpdateExpression: 'SET #fingerprint = :f, #version = :v, #part = :part, #entity = :entity',
        ConditionExpression: 'attribute_not_exists(#version) OR #version <= :v',
        ExpressionAttributeNames: { '#fingerprint': 'fingerprint', '#version': 'version', '#part': 'part', '#entity': 'entity' },
        ExpressionAttributeValues: { ':f': input.fingerprint, ':v': version, ':part': part, ':entity': 'LedgerFingerprint' },
      },
    },
  ]);
  if (!written.ok) {
    // the chunks written are left to the part stored under the same version by another writer
    const head = await getItem(keys.ledgerSummary(reportId, part, 0), { consistent: true, fields: ['version'] });
    if (head && Number(head.version) === version) return false;
    await deleteAll([...entryChunks.map((_, c) => keys.ledgerEntries(reportId, part, version, c)), ...summaryChunks.slice(1).map((_, c) => keys.ledgerSummaryChunk(reportId, part, c + 1, version))]);
    return false;
  }
  const stale: { PK: string; SK: string }[] = [];
  if (previous && Number(previous.version) !== version) {
    const old = await queryAll(keys.reportPartition(reportId), keys.ledgerEntriesSkPrefix(part, Number(previous.version)), { fields: ['PK', 'SK'] });
    stale.push(...old.map((i) => ({ PK: String(i.PK), SK: String(i.SK) })));
  }
  // the summary chunks of the version replaced
  if (previous && Number(previous.version) !== version) for (let c = 1; c < Number(previous.chunks ?? 1); c++) stale.push(keys.ledgerSummaryChunk(reportId, part, c, Number(previous.version)));
  if (stale.length) await deleteAll(stale);
  return true;
}

/** Forgets that every section has its part: the next read checks each part against its section. */
export async function unmarkLedgerBuilt(reportId: string): Promise<void> {
  await deleteItem(keys.ledgerBuilt(reportId));
}

/** Marks the ledger as holding a part for every section. */
export async function markLedgerBuilt(reportId: string, at: string): Promise<void> {
  await putItem({ ...keys.ledgerBuilt(reportId), entity: 'LedgerBuilt', at });
}

/** A lead's waiver of one figure (or disagreement) and its audit entry, in one transaction; false when it was waived already. */
export async function putWaiver(reportId: string, waiver: Waiver, audit: NewAuditEntry): Promise<boolean> {
  const outcome = await transact([newItemPut({ ...keys.ledgerWaiver(reportId, waiver.id), entity: 'LedgerWaiver', ...waiver }), auditPut(audit)]);
  return outcome.ok;
}
