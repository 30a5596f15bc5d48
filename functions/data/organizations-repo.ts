import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CreateOrganizationBody, Organization } from '@shared/schemas/organizations';
import { indexes, keys } from './keys';
import { isStatsItem, organizationStatsUpdate } from './stats';
import { auditPut, putAudit } from './audit-repo';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { backoff, cancellationCodes, documentClient, isConditionalCheckFailed, lostToConcurrentTransaction, tableName, TRANSACTION_RETRIES } from './table';

const PUBLIC_FIELDS = ['id', 'name', 'sector', 'geography', 'fy_start', 'currency', 'brand_settings', 'report_count', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;

function toOrganization(item: Record<string, unknown>): Organization {
  const org = Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, item[f]])) as Organization;
  org.report_count = Number(item.report_count ?? 0);
  org.brand_settings = (item.brand_settings as Organization['brand_settings']) ?? {};
  return org;
}

export async function getOrganization(id: string): Promise<Organization | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.organization(id) }));
  return Item ? toOrganization(Item) : undefined;
}

export async function organizationTotal(): Promise<number> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.organizationStats() }));
  return Number(Item?.total ?? 0);
}

/**
 * A page of organizations by name (a Query on the ByKind index; never a Scan), and the total. On the
 * first page the total is the partition's first item, so one Query answers both.
 */
export async function listOrganizations(limit: number, cursor?: string): Promise<{ items: Organization[]; next_cursor: string | null; total: number }> {
  const start = decodeCursor(cursor, ['id', 'name'] as const);
  if (start === 'invalid') throw new InvalidCursorError();
  const query = documentClient().send(
    new QueryCommand({
      TableName: tableName,
      IndexName: indexes.byKind,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'ORGS' },
      Limit: start ? limit : limit + 1,
      ...(start ? { ExclusiveStartKey: { ...keys.organization(start.id), ...keys.organizationByName(start.name, start.id) } } : {}),
    }),
  );
  const [out, total] = await Promise.all([query, start ? organizationTotal() : undefined]);
  const rows = out.Items ?? [];
  const stats = rows.find(isStatsItem);
  const items = rows.filter((r) => !isStatsItem(r)).map(toOrganization);
  const last = out.LastEvaluatedKey ? items[items.length - 1] : undefined;
  return { items, next_cursor: last ? encodeCursor({ id: last.id, name: last.name }) : null, total: total ?? Number(stats?.total ?? 0) };
}

export type NewOrganization = CreateOrganizationBody & { id: string; by: string; now: string };

/** The stored item of a new organization (keys included). */
export function organizationItem(input: NewOrganization) {
  return {
    ...keys.organization(input.id),
    ...keys.organizationByName(input.name, input.id),
    entity: 'Organization',
    id: input.id,
    name: input.name,
    sector: input.sector,
    geography: input.geography,
    fy_start: input.fy_start,
    currency: input.currency,
    brand_settings: input.brand_settings,
    report_count: 0,
    created_at: input.now,
    updated_at: input.now,
    created_by: input.by,
    updated_by: input.by,
    version: 1,
  };
}

/** Creates the organization and counts it, in one transaction. */
export async function insertOrganization(input: NewOrganization): Promise<Organization> {
  const item = organizationItem(input);
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            organizationStatsUpdate(1),
          ],
        }),
      );
      return toOrganization(item);
    } catch (error) {
      // the total is a hot item: a transaction that only met another one is tried again
      if (!lostToConcurrentTransaction(cancellationCodes(error)) || attempt >= TRANSACTION_RETRIES) throw error;
      await backoff(attempt);
    }
  }
}

export type WriteOutcome = { ok: true; version: number } | { ok: false; reason: 'missing' | 'stale' | 'in-use'; current?: Organization };

/** Replaces the editable fields if `version` is still current (optimistic locking). */
export async function replaceOrganization(
  id: string,
  input: CreateOrganizationBody & { version: number; by: string; now: string },
): Promise<WriteOutcome> {
  let previous: Record<string, unknown> | undefined;
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organization(id),
        ReturnValues: 'ALL_OLD',
        UpdateExpression:
          'SET #name = :name, sector = :sector, geography = :geo, fy_start = :fy, currency = :cur, brand_settings = :brand, ' +
          'GSI1SK = :sk, updated_at = :now, updated_by = :by, version = version + :one',
        ConditionExpression: 'attribute_exists(PK) AND version = :v',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': input.name,
          ':sector': input.sector,
          ':geo': input.geography,
          ':fy': input.fy_start,
          ':cur': input.currency,
          ':brand': input.brand_settings,
          ':sk': keys.organizationByName(input.name, id).GSI1SK,
          ':now': input.now,
          ':by': input.by,
          ':one': 1,
          ':v': input.version,
        },
      }),
    );
    previous = out.Attributes;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const current = await getOrganization(id);
    return current ? { ok: false, reason: 'stale', current } : { ok: false, reason: 'missing' };
  }
  const fields = ['name', 'sector', 'geography', 'fy_start', 'currency'] as const;
  const changed = fields.filter((f) => previous?.[f] !== input[f]).map((f) => `${f}: ${(previous?.[f] as string | undefined) ?? ''} → ${input[f]}`);
  if (JSON.stringify(previous?.brand_settings ?? {}) !== JSON.stringify(input.brand_settings)) changed.push('brand settings');
  await putAudit({
    action: 'organization.update',
    target: { kind: 'organization', id, title: input.name },
    user: input.by,
    detail: changed.join('; ') || 'saved without changes',
    at: input.now,
    under: { kind: 'organization', id },
  });
  return { ok: true, version: input.version + 1 };
}

/** Deletes the organization only while no report uses it (the count is kept by report create/delete). */
export async function removeOrganization(id: string, by: string): Promise<WriteOutcome> {
  const before = await getOrganization(id);
  if (!before) return { ok: false, reason: 'missing' };
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName,
                Key: keys.organization(id),
                ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(report_count) OR report_count = :zero)',
                ExpressionAttributeValues: { ':zero': 0 },
              },
            },
            organizationStatsUpdate(-1),
            auditPut({
              action: 'organization.delete',
              target: { kind: 'organization', id, title: before.name },
              user: by,
              detail: 'deleted',
              at: new Date().toISOString(),
              under: { kind: 'organization', id },
            }),
          ],
        }),
      );
      return { ok: true, version: 0 };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (lostToConcurrentTransaction(codes) && attempt < TRANSACTION_RETRIES) {
        await backoff(attempt); // met another transaction, not a failed condition: not "in use"
        continue;
      }
      if (codes[0] !== 'ConditionalCheckFailed') throw error;
      const current = await getOrganization(id);
      return current ? { ok: false, reason: 'in-use', current } : { ok: false, reason: 'missing' };
    }
  }
}
