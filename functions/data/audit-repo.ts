/**
 * The audit log's items: written inside the transaction that makes the change where there is one. Each is kept
 * under what it concerns, and is also in the ByKind index's `AUDIT` partition by time: the firm-wide log.
 */
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEntry } from '@shared/schemas/audit';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { indexes, keys, type AuditHome } from './keys';
import { tableName } from './table';
import { putItem, queryPage, transact, updateIf } from './table-ops';
import { queryRange, type SortKeyCondition } from './table-query';

export interface NewAuditEntry {
  action: AuditAction;
  target: AuditEntry['target'];
  user: string;
  detail: string;
  at: string;
  /** where the entry is kept (the report, the organization, or the account) */
  under: { kind: AuditHome; id: string };
  /**
   * the client the entry concerns, so the firm-wide log can tell a confidential client's entries: an entry kept
   * under an organization names it by that; one kept under a report names the report's client here
   */
  client?: string;
}

/** The client an entry concerns: named, or the organization it is kept under (none for an account's entries). */
const clientOf = (entry: NewAuditEntry): string | undefined => entry.client ?? (entry.under.kind === 'organization' ? entry.under.id : undefined);

function itemOf(entry: NewAuditEntry) {
  const id = randomUUID();
  return {
    ...keys.audit(entry.under.kind, entry.under.id, entry.at, id),
    ...keys.auditByTime(entry.at, id),
    entity: 'Audit',
    id,
    at: entry.at,
    user: entry.user,
    action: entry.action,
    target: entry.target,
    detail: entry.detail,
    ...(clientOf(entry) ? { organization_id: clientOf(entry) } : {}),
  };
}

/** A Put for a transaction: the entry is written if and only if the change is. */
export function auditPut(entry: NewAuditEntry) {
  return { Put: { TableName: tableName, Item: itemOf(entry) } };
}

/** For changes made by a single conditional update: written right after it succeeded. */
export async function putAudit(entry: NewAuditEntry): Promise<void> {
  await putItem(itemOf(entry));
}

const FIELDS = ['id', 'at', 'user', 'action', 'target', 'detail'] as const;

/** A page of entries, newest first. */
export async function listAudit(kind: AuditHome, id: string, limit: number, cursor?: string): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const page = await queryPage({ pk: keys.auditPartition(kind, id), skPrefix: keys.auditSkPrefix, newestFirst: true, limit, cursor });
  return { items: page.items.map((i) => Object.fromEntries(FIELDS.map((f) => [f, i[f]])) as AuditEntry), next_cursor: page.next_cursor };
}

export interface AuditLogFilter {
  /** ISO time: entries at or after it */
  from?: string;
  /** ISO time: entries before it */
  to?: string;
  user?: string;
  action?: AuditAction;
}

/** `from` and `to` as bounds of the index's sort key (`<at>#<id>`). */
function timeBounds(filter: AuditLogFilter): SortKeyCondition | undefined {
  if (filter.from && filter.to) return { between: [filter.from, filter.to] };
  if (filter.from) return { op: '>=', value: filter.from };
  if (filter.to) return { op: '<', value: filter.to };
  return undefined;
}

const AUDIT_HOME = /^(REPORT|ORG|USER)#/;

/** An entry of the firm-wide log with what it concerns: its client (when it names one) and where it is kept. */
export interface AuditLogRow {
  entry: AuditEntry;
  /** the client the entry concerns; undefined for an account's entries, and for a report's entries written before entries named it */
  client: string | undefined;
  home: AuditHome;
}

const HOMES: Record<string, AuditHome> = { REPORT: 'report', ORG: 'organization', USER: 'user' };

function rowOf(item: Record<string, unknown>): AuditLogRow {
  const home = HOMES[String(item.PK).split('#')[0]!] ?? 'user';
  const client = typeof item.organization_id === 'string' ? item.organization_id : home === 'organization' ? String(item.PK).slice('ORG#'.length) : undefined;
  return { entry: Object.fromEntries(FIELDS.map((f) => [f, item[f]])) as AuditEntry, client, home };
}

/**
 * A page of the firm-wide log, newest first, filtered by time (the index's key), user and action (a filter):
 * Query pages of the `AUDIT` partition until `limit` entries matched or `budget` entries were read, so a filter
 * that matches little never reads the whole log in one request; `next_cursor` goes on from the last one read.
 */
export async function listAuditLog(
  filter: AuditLogFilter,
  limit: number,
  cursor: string | undefined,
  budget: number,
): Promise<{ items: AuditLogRow[]; next_cursor: string | null }> {
  const start = decodeCursor(cursor, ['pk', 'sk', 'gsk'] as const);
  if (start === 'invalid' || (start && (!AUDIT_HOME.test(start.pk) || !start.sk.startsWith(keys.auditSkPrefix)))) throw new InvalidCursorError();
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.user) {
    filters.push('#u = :user');
    names['#u'] = 'user';
    values[':user'] = filter.user;
  }
  if (filter.action) {
    filters.push('#a = :action');
    names['#a'] = 'action';
    values[':action'] = filter.action;
  }
  const items: AuditLogRow[] = [];
  let read = 0;
  let next: Record<string, unknown> | undefined = start ? { PK: start.pk, SK: start.sk, GSI1PK: keys.auditByTime('', '').GSI1PK, GSI1SK: start.gsk } : undefined;
  do {
    const out = await queryRange({
      index: indexes.byKind,
      pk: keys.auditByTime('', '').GSI1PK,
      sk: timeBounds(filter),
      ...(filters.length ? { filter: { expression: filters.join(' AND '), names, values } } : {}),
      newestFirst: true,
      limit: Math.min(limit - items.length, budget - read),
      start: next,
    });
    read += out.scanned;
    items.push(...out.items.map(rowOf));
    next = out.lastKey;
  } while (next && items.length < limit && read < budget);
  const last = next as { PK?: string; SK?: string; GSI1SK?: string } | undefined;
  return { items, next_cursor: last?.PK && last.SK && last.GSI1SK ? encodeCursor({ pk: last.PK, sk: last.SK, gsk: last.GSI1SK }) : null };
}

/**
 * An entry written at most once per window for one mark (a user's edits of one section): the mark keeps when
 * its last entry was written, and the entry is written with it only when that was before `windowStart`. Both
 * in one transaction, so parallel saves write one entry. True when it was written.
 */
export async function putCoalescedAudit(mark: { PK: string; SK: string }, windowStart: string, entry: NewAuditEntry): Promise<boolean> {
  const outcome = await transact(
    [
      {
        Put: {
          TableName: tableName,
          Item: { ...mark, entity: 'AuditMark', at: entry.at },
          ConditionExpression: 'attribute_not_exists(PK) OR #at < :start',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: { ':start': windowStart },
        },
      },
      auditPut(entry),
    ],
    // not tried again: the transaction it met is a parallel save writing the mark
    { retryConflicts: false },
  );
  // the mark is recent (or a parallel save wrote it first): coalesced into that entry
  return outcome.ok;
}

/**
 * A page of a report's entries written before entries named their client (the firm-wide log's index, a filter on
 * the absent field; for the migration, scripts/migrate-audit-clients.ts): each entry's key and its report.
 */
export async function reportEntriesWithoutClient(start?: Record<string, unknown>): Promise<{ items: { key: { PK: string; SK: string }; reportId: string }[]; next: Record<string, unknown> | undefined }> {
  const out = await queryRange({
    index: indexes.byKind,
    pk: keys.auditByTime('', '').GSI1PK,
    filter: { expression: 'attribute_not_exists(organization_id) AND begins_with(PK, :report)', values: { ':report': keys.auditPartition('report', '') } },
    fields: ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
    limit: 500,
    ...(start ? { start } : {}),
  });
  const items = out.items.map((i) => ({ key: { PK: String(i.PK), SK: String(i.SK) }, reportId: String(i.PK).slice(keys.auditPartition('report', '').length) }));
  return { items, next: out.lastKey };
}

/** Names the client of an entry that has none yet (conditional: an entry that went meanwhile is not made again). */
export async function nameAuditClient(key: { PK: string; SK: string }, organizationId: string): Promise<boolean> {
  return updateIf({
    Key: key,
    UpdateExpression: 'SET organization_id = :o',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(organization_id)',
    ExpressionAttributeValues: { ':o': organizationId },
  });
}
