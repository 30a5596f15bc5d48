import type { CreateOrganizationBody, Organization } from '@shared/schemas/organizations';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { indexes, keys } from './keys';
import { isStatsItem, organizationStatsUpdate } from './stats';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { mergedPage } from './merged-page';
import { ORGANIZATION_FIELDS, toOrganization } from './organization-item';
import type { PartitionRead } from './merge-reads';
import { tableName, TRANSACTION_RETRIES } from './table';
import { AGAIN_AFTER_PAUSE, firstVersion, getItem, getItems, newItemPut, retryOnRace, transact, versionedUpdateItem, type TransactItem } from './table-ops';
import { queryAll } from './table-query';
import { confidentialRename, forgetConfidential, membershipPuts, userClientsUpdate, type NewMember } from './teams-repo';

export async function getOrganization(id: string): Promise<Organization | undefined> {
  const item = await getItem(keys.organization(id));
  return item ? toOrganization(item) : undefined;
}

async function organizationTotal(hidden: ReadonlySet<string> = new Set()): Promise<number> {
  const item = await getItem(keys.organizationStats());
  return Math.max(0, Number(item?.total ?? 0) - hidden.size);
}

/**
 * A page of organizations by name (a Query on the ByKind index; never a Scan), merged with the caller's own
 * confidential clients, and the total. On the first page the total is the open partition's first item.
 *
 * Each confidential client is listed in a partition of its own, holding just its item, and the list of
 * confidential clients keeps where it sorts (`sortKeys`): so of the caller's own, only those that can reach
 * this page are read (after the cursor, at most a page of them, by key in one BatchGetItem), whatever the
 * number of teams they are on. One made confidential before that list kept its place is read by its partition
 * (merged-page.ts).
 */
export async function listOrganizations(
  limit: number,
  cursor?: string,
  scope: { hidden: ReadonlySet<string>; own: readonly string[]; sortKeys?: ReadonlyMap<string, string> } = { hidden: new Set(), own: [] },
): Promise<{ items: Organization[]; next_cursor: string | null; total: number }> {
  const start = decodeCursor(cursor, ['id', 'name'] as const);
  if (start === 'invalid') throw new InvalidCursorError();
  const first = !start;
  const { hidden } = scope;
  const after = start ? keys.organizationByName(start.name, start.id).GSI1SK : undefined;
  const placed = scope.own.flatMap((id) => {
    const sk = scope.sortKeys?.get(id);
    return sk === undefined ? [] : [{ id, sk }];
  });
  const unplaced = scope.own.filter((id) => scope.sortKeys?.get(id) === undefined);
  const page = mergedPage({
    index: indexes.byKind,
    partitions: [keys.organizationListing('', false), ...unplaced.map((id) => keys.organizationListing(id, true))],
    // the open list's first read bounds them: a client sorting after its last row (when it has more) cannot reach the page
    also: ([open]) => ownClientsAfter(placed, after, open?.cut ? String(open.cut.GSI1SK) : undefined, limit),
    limit,
    newestFirst: false,
    after,
    aside: first ? isStatsItem : undefined,
    // what a page shows, the totals row's, and what the merge reads (its sort key is added)
    fields: [...ORGANIZATION_FIELDS, 'PK', 'total'],
    // a client made confidential before confidential clients left the open list is still in it
    exclude: hidden.size ? (row) => hidden.has(String(row.id)) : undefined,
  });
  const [out, total] = await Promise.all([page, first ? undefined : organizationTotal(hidden)]);
  return {
    items: out.items.map(toOrganization),
    next_cursor: out.next ? encodeCursor({ id: String(out.next.id), name: String(out.next.name) }) : null,
    total: total ?? Math.max(0, Number(out.aside[0]?.total ?? 0) - hidden.size),
  };
}

/**
 * The caller's own confidential clients whose place is after `after` and not after `until` (the open list's last
 * row, when more follow it), at most `limit` of them (those first by name), read by key, as the read of one
 * partition (merge-reads.ts): when more of them follow, the last one read bounds the page. None can reach the
 * page: nothing is read. A client that is no longer listed where it was kept (opened, renamed or deleted
 * meanwhile) makes it read them all by their partitions, as if their places were not kept.
 */
async function ownClientsAfter(placed: readonly { id: string; sk: string }[], after: string | undefined, until: string | undefined, limit: number): Promise<PartitionRead[]> {
  const candidates = placed
    .filter((c) => (after === undefined || c.sk > after) && (until === undefined || c.sk <= until))
    .sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  const picked = candidates.slice(0, limit);
  if (!picked.length) return [];
  const items = await getItems(picked.map((c) => keys.organization(c.id)));
  const byId = new Map(items.map((i) => [String(i.id), i]));
  const rows = picked.map((c) => byId.get(c.id));
  const where = (c: { id: string; sk: string }, row: Record<string, unknown> | undefined) => row?.GSI1PK === keys.organizationListing(c.id, true) && row.GSI1SK === c.sk;
  if (picked.every((c, i) => where(c, rows[i]))) {
    const read = rows as Record<string, unknown>[];
    return [{ rows: read, cut: candidates.length > picked.length ? read[read.length - 1] : undefined }];
  }
  return Promise.all(placed.map((c) => partitionAfter(keys.organizationListing(c.id, true), after)));
}

/** The rows of a confidential client's own partition (only its item) after `after`. */
async function partitionAfter(pk: string, after: string | undefined): Promise<PartitionRead> {
  const rows = await queryAll(pk, 'N#', { index: indexes.byKind });
  return { rows: rows.filter((r) => after === undefined || String(r.GSI1SK) > after), cut: undefined };
}

/** The fields the organization's editor sets. */
const editableFields = (input: CreateOrganizationBody) => ({
  name: input.name,
  sector: input.sector,
  geography: input.geography,
  fy_start: input.fy_start,
  currency: input.currency,
  brand_settings: input.brand_settings,
});

export type NewOrganization = CreateOrganizationBody & { id: string; by: string; now: string };

/** The stored item of a new organization (keys included). */
export function organizationItem(input: NewOrganization) {
  return {
    ...keys.organization(input.id),
    ...keys.organizationByName(input.name, input.id),
    entity: 'Organization',
    id: input.id,
    ...editableFields(input),
    report_count: 0,
    draft: 0,
    in_review: 0,
    final: 0,
    confidential: false,
    lead_count: 1,
    ...firstVersion(input.by, input.now),
  };
}

/**
 * Creates the organization, counts it, and puts its creator on its team as lead, in one transaction (the
 * total is a hot item: conflicts are retried).
 */
export async function insertOrganization(input: NewOrganization, lead: Pick<NewMember, 'username' | 'name' | 'email'>): Promise<Organization> {
  const item = organizationItem(input);
  const outcome = await transact([
    newItemPut(item),
    organizationStatsUpdate(1),
    ...membershipPuts({ ...lead, organizationId: input.id, role: 'lead', by: input.by, now: input.now }),
  ]);
  if (!outcome.ok) throw outcome.error;
  return toOrganization(item);
}

export type WriteOutcome = { ok: true; version: number } | { ok: false; reason: 'missing' | 'stale' | 'in-use'; current?: Organization };
export type ReplaceOutcome = { ok: true; version: number; previous: Organization } | { ok: false; reason: 'missing' | 'stale'; current?: Organization };

/** Replaces the editable fields if `version` is still current (optimistic locking); `previous` is what they replaced. */
export async function replaceOrganization(
  id: string,
  input: CreateOrganizationBody & { version: number; by: string; now: string },
): Promise<ReplaceOutcome> {
  const sortKey = keys.organizationByName(input.name, id).GSI1SK;
  return retryOnRace(TRANSACTION_RETRIES, async (): Promise<ReplaceOutcome | typeof AGAIN_AFTER_PAUSE> => {
    const current = await getItem(keys.organization(id), { consistent: true });
    if (!current) return { ok: false, reason: 'missing' };
    if (current.version !== input.version) return { ok: false, reason: 'stale', current: toOrganization(current) };
    const confidential = current.confidential === true;
    const update = versionedUpdateItem(keys.organization(id), { ...editableFields(input), GSI1SK: sortKey, updated_at: input.now, updated_by: input.by }, input.version).Update;
    // a confidential client's place in the list of confidential clients moves with its name, in the same
    // transaction; each write holds only while the client is still as confidential as it was read
    const item: TransactItem = {
      Update: {
        ...update,
        ConditionExpression: `${update.ConditionExpression} AND ${confidential ? '#conf = :t' : '(attribute_not_exists(#conf) OR #conf <> :t)'}`,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#conf': 'confidential' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':t': true },
      },
    };
    const outcome = await transact(confidential && current.GSI1SK !== sortKey ? [item, confidentialRename(id, sortKey)] : [item]);
    if (outcome.ok) return { ok: true, version: input.version + 1, previous: toOrganization(current) };
    // changed meanwhile: someone else's edit (stale), or its confidentiality (read again)
    return AGAIN_AFTER_PAUSE;
  }, async () => {
    const current = await getItem(keys.organization(id), { consistent: true });
    return current ? { ok: false, reason: 'stale', current: toOrganization(current) } : { ok: false, reason: 'missing' };
  });
}

/**
 * Deletes the organization only while no report uses it (the count is kept by report create/delete), with
 * the audit entry `audit` makes of it, in one transaction.
 */
export async function removeOrganization(id: string, audit: (organization: Organization) => NewAuditEntry): Promise<WriteOutcome> {
  const before = await getOrganization(id);
  if (!before) return { ok: false, reason: 'missing' };
  const outcome = await transact([
    {
      Delete: {
        TableName: tableName,
        Key: keys.organization(id),
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(report_count) OR report_count = :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
    organizationStatsUpdate(-1),
    auditPut(audit(before)),
    forgetConfidential(id),
  ]);
  if (outcome.ok) {
    // its team goes with it (the audit entries under it stay), each member's clients kept in step
    const members = await queryAll(keys.organization(id).PK, keys.membershipSkPrefix, { fields: ['PK', 'SK'], consistent: true });
    for (const m of members) {
      const username = String(m.SK).slice(keys.membershipSkPrefix.length);
      const left = await transact([{ Delete: { TableName: tableName, Key: { PK: String(m.PK), SK: String(m.SK) } } }, userClientsUpdate(username, id, 'remove')]);
      if (!left.ok) throw left.error;
    }
    return { ok: true, version: 0 };
  }
  // a transaction that only met others was retried; a failed condition is "in use" (or gone meanwhile)
  if (!outcome.failed.includes(0)) throw outcome.error;
  const current = await getOrganization(id);
  return current ? { ok: false, reason: 'in-use', current } : { ok: false, reason: 'missing' };
}

/** Every client's id: the open list (ByKind `ORGS`) and the confidential clients (for migrations, never a Scan). */
export async function allOrganizationIds(confidential: readonly string[]): Promise<string[]> {
  const open = await queryAll('ORGS', 'N#', { index: indexes.byKind, fields: ['id'] });
  return [...new Set([...open.map((o) => String(o.id)), ...confidential])];
}
