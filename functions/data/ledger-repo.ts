/**
 * The claim ledger's storage, all under the report's partition with the prefix `LEDGER#`, so one Query reads
 * the whole ledger: one part per section at the section version it was computed from (a part larger than an item
 * holds is split over numbered chunks, the first carrying how many there are), the lead's waivers, and the mark
 * that the ledger was built from every section. A waiver and its audit entry are one transaction.
 */
import type { Disagreement, LedgerEntry, TrendClaim, Waiver } from '@shared/domain/ledger/ledger';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { queryAll } from './table-query';
import { deleteAll, deleteItem, getItem, newItemPut, putIf, putItem, transact } from './table-ops';

export interface StoredLedgerPart {
  part: string;
  /** the section version the part was computed from */
  version: number;
  entries: LedgerEntry[];
  disagreements: Disagreement[];
  trends: TrendClaim[];
}

export interface StoredLedger {
  /** every section's part has been computed at least once */
  built: boolean;
  parts: StoredLedgerPart[];
  waivers: Waiver[];
}

/** Bytes of entries per chunk item: under DynamoDB's 400 KB item limit with room for the keys. */
const CHUNK_BYTES = 300 * 1024;

const str = (v: unknown) => (typeof v === 'string' ? v : '[]');

export async function readLedger(reportId: string): Promise<StoredLedger> {
  const items = await queryAll(keys.reportPartition(reportId), keys.ledgerSkPrefix, { consistent: true });
  const byPart = new Map<string, { head?: Record<string, unknown>; chunks: Map<number, LedgerEntry[]> }>();
  type Slot = { head?: Record<string, unknown>; chunks: Map<number, LedgerEntry[]> };
  const waivers: Waiver[] = [];
  let built = false;
  for (const item of items) {
    const sk = String(item.SK);
    if (sk === keys.ledgerBuilt(reportId).SK) built = true;
    else if (sk.startsWith('LEDGER#W#')) waivers.push({ id: String(item.id), reason: String(item.reason), by: String(item.by), at: String(item.at) });
    else if (sk.startsWith('LEDGER#P#')) {
      const part = String(item.part);
      const chunk = Number(item.chunk ?? 0);
      const slot: Slot = byPart.get(part) ?? { chunks: new Map<number, LedgerEntry[]>() };
      slot.chunks.set(chunk, JSON.parse(str(item.entries)) as LedgerEntry[]);
      if (chunk === 0) slot.head = item;
      byPart.set(part, slot);
    }
  }
  const parts: StoredLedgerPart[] = [];
  for (const [part, slot] of byPart) {
    if (!slot.head) continue;
    const count = Number(slot.head.chunks ?? 1);
    // a part rewritten while it was read misses a chunk: left out (it is read whole on the next read)
    if ([...Array(count).keys()].some((i) => !slot.chunks.has(i))) continue;
    parts.push({
      part,
      version: Number(slot.head.version ?? 0),
      entries: [...Array(count).keys()].flatMap((i) => slot.chunks.get(i)!),
      disagreements: JSON.parse(str(slot.head.disagreements)) as Disagreement[],
      trends: JSON.parse(str(slot.head.trends)) as TrendClaim[],
    });
  }
  return { built, parts, waivers };
}

function chunksOf(entries: readonly LedgerEntry[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const e of entries) {
    const s = JSON.stringify(e);
    if (current.length && size + Buffer.byteLength(s) + 1 > CHUNK_BYTES) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(s);
    size += Buffer.byteLength(s) + 1;
  }
  chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/**
 * Stores a part computed from a section's `version`, unless a part of a later version is stored already (two
 * saves of one section finishing out of order). Returns false when it was not stored.
 */
export async function writeLedgerPart(reportId: string, stored: StoredLedgerPart): Promise<boolean> {
  const chunks = chunksOf(stored.entries);
  const head = {
    ...keys.ledgerPart(reportId, stored.part, 0),
    entity: 'LedgerPart',
    part: stored.part,
    chunk: 0,
    chunks: chunks.length,
    version: stored.version,
    entries: chunks[0]!,
    disagreements: JSON.stringify(stored.disagreements),
    trends: JSON.stringify(stored.trends),
  };
  const previous = await getItem(keys.ledgerPart(reportId, stored.part, 0), { consistent: true, fields: ['chunks'] });
  // the later chunks first: a reader that sees the new head finds its chunks
  for (let i = 1; i < chunks.length; i++) {
    await putItem({ ...keys.ledgerPart(reportId, stored.part, i), entity: 'LedgerPart', part: stored.part, chunk: i, version: stored.version, entries: chunks[i]! });
  }
  const written = await putIf({ Item: head, ConditionExpression: 'attribute_not_exists(PK) OR version <= :v', ExpressionAttributeValues: { ':v': stored.version } });
  // the chunks a part that shrank no longer needs
  const before = Number(previous?.chunks ?? 0);
  if (written && before > chunks.length) await deleteAll([...Array(before - chunks.length).keys()].map((i) => keys.ledgerPart(reportId, stored.part, chunks.length + i)));
  return written;
}

/** Forgets that the ledger was built: its next read builds it again from every section. */
export async function unmarkLedgerBuilt(reportId: string): Promise<void> {
  await deleteItem(keys.ledgerBuilt(reportId));
}

/** Marks the ledger as built from every section. */
export async function markLedgerBuilt(reportId: string, at: string): Promise<void> {
  await putItem({ ...keys.ledgerBuilt(reportId), entity: 'LedgerBuilt', at });
}

/** A lead's waiver of one figure (or disagreement) and its audit entry, in one transaction; false when it was waived already. */
export async function putWaiver(reportId: string, waiver: Waiver, audit: NewAuditEntry): Promise<boolean> {
  const outcome = await transact([newItemPut({ ...keys.ledgerWaiver(reportId, waiver.id), entity: 'LedgerWaiver', ...waiver }), auditPut(audit)]);
  return outcome.ok;
}
