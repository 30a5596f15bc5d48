import type { ReportStatus } from '@shared/domain/options';
import type { Report, ReportCounts } from '@shared/schemas/reports';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { indexes, keys, statusCounter, type ItemKey } from './keys';
import { isStatsItem, reportStatsUpdate, toReportCounts } from './stats';
import { backoff, queryAll, tableName, TRANSACTION_RETRIES } from './table';
import { deleteAll, firstVersion, getItem, newItemPut, queryPage, transact, versionedUpdate, versionedUpdateItem } from './table-ops';

const PUBLIC_FIELDS = ['id', 'title', 'owner', 'status', 'organization_id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;

function toReport(item: Record<string, unknown>): Report {
  return Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, item[f]])) as Report;
}

export async function getReport(id: string, opts: { consistent?: boolean } = {}): Promise<Report | undefined> {
  const item = await getItem(keys.report(id), opts);
  return item ? toReport(item) : undefined;
}

export async function reportCounts(): Promise<ReportCounts> {
  return toReportCounts(await getItem(keys.reportStats()));
}

/** The firm-wide counts without the reports of `hidden` clients (their per-status counts, kept on each client). */
export function withoutClients(counts: ReportCounts, hiddenCounts: readonly Record<string, unknown>[]): ReportCounts {
  const out = { ...counts };
  for (const c of hiddenCounts) {
    const own = toReportCounts({ total: c.report_count, ...c });
    out.total -= own.total;
    out.Draft -= own.Draft;
    out['In Review'] -= own['In Review'];
    out.Final -= own.Final;
  }
  for (const k of ['total', 'Draft', 'In Review', 'Final'] as const) out[k] = Math.max(0, out[k]);
  return out;
}

/**
 * A transaction item that moves the per-status counters its client keeps (so that the reports of a
 * confidential client can be taken out of the counts of those not on its team). The client must exist.
 */
function clientCountsUpdate(organizationId: string, delta: Partial<Record<'total' | ReportStatus, number>>) {
  const adds: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  Object.entries(delta).forEach(([k, v], i) => {
    if (!v) return;
    // through name placeholders: FINAL is a DynamoDB reserved word
    names[`#c${i}`] = k === 'total' ? 'report_count' : statusCounter[k as ReportStatus];
    adds.push(`#c${i} :c${i}`);
    values[`:c${i}`] = v;
  });
  return {
    Update: {
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * A page of reports, most recently updated first: a Query on ByKind, or on ByStatus for one status, and the
 * firm-wide counts. On the first unfiltered page the counts are the partition's first item (one Query).
 */
export async function listReports(
  limit: number,
  cursor?: string,
  status?: ReportStatus,
  hidden: ReadonlySet<string> = new Set(),
): Promise<{ items: Report[]; next_cursor: string | null; counts: ReportCounts }> {
  const countsRideAlong = status === undefined && !cursor;
  const page = queryPage({
    index: status === undefined ? indexes.byKind : indexes.byStatus,
    pk: status === undefined ? 'REPORTS' : `REPORTS#${status}`,
    newestFirst: true,
    limit: countsRideAlong ? limit + 1 : limit,
    // reports of confidential clients the caller is not on are left out (a few more rows keep the page full)
    exclude: hidden.size ? (row) => hidden.has(String(row.organization_id)) : undefined,
    extra: Math.min(hidden.size * 2, 100),
    want: limit,
    cursor,
    resume: {
      fields: ['id', 'updated_at'],
      startKey: (start) => ({
        ...keys.report(start.id),
        ...(status === undefined ? keys.reportByUpdated(start.updated_at, start.id) : keys.reportByStatus(status, start.updated_at, start.id)),
      }),
      after: (last) => ({ id: String(last.id), updated_at: String(last.updated_at) }),
    },
    aside: isStatsItem,
  });
  const [out, counts] = await Promise.all([page, countsRideAlong ? undefined : reportCounts()]);
  return { items: out.items.map(toReport), next_cursor: out.next_cursor, counts: counts ?? toReportCounts(out.aside[0]) };
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
    ...firstVersion(input.by, input.now),
  };
}

export async function insertReport(input: NewReport): Promise<Report> {
  const item = reportItem({ ...input, status: 'Draft' });
  const outcome = await transact([
    newItemPut(item),
    clientCountsUpdate(input.organization_id, { total: 1, [item.status]: 1 }),
    reportStatsUpdate({ total: 1, [item.status]: 1 }),
  ]);
  if (outcome.ok) return toReport(item);
  // only a failed condition on the organization means it is missing (a transaction that merely met another
  // one, the totals being a hot item, was tried again)
  if (outcome.failed.includes(1)) throw new OrganizationMissingError();
  throw outcome.error;
}

export type StatusOutcome = { ok: true; report: Report; previous: Report } | { ok: false; reason: 'missing' | 'stale'; current?: Report };

/**
 * Moves a report to a status, keeping the per-status counts in step, with the audit entry `audit` makes of
 * the report as it was (one transaction, optimistic lock).
 */
export async function setReportStatus(
  id: string,
  status: ReportStatus,
  expectedVersion: number | undefined,
  input: { by: string; now: string; audit: (before: Report) => NewAuditEntry | NewAuditEntry[] },
): Promise<StatusOutcome> {
  const { by, now } = input;
  for (let attempt = 0; attempt < TRANSACTION_RETRIES; attempt++) {
    const current = await getReport(id, { consistent: true });
    if (!current) return { ok: false, reason: 'missing' };
    if (expectedVersion !== undefined && current.version !== expectedVersion) return { ok: false, reason: 'stale', current };
    if (current.status === status) return { ok: true, report: current, previous: current };
    const byStatus = keys.reportByStatus(status, now, id);
    const outcome = await transact(
      [
        versionedUpdateItem(
          keys.report(id),
          { status, updated_at: now, updated_by: by, GSI1SK: keys.reportByUpdated(now, id).GSI1SK, GSI3PK: byStatus.GSI3PK, GSI3SK: byStatus.GSI3SK },
          current.version,
        ),
        reportStatsUpdate({ [current.status]: -1, [status]: 1 }),
        ...[input.audit(current)].flat().map(auditPut),
        clientCountsUpdate(current.organization_id, { [current.status]: -1, [status]: 1 }),
      ],
      { retryConflicts: false },
    );
    if (outcome.ok) return { ok: true, report: { ...current, status, updated_at: now, updated_by: by, version: current.version + 1 }, previous: current };
    if (outcome.reason === 'conflict') {
      await backoff(attempt); // met another transaction (the totals): nothing changed, try again
      continue;
    }
    // someone else changed the report between our read and write: with a version from the client that
    // is a conflict; without one (the spec's plain query), read again and retry
    if (expectedVersion !== undefined) return { ok: false, reason: 'stale', current: await getReport(id) };
  }
  return { ok: false, reason: 'stale', current: await getReport(id) };
}

/** Changes a report's title and owner if `version` is still current; `previous` is the report they replaced. */
export async function replaceReportFields(id: string, input: { title: string; owner: string; version: number; by: string; now: string }): Promise<StatusOutcome> {
  const current = await getReport(id);
  if (!current) return { ok: false, reason: 'missing' };
  if (current.version !== input.version) return { ok: false, reason: 'stale', current };
  const outcome = await versionedUpdate(
    keys.report(id),
    {
      title: input.title,
      owner: input.owner,
      updated_at: input.now,
      updated_by: input.by,
      GSI1SK: keys.reportByUpdated(input.now, id).GSI1SK,
      GSI3SK: keys.reportByStatus(current.status, input.now, id).GSI3SK,
    },
    input.version,
  );
  if (!outcome.ok) return { ok: false, reason: 'stale', current: outcome.current && toReport(outcome.current) };
  const report = { ...current, title: input.title, owner: input.owner, updated_at: input.now, updated_by: input.by, version: input.version + 1 };
  return { ok: true, report, previous: current };
}

/** Every item in a report's partition except META (progress, evidence, sections, exports, …). */
export async function listReportChildren(id: string): Promise<ItemKey[]> {
  const items = await queryAll(keys.reportPartition(id), '', { fields: ['PK', 'SK'] });
  return items.filter((item) => item.SK !== 'META').map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
}

export const deleteItems = deleteAll;

/**
 * Removes the report itself and its counts (last step of the cascade, after its children are gone), with the
 * audit entry `audit` makes of it. The counts come from the report as it is now, and the delete holds only if
 * it is still so: a status changed during the cascade, or a second delete running at the same time, cannot
 * make the totals drift.
 */
export async function removeReportRecord(id: string, audit: (report: Report) => NewAuditEntry): Promise<boolean> {
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
    const orgUpdate = clientCountsUpdate(report.organization_id, { total: -1, [report.status]: -1 });
    const statsUpdate = reportStatsUpdate({ total: -1, [report.status]: -1 });
    const entry = auditPut(audit(report));
    const outcome = await transact(organizationMissing ? [deleteMeta, statsUpdate, entry] : [deleteMeta, orgUpdate, statsUpdate, entry], { retryConflicts: false });
    if (outcome.ok) return true;
    if (outcome.reason === 'condition') {
      if (outcome.failed.includes(0)) continue; // changed or deleted since we read it: read again
      // the organization record is missing (should not happen: it cannot be deleted while counted)
      if (organizationMissing || !outcome.failed.includes(1)) throw outcome.error;
      organizationMissing = true;
    }
    await backoff(attempt);
  }
  throw new Error(`could not remove report ${id}: it kept changing`);
}
