import type { CreateOrganizationBody, Organization } from '@shared/schemas/organizations';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { indexes, keys } from './keys';
import { isStatsItem, organizationStatsUpdate } from './stats';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { mergedPage } from './merged-page';
import { deleteAll, firstVersion, getItem, newItemPut, transact, versionedUpdate } from './table-ops';
import { forgetConfidential, membershipPut, type NewMember } from './teams-repo';
import { queryAll } from './table';
import { tableName } from './table';

const PUBLIC_FIELDS = ['id', 'name', 'sector', 'geography', 'fy_start', 'currency', 'brand_settings', 'report_count', 'confidential', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;

function toOrganization(item: Record<string, unknown>): Organization {
  const org = Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, item[f]])) as Organization;
  org.report_count = Number(item.report_count ?? 0);
  org.brand_settings = (item.brand_settings as Organization['brand_settings']) ?? {};
  org.confidential = item.confidential === true;
  return org;
}

export async function getOrganization(id: string): Promise<Organization | undefined> {
  const item = await getItem(keys.organization(id));
  return item ? toOrganization(item) : undefined;
}

export async function organizationTotal(hidden: ReadonlySet<string> = new Set()): Promise<number> {
  const item = await getItem(keys.organizationStats());
  return Math.max(0, Number(item?.total ?? 0) - hidden.size);
}

/**
 * A page of organizations by name (a Query on the ByKind index; never a Scan), merged with the caller's own
 * confidential clients (each listed in a partition of its own: merged-page.ts), and the total. On the first
 * page the total is the open partition's first item.
 */
export async function listOrganizations(
  limit: number,
  cursor?: string,
  scope: { hidden: ReadonlySet<string>; own: readonly string[] } = { hidden: new Set(), own: [] },
): Promise<{ items: Organization[]; next_cursor: string | null; total: number }> {
  const start = decodeCursor(cursor, ['id', 'name'] as const);
  if (start === 'invalid') throw new InvalidCursorError();
  const first = !start;
  const { hidden } = scope;
  const page = mergedPage({
    index: indexes.byKind,
    pkName: 'GSI1PK',
    skName: 'GSI1SK',
    partitions: [keys.organizationListing('', false), ...scope.own.map((id) => keys.organizationListing(id, true))],
    limit,
    newestFirst: false,
    after: start ? keys.organizationByName(start.name, start.id).GSI1SK : undefined,
    aside: first ? isStatsItem : undefined,
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
    membershipPut({ ...lead, organizationId: input.id, role: 'lead', by: input.by, now: input.now }),
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
  const outcome = await versionedUpdate(
    keys.organization(id),
    {
      ...editableFields(input),
      GSI1SK: keys.organizationByName(input.name, id).GSI1SK,
      updated_at: input.now,
      updated_by: input.by,
    },
    input.version,
    { returnPrevious: true },
  );
  if (!outcome.ok) return outcome.current ? { ok: false, reason: 'stale', current: toOrganization(outcome.current) } : { ok: false, reason: 'missing' };
  return { ok: true, version: input.version + 1, previous: toOrganization(outcome.previous ?? {}) };
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
    // its team goes with it (the audit entries under it stay)
    const members = await queryAll(keys.organization(id).PK, keys.membershipSkPrefix, { fields: ['PK', 'SK'] });
    await deleteAll(members.map((m) => ({ PK: String(m.PK), SK: String(m.SK) })));
    return { ok: true, version: 0 };
  }
  // a transaction that only met others was retried; a failed condition is "in use" (or gone meanwhile)
  if (!outcome.failed.includes(0)) throw outcome.error;
  const current = await getOrganization(id);
  return current ? { ok: false, reason: 'in-use', current } : { ok: false, reason: 'missing' };
}
