import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type BatchWriteCommandOutput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { ReportStatus } from '@shared/domain/options';
import type { Report, ReportCounts } from '@shared/schemas/reports';
import { indexes, keys } from './keys';
import { isStatsItem, reportStatsUpdate, toReportCounts } from './stats';
import { auditPut, putAudit } from './audit-repo';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { backoff, cancellationCodes, documentClient, isConditionalCheckFailed, lostToConcurrentTransaction, tableName, TRANSACTION_RETRIES } from './table';

const PUBLIC_FIELDS = ['id', 'title', 'owner', 'status', 'organization_id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;

function toReport(item: Record<string, unknown>): Report {
  return Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, item[f]])) as Report;
}

export async function getReport(id: string, opts: { consistent?: boolean } = {}): Promise<Report | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.report(id), ConsistentRead: opts.consistent ?? false }));
  return Item ? toReport(Item) : undefined;
}

export async function reportCounts(): Promise<ReportCounts> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.reportStats() }));
  return toReportCounts(Item);
}

/**
 * A page of reports, most recently updated first: a Query on ByKind, or on ByStatus for one status, and the
 * firm-wide counts. On the first unfiltered page the counts are the partition's first item (one Query).
 */
export async function listReports(limit: number, cursor?: string, status?: ReportStatus): Promise<{ items: Report[]; next_cursor: string | null; counts: ReportCounts }> {
  const start = decodeCursor(cursor, ['id', 'updated_at'] as const);
  if (start === 'invalid') throw new InvalidCursorError();
  const byStatus = status !== undefined;
  const countsRideAlong = !byStatus && !start;
  const query = documentClient().send(
    new QueryCommand({
      TableName: tableName,
      IndexName: byStatus ? indexes.byStatus : indexes.byKind,
      KeyConditionExpression: byStatus ? 'GSI3PK = :pk' : 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': byStatus ? `REPORTS#${status}` : 'REPORTS' },
      ScanIndexForward: false,
      Limit: countsRideAlong ? limit + 1 : limit,
      ...(start
        ? {
            ExclusiveStartKey: {
              ...keys.report(start.id),
              ...(byStatus ? keys.reportByStatus(status, start.updated_at, start.id) : keys.reportByUpdated(start.updated_at, start.id)),
            },
          }
        : {}),
    }),
  );
  const [out, counts] = await Promise.all([query, countsRideAlong ? undefined : reportCounts()]);
  const rows: Record<string, unknown>[] = out.Items ?? [];
  const items = rows.filter((r) => !isStatsItem(r)).map(toReport);
  const last = out.LastEvaluatedKey ? items[items.length - 1] : undefined;
  return {
    items,
    next_cursor: last ? encodeCursor({ id: last.id, updated_at: last.updated_at }) : null,
    counts: counts ?? toReportCounts(rows.find(isStatsItem)),
  };
}

export class OrganizationMissingError extends Error {
  constructor() {
    super('organization missing');
    this.name = 'OrganizationMissingError';
  }
}

/**
 * Creates the report, counts it on its organization (which must exist: the same write is the check,
 * and an organization with reports cannot be deleted) and in the firm-wide totals. One transaction.
 */
export type NewReport = { id: string; title: string; owner: string; organization_id: string; by: string; now: string; status?: ReportStatus };

/** The stored item of a new report (keys for every index included). */
export function reportItem(input: NewReport) {
  const status: ReportStatus = input.status ?? 'Draft';
  return {
    ...keys.report(input.id),
    ...keys.reportByUpdated(input.now, input.id),
    ...keys.reportByOrganization(input.organization_id, input.id),
    ...keys.reportByStatus(status, input.now, input.id),
    entity: 'Report',
    id: input.id,
    title: input.title,
    owner: input.owner,
    status,
    organization_id: input.organization_id,
    created_at: input.now,
    updated_at: input.now,
    created_by: input.by,
    updated_by: input.by,
    version: 1,
  };
}

export async function insertReport(input: NewReport): Promise<Report> {
  const item = reportItem({ ...input, status: 'Draft' });
  const status = item.status;
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: tableName,
                Key: keys.organization(input.organization_id),
                UpdateExpression: 'ADD report_count :one',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            reportStatsUpdate({ total: 1, [status]: 1 }),
          ],
        }),
      );
      return toReport(item);
    } catch (error) {
      const codes = cancellationCodes(error);
      // only a failed condition on the organization means it is missing; a transaction that merely met
      // another one (the totals are a hot item) is tried again
      if (codes?.[1] === 'ConditionalCheckFailed') throw new OrganizationMissingError();
      if (lostToConcurrentTransaction(codes) && attempt < TRANSACTION_RETRIES) {
        await backoff(attempt);
        continue;
      }
      throw error;
    }
  }
}

export type StatusOutcome = { ok: true; report: Report } | { ok: false; reason: 'missing' | 'stale'; current?: Report };

/** Moves a report to a status, keeping the per-status counts in step (one transaction, optimistic lock). */
export async function setReportStatus(id: string, status: ReportStatus, expectedVersion: number | undefined, by: string, now: string): Promise<StatusOutcome> {
  for (let attempt = 0; attempt < TRANSACTION_RETRIES; attempt++) {
    const current = await getReport(id, { consistent: true });
    if (!current) return { ok: false, reason: 'missing' };
    if (expectedVersion !== undefined && current.version !== expectedVersion) return { ok: false, reason: 'stale', current };
    if (current.status === status) return { ok: true, report: current };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: keys.report(id),
                UpdateExpression: 'SET #status = :s, updated_at = :now, updated_by = :by, version = :next, GSI1SK = :g1, GSI3PK = :g3pk, GSI3SK = :g3sk',
                ConditionExpression: 'version = :v',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':s': status,
                  ':now': now,
                  ':by': by,
                  ':next': current.version + 1,
                  ':v': current.version,
                  ':g1': keys.reportByUpdated(now, id).GSI1SK,
                  ':g3pk': keys.reportByStatus(status, now, id).GSI3PK,
                  ':g3sk': keys.reportByStatus(status, now, id).GSI3SK,
                },
              },
            },
            reportStatsUpdate({ [current.status]: -1, [status]: 1 }),
            auditPut({
              action: 'report.status',
              target: { kind: 'report', id, title: current.title },
              user: by,
              detail: `${current.status} → ${status}`,
              at: now,
              under: { kind: 'report', id },
            }),
          ],
        }),
      );
      return { ok: true, report: { ...current, status, updated_at: now, updated_by: by, version: current.version + 1 } };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (lostToConcurrentTransaction(codes)) {
        await backoff(attempt); // met another transaction (the totals): nothing changed, try again
        continue;
      }
      // someone else changed the report between our read and write: with a version from the client that
      // is a conflict; without one (the spec's plain query), read again and retry
      if (expectedVersion !== undefined) return { ok: false, reason: 'stale', current: await getReport(id) };
    }
  }
  return { ok: false, reason: 'stale', current: await getReport(id) };
}

/** Changes a report's title and owner if `version` is still current. */
export async function replaceReportFields(id: string, input: { title: string; owner: string; version: number; by: string; now: string }): Promise<StatusOutcome> {
  const current = await getReport(id);
  if (!current) return { ok: false, reason: 'missing' };
  if (current.version !== input.version) return { ok: false, reason: 'stale', current };
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.report(id),
        UpdateExpression: 'SET title = :t, #owner = :o, updated_at = :now, updated_by = :by, version = :next, GSI1SK = :g1, GSI3SK = :g3',
        ConditionExpression: 'version = :v',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: {
          ':t': input.title,
          ':o': input.owner,
          ':now': input.now,
          ':by': input.by,
          ':next': input.version + 1,
          ':v': input.version,
          ':g1': keys.reportByUpdated(input.now, id).GSI1SK,
          ':g3': keys.reportByStatus(current.status, input.now, id).GSI3SK,
        },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return { ok: false, reason: 'stale', current: await getReport(id) };
    throw error;
  }
  const changes = [current.title !== input.title && `title: ${current.title} → ${input.title}`, current.owner !== input.owner && `owner: ${current.owner} → ${input.owner}`].filter(Boolean);
  await putAudit({
    action: 'report.update',
    target: { kind: 'report', id, title: input.title },
    user: input.by,
    detail: changes.join('; ') || 'saved without changes',
    at: input.now,
    under: { kind: 'report', id },
  });
  return { ok: true, report: { ...current, title: input.title, owner: input.owner, updated_at: input.now, updated_by: input.by, version: input.version + 1 } };
}

/** Every item in a report's partition except META (progress, evidence, sections, exports, …). */
export async function listReportChildren(id: string): Promise<{ PK: string; SK: string }[]> {
  const found: { PK: string; SK: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await documentClient().send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.reportPartition(id) },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) if (item.SK !== 'META') found.push({ PK: String(item.PK), SK: String(item.SK) });
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

export async function deleteItems(itemKeys: { PK: string; SK: string }[]): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending?.length && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out: BatchWriteCommandOutput = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = out.UnprocessedItems?.[tableName];
    }
    if (pending?.length) throw new Error(`could not delete ${pending.length} items of a report`);
  }
}

/**
 * Removes the report itself and its counts (last step of the cascade, after its children are gone). The
 * counts come from the report as it is now, and the delete holds only if it is still so: a status changed
 * during the cascade, or a second delete running at the same time, cannot make the totals drift.
 */
export async function removeReportRecord(id: string, by: string): Promise<boolean> {
  let organizationMissing = false;
  for (let attempt = 0; attempt < TRANSACTION_RETRIES; attempt++) {
    const report = await getReport(id, { consistent: true });
    if (!report) return false; // already gone (another delete won)
    const deleteMeta = {
      Delete: {
        TableName: tableName,
        Key: keys.report(id),
        ConditionExpression: 'attribute_exists(PK) AND version = :v',
        ExpressionAttributeValues: { ':v': report.version },
      },
    };
    const orgUpdate = {
      Update: {
        TableName: tableName,
        Key: keys.organization(report.organization_id),
        UpdateExpression: 'ADD report_count :minus',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':minus': -1 },
      },
    };
    const statsUpdate = reportStatsUpdate({ total: -1, [report.status]: -1 });
    // the report's own partition goes with it: the deletion is kept under its organization
    const audit = auditPut({
      action: 'report.delete',
      target: { kind: 'report', id, title: report.title },
      user: by,
      detail: `deleted (was ${report.status})`,
      at: new Date().toISOString(),
      under: { kind: 'organization', id: report.organization_id },
    });
    try {
      await documentClient().send(
        new TransactWriteCommand({ TransactItems: organizationMissing ? [deleteMeta, statsUpdate, audit] : [deleteMeta, orgUpdate, statsUpdate, audit] }),
      );
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') continue; // changed or deleted since we read it: read again
      // the organization record is missing (should not happen: it cannot be deleted while counted)
      if (!organizationMissing && codes[1] === 'ConditionalCheckFailed') organizationMissing = true;
      else if (!lostToConcurrentTransaction(codes)) throw error;
      await backoff(attempt);
    }
  }
  throw new Error(`could not remove report ${id}: it kept changing`);
}

export async function getReportOrder(username: string): Promise<string[]> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.userPreferences(username) }));
  return Array.isArray(Item?.report_order) ? (Item.report_order as string[]) : [];
}

export async function putReportOrder(username: string, ids: string[]): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.userPreferences(username),
      UpdateExpression: 'SET report_order = :ids, updated_at = :now, entity = :e',
      ExpressionAttributeValues: { ':ids': ids, ':now': new Date().toISOString(), ':e': 'UserPreferences' },
    }),
  );
}
