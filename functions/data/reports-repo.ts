import type { ReportStatus } from '@shared/domain/options';
import type { Report, ReportCounts } from '@shared/schemas/reports';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { benchMoveFields, benchMoveItems, isContribution, type BenchContribution, type BenchMove } from './benchmarks-repo';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { indexes, keys, statusCounter, type ItemKey } from './keys';
import { mergedPage } from './merged-page';
import { isStatsItem, reportStatsUpdate, toReportCounts } from './stats';
import { tableName, TRANSACTION_RETRIES } from './table';
import {
  AGAIN,
  AGAIN_AFTER_PAUSE,
  deleteAll,
  firstVersion,
  getItem,
  newItemPut,
  retryOnRace,
  transact,
  updateIf,
  versionedUpdate,
  versionedUpdateItem,
  type TransactItem,
} from './table-ops';
import { queryAll } from './table-query';

const PUBLIC_FIELDS = ['id', 'title', 'owner', 'status', 'organization_id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;

function toReport(item: Record<string, unknown>): Report {
  const report = Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, item[f]])) as Report;
  // a re-assessment's link to the report it follows
  if (typeof item.baseline_id === 'string') report.baseline_id = item.baseline_id;
  // when it was last reopened from Final (approvals before then no longer count)
  if (typeof item.approvals_from === 'string') report.approvals_from = item.approvals_from;
  return report;
}

export async function getReport(id: string, opts: { consistent?: boolean } = {}): Promise<Report | undefined> {
  const item = await getItem(keys.report(id), opts);
  return item ? toReport(item) : undefined;
}

async function reportCounts(): Promise<ReportCounts> {
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
 * What a report write must know of its client (read before the write; the write holds only while it is still
 * so): whether it is confidential, and whether its counts are kept in the list of confidential clients (a
 * client made confidential before that list held counts has none there, and is counted from its own item).
 */
export interface ClientListing {
  confidential: boolean;
  countsListed: boolean;
}

export async function clientListing(organizationId: string): Promise<ClientListing | undefined> {
  const item = await getItem(keys.organization(organizationId), { consistent: true, fields: ['PK', 'confidential', 'counts_listed'] });
  return item ? { confidential: item.confidential === true, countsListed: item.counts_listed === true } : undefined;
}

const COUNT_SLOTS = { total: 0, Draft: 1, 'In Review': 2, Final: 3 } as const;

/**
 * Transaction items that move the per-status counters its client keeps, and (for a confidential client) its
 * counts in the list of confidential clients, so that those not on its team can take its reports out of the
 * firm-wide counts in one read. The client must exist and still be as `listing` says.
 */
export function clientCountsUpdate(organizationId: string, delta: Partial<Record<'total' | ReportStatus, number>>, listing: ClientListing): TransactItem[] {
  const adds: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const slots: string[] = [];
  Object.entries(delta).forEach(([k, v], i) => {
    if (!v) return;
    // through name placeholders: FINAL is a DynamoDB reserved word
    names[`#c${i}`] = k === 'total' ? 'report_count' : statusCounter[k as ReportStatus];
    adds.push(`#c${i} :c${i}`);
    values[`:c${i}`] = v;
    const slot = COUNT_SLOTS[k as keyof typeof COUNT_SLOTS];
    slots.push(`#n[${slot}] = #n[${slot}] + :c${i}`);
  });
  values[':t'] = true;
  names['#conf'] = 'confidential';
  names['#listed'] = 'counts_listed';
  const condition = [
    'attribute_exists(PK)',
    listing.confidential ? '#conf = :t' : '(attribute_not_exists(#conf) OR #conf <> :t)',
    listing.countsListed ? '#listed = :t' : 'attribute_not_exists(#listed)',
  ].join(' AND ');
  const own: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  if (!(listing.confidential && listing.countsListed)) return [own];
  const listed: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.confidentialClients(),
      UpdateExpression: `SET ${slots.join(', ')}`,
      ConditionExpression: 'attribute_exists(#n)',
      ExpressionAttributeNames: { '#n': keys.confidentialCounts(organizationId) },
      ExpressionAttributeValues: Object.fromEntries(Object.entries(values).filter(([k]) => k.startsWith(':c'))),
    },
  };
  return [own, listed];
}

/** Where a report is listed: its client's own partitions when confidential (keys.reportListing). */
const placement = (item: Record<string, unknown>): string | undefined => {
  const pk = typeof item.GSI1PK === 'string' ? item.GSI1PK : '';
  return pk.startsWith('REPORTS#C#') ? pk.slice('REPORTS#C#'.length) : undefined;
};

export interface ReportScope {
  /** confidential clients the caller is not on: a row of theirs still in the open list is left out */
  hidden: ReadonlySet<string>;
  /** confidential clients the caller is on: their own partitions are merged into the page */
  own: readonly string[];
  /** of those, a time none of their reports is newer than (keys.confidentialNewest): their partitions are read only when they can reach the page */
  newest?: ReadonlyMap<string, string>;
}

/**
 * How far a report's time may pass its client's kept newest time: a write takes its time before it reads
 * whether the client is confidential, and a client made confidential keeps the time of that change, so a write
 * that raced it may be newer by as long as one invocation lasts (Lambda's longest, 15 minutes).
 */
const LISTED_NEWEST_SLACK_MS = 15 * 60_000;

/** The highest sort key (`<updated_at>#<id>`, ByKind and ByStatus) a report of a client whose kept newest time is `newest` can have. */
function listedMaxSortKey(newest: string): string | undefined {
  const at = Date.parse(newest);
  return Number.isNaN(at) ? undefined : `${new Date(at + LISTED_NEWEST_SLACK_MS).toISOString()}#\uffff`;
}

/**
 * Raises a confidential client's kept newest time to `at` (a report of it is about to be listed or re-sorted at
 * that time). Only raised, and only where one is kept (an open client, or one made confidential before the time
 * was kept, has none: its partitions are always read). Made before the report's write, so a list never skips a
 * partition that holds a newer report than it says.
 */
export async function raiseListedNewest(organizationId: string, at: string): Promise<void> {
  await updateIf({
    Key: keys.confidentialClients(),
    UpdateExpression: 'SET #u = :at',
    ConditionExpression: '#u < :at',
    ExpressionAttributeNames: { '#u': keys.confidentialNewest(organizationId) },
    ExpressionAttributeValues: { ':at': at },
  });
}

/**
 * A page of reports, most recently updated first: a Query on ByKind, or on ByStatus for one status, merged with
 * the partitions of the caller's own confidential clients (merged-page.ts), and the firm-wide counts. On the
 * first unfiltered page the counts are the open partition's first item (no read of their own).
 */
export async function listReports(
  limit: number,
  cursor?: string,
  status?: ReportStatus,
  scope: ReportScope = { hidden: new Set(), own: [] },
): Promise<{ items: Report[]; next_cursor: string | null; counts: ReportCounts }> {
  const start = decodeCursor(cursor, ['id', 'updated_at'] as const);
  if (start === 'invalid') throw new InvalidCursorError();
  const countsRideAlong = status === undefined && !start;
  const open = status === undefined ? keys.reportListing(undefined) : keys.reportStatusListing(status, undefined);
  const listing = (id: string) => (status === undefined ? keys.reportListing(id) : keys.reportStatusListing(status, id));
  const bounded = scope.own.flatMap((id) => {
    const kept = scope.newest?.get(id);
    const maxSk = kept === undefined ? undefined : listedMaxSortKey(kept);
    return maxSk ? [{ pk: listing(id), maxSk }] : [];
  });
  const own = scope.own.map(listing).filter((pk) => !bounded.some((b) => b.pk === pk));
  const page = mergedPage({
    index: status === undefined ? indexes.byKind : indexes.byStatus,
    partitions: [open, ...own],
    // the caller's confidential clients whose reports are all older than the page are not read
    bounded,
    limit,
    newestFirst: true,
    after: start ? keys.reportByUpdated(start.updated_at, start.id).GSI1SK : undefined,
    aside: countsRideAlong ? isStatsItem : undefined,
    // what a page shows, the counts row's, and what the merge reads (its sort key is added)
    fields: [...PUBLIC_FIELDS, 'baseline_id', 'PK', 'total', ...Object.values(statusCounter)],
    // a report of a client made confidential a moment ago may still be in the open list
    exclude: scope.hidden.size ? (row) => hidden(scope.hidden, row) : undefined,
  });
  const [out, counts] = await Promise.all([page, countsRideAlong ? undefined : reportCounts()]);
  return {
    items: out.items.map(toReport),
    next_cursor: out.next ? encodeCursor({ id: String(out.next.id), updated_at: String(out.next.updated_at) }) : null,
    counts: counts ?? toReportCounts(out.aside[0]),
  };
}

const hidden = (set: ReadonlySet<string>, row: Record<string, unknown>) => set.has(String(row.organization_id));

/** The confidential client whose partitions list the report, or undefined when it is in the open lists. */
export async function listedIn(id: string): Promise<string | undefined> {
  const item = await getItem(keys.report(id), { consistent: true, fields: ['GSI1PK'] });
  return item ? placement(item) : undefined;
}

/**
 * Lists a client's report in its own partitions (confidential) or the open ones, if its status is still
 * `status` (a status change keeps GSI3PK in step: read again on false). Its version does not move: the
 * report's content did not change, and an editor open on it must not see a conflict.
 */
export async function relistReport(id: string, status: ReportStatus, listedUnder: string | undefined): Promise<'done' | 'gone' | 'changed'> {
  // it joins the client's partitions: none of them is newer than now
  if (listedUnder) await raiseListedNewest(listedUnder, new Date().toISOString());
  const outcome = await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.report(id),
        UpdateExpression: 'SET GSI1PK = :g1, GSI3PK = :g3',
        ConditionExpression: 'attribute_exists(PK) AND #status = :s',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':g1': keys.reportListing(listedUnder), ':g3': keys.reportStatusListing(status, listedUnder), ':s': status },
      },
    },
  ]);
  if (outcome.ok) return 'done';
  return (await getReport(id, { consistent: true })) ? 'changed' : 'gone';
}

/** A client's reports with where each is listed (the ByOrganization index). */
export async function clientReports(organizationId: string): Promise<{ id: string; status: ReportStatus; listedUnder: string | undefined }[]> {
  const items = await queryAll(keys.reportByOrganization(organizationId, '').GSI2PK, 'REPORT#', { index: indexes.byOrganization, fields: ['id', 'status', 'GSI1PK'] });
  return items.map((item) => ({ id: String(item.id), status: item.status as ReportStatus, listedUnder: placement(item) }));
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
export type NewReport = { id: string; title: string; owner: string; organization_id: string; by: string; now: string; status?: ReportStatus; confidential?: boolean; baseline_id?: string };

/** The stored item of a new report (keys for every index included). */
export function reportItem(input: NewReport) {
  const status: ReportStatus = input.status ?? 'Draft';
  const listedUnder = input.confidential ? input.organization_id : undefined;
  return {
    ...keys.report(input.id),
    ...keys.reportByUpdated(input.now, input.id),
    GSI1PK: keys.reportListing(listedUnder),
    ...keys.reportByOrganization(input.organization_id, input.id),
    ...keys.reportByStatus(status, input.now, input.id),
    GSI3PK: keys.reportStatusListing(status, listedUnder),
    entity: 'Report',
    id: input.id,
    title: input.title,
    owner: input.owner,
    status,
    organization_id: input.organization_id,
    ...(input.baseline_id ? { baseline_id: input.baseline_id } : {}),
    ...firstVersion(input.by, input.now),
  };
}

export async function insertReport(input: NewReport): Promise<Report> {
  return retryOnRace(TRANSACTION_RETRIES, async (): Promise<Report | typeof AGAIN_AFTER_PAUSE> => {
    const listing = await clientListing(input.organization_id);
    if (!listing) throw new OrganizationMissingError();
    if (listing.confidential) await raiseListedNewest(input.organization_id, input.now);
    const item = reportItem({ ...input, status: 'Draft', confidential: listing.confidential });
    const outcome = await transact([newItemPut(item), ...clientCountsUpdate(input.organization_id, { total: 1, [item.status]: 1 }, listing), reportStatsUpdate({ total: 1, [item.status]: 1 })]);
    if (outcome.ok) return toReport(item);
    // a failed condition on the organization: it is gone, or was made confidential or open meanwhile (read
    // again); a transaction that merely met another one (the totals are a hot item) was tried again
    if (!outcome.failed.includes(1)) throw outcome.error;
    return AGAIN_AFTER_PAUSE;
  }, () => {
    throw new Error('could not create the report: its client kept changing');
  });
}

export type StatusOutcome = { ok: true; report: Report; previous: Report } | { ok: false; reason: 'missing' | 'stale' | 'final'; current?: Report };
/**
 * `checks`: one of the caller's conditions on other items (`failed`: their positions in `checks`) no longer held;
 * `from`: the report's status is not one the change may start from (`current`: the report as read).
 */
export type StatusChangeOutcome = StatusOutcome | { ok: false; reason: 'checks'; failed: number[] } | { ok: false; reason: 'from'; current: Report };

/**
 * Moves a report to a status, keeping the per-status counts in step, with the audit entry `audit` makes of
 * the report as it was (one transaction, optimistic lock).
 */
export async function setReportStatus(
  id: string,
  status: ReportStatus,
  expectedVersion: number | undefined,
  input: {
    by: string;
    now: string;
    audit: (before: Report) => NewAuditEntry | NewAuditEntry[];
    checks?: readonly TransactItem[];
    /** the statuses the change may start from (default: any); read and held in the same write, on the report's version */
    from?: (current: ReportStatus) => boolean;
    /** more fields of the report set with the change */
    fields?: Record<string, unknown>;
    /**
     * what the change does to the report's benchmark contribution, given what the report has added (its stored
     * contribution, as this write read it): stored as it says, in the same transaction
     */
    benchmark: (counted: BenchContribution | undefined) => BenchMove;
  },
): Promise<StatusChangeOutcome> {
  const { by, now } = input;
  const checks = input.checks ?? [];
  return retryOnRace(TRANSACTION_RETRIES, async (): Promise<StatusChangeOutcome | typeof AGAIN | typeof AGAIN_AFTER_PAUSE> => {
    const raw = await getItem(keys.report(id), { consistent: true });
    const current = raw && toReport(raw);
    if (!current) return { ok: false, reason: 'missing' };
    if (expectedVersion !== undefined && current.version !== expectedVersion) return { ok: false, reason: 'stale', current };
    // the status it starts from, as read here: the write below holds only while the version (and so the status) is unchanged
    if (input.from && !input.from(current.status)) return { ok: false, reason: 'from', current };
    if (current.status === status) return { ok: true, report: current, previous: current };
    const byStatus = keys.reportByStatus(status, now, id);
    const [listing, listedUnder] = await Promise.all([clientListing(current.organization_id), listedIn(id)]);
    if (listedUnder) await raiseListedNewest(listedUnder, now);
    // the benchmark, as the domain decides it on what the report has added (the version guards what was read)
    const move = input.benchmark(isContribution(raw.bench_contrib) ? raw.bench_contrib : undefined);
    const bench = await benchMoveItems(move);
    const base = versionedUpdateItem(
      keys.report(id),
      {
        status,
        updated_at: now,
        updated_by: by,
        GSI1SK: keys.reportByUpdated(now, id).GSI1SK,
        GSI3PK: keys.reportStatusListing(status, listedUnder),
        GSI3SK: byStatus.GSI3SK,
        ...benchMoveFields(move),
        ...input.fields,
      },
      current.version,
    ).Update;
    // the report stays in the partitions it was read in (a change of confidentiality moves it meanwhile: read again)
    const update = {
      Update: { ...base, ConditionExpression: `${base.ConditionExpression} AND GSI1PK = :listed`, ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ':listed': keys.reportListing(listedUnder) } },
    };
    const items = [
      update,
      reportStatsUpdate({ [current.status]: -1, [status]: 1 }),
      ...[input.audit(current)].flat().map(auditPut),
      ...(listing ? clientCountsUpdate(current.organization_id, { [current.status]: -1, [status]: 1 }, listing) : []),
      // after the client's counts (positions 3 on keep their meaning), before the caller's checks
      ...bench,
    ];
    // the caller's conditions go last: a failed one is theirs to answer
    const firstCheck = items.length;
    const outcome = await transact([...items, ...checks], { retryConflicts: false });
    if (outcome.ok) return { ok: true, report: { ...current, ...input.fields, status, updated_at: now, updated_by: by, version: current.version + 1 }, previous: current };
    if (outcome.reason === 'condition' && outcome.failed.some((i) => i >= firstCheck)) {
      return { ok: false, reason: 'checks', failed: outcome.failed.filter((i) => i >= firstCheck).map((i) => i - firstCheck) };
    }
    if (outcome.reason === 'condition' && (outcome.failed.some((i) => i >= 3 && i < firstCheck) || (await getReport(id, { consistent: true }))?.version === current.version)) {
      // the client's confidentiality, or the report's partitions, changed between our reads and the write: again
      return AGAIN_AFTER_PAUSE;
    }
    // met another transaction (the totals): nothing changed, try again
    if (outcome.reason === 'conflict') return AGAIN_AFTER_PAUSE;
    // someone else changed the report between our read and write: with a version from the client that
    // is a conflict; without one (the spec's plain query), read again and retry
    if (expectedVersion !== undefined) return { ok: false, reason: 'stale', current: await getReport(id) };
    return AGAIN;
  }, async () => ({ ok: false, reason: 'stale', current: await getReport(id) }));
}

/**
 * Changes a report's title and owner if `version` is still current and the report is not Final (a move to Final
 * moves the version on); `previous` is the report they replaced.
 */
export async function replaceReportFields(id: string, input: { title: string; owner: string; version: number; by: string; now: string }): Promise<StatusOutcome> {
  const raw = await getItem(keys.report(id));
  const current = raw && toReport(raw);
  if (!current) return { ok: false, reason: 'missing' };
  if (current.version !== input.version) return { ok: false, reason: 'stale', current };
  if (current.status === 'Final') return { ok: false, reason: 'final', current };
  // it moves to the top of its client's partitions
  const listedUnder = placement(raw);
  if (listedUnder) await raiseListedNewest(listedUnder, input.now);
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
export async function removeReportRecord(
  id: string,
  audit: (report: Report) => NewAuditEntry,
  benchmark: (counted: BenchContribution | undefined) => BenchMove,
): Promise<boolean> {
  return retryOnRace(TRANSACTION_RETRIES, async (): Promise<boolean | typeof AGAIN | typeof AGAIN_AFTER_PAUSE> => {
    const raw = await getItem(keys.report(id), { consistent: true });
    const report = raw && toReport(raw);
    if (!report) return false; // already gone (another delete won)
    // the benchmark, as the domain decides it on what the report has added
    const bench = await benchMoveItems(benchmark(isContribution(raw.bench_contrib) ? raw.bench_contrib : undefined));
    const deleteMeta = {
      Delete: {
        TableName: tableName,
        Key: keys.report(id),
        ConditionExpression: 'attribute_exists(PK) AND version = :v',
        ExpressionAttributeValues: { ':v': report.version },
      },
    };
    // (no client record should not happen: it cannot be deleted while it counts reports)
    const listing = await clientListing(report.organization_id);
    const orgUpdate = listing ? clientCountsUpdate(report.organization_id, { total: -1, [report.status]: -1 }, listing) : [];
    const statsUpdate = reportStatsUpdate({ total: -1, [report.status]: -1 });
    const entry = auditPut(audit(report));
    const outcome = await transact([deleteMeta, statsUpdate, entry, ...orgUpdate, ...bench], { retryConflicts: false });
    if (outcome.ok) return true;
    if (outcome.reason === 'condition') {
      if (outcome.failed.includes(0)) return AGAIN; // changed or deleted since we read it: read again
      // the client changed its confidentiality meanwhile: read again
      if (!outcome.failed.some((i) => i >= 3)) throw outcome.error;
    }
    return AGAIN_AFTER_PAUSE;
  }, () => {
    throw new Error(`could not remove report ${id}: it kept changing`);
  });
}
