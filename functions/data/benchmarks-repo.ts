/**
 * Sector benchmarks (DESIGN.md "Library"): maintained aggregates, never a scan of reports.
 * - `BENCH#<sector>#<geography>` / `AGG` and `BENCH#<sector>#*` / `AGG`: per-dimension score histograms of the
 *   Final reports counted there (shared/domain/benchmark.ts), every counter moved with ADD, so Finals at the same
 *   moment never lose each other's update; and how many clients have reports counted there (`k`, `k<d>`);
 * - beside each, `CLIENT#<client>`: the same counters for one client's reports alone, so a benchmark can leave out
 *   exactly the clients its reader can read. A client's item only grows with its own reports (small at any size of
 *   the firm); the aggregate holds counters only, never a list of clients (its size does not grow with them). A write
 *   that moves a client from counting to not (or back) moves the aggregate's client counters in the same
 *   transaction, on the condition that the client's item is still as read;
 * - the report's META item keeps what it added (`bench_contrib`: the aggregates' sector and geography, its client and
 *   the scores), written in the same transaction, so what is taken out later is exactly that, whatever the report or
 *   its client became since. What a report adds or takes out is the domain's to decide
 *   (functions/domain/benchmarks/contribution.ts): a BenchMove, which the report's writes store as given.
 */
import { addDeltas, benchDelta, clientTransition, type BenchCounters, type BenchScores } from '@shared/domain/benchmark';
import type { Organization } from '@shared/schemas/organizations';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys, type ItemKey } from './keys';
import { toOrganization } from './organization-item';
import { tableName } from './table';
import { getItem, getItems, transact, type TransactItem } from './table-ops';

/**
 * What a Final report added to the aggregates (folded sector and geography; geography '' counts sector-wide only),
 * and its client's id (a contribution stored before clients were counted has none: it moved the aggregate alone).
 */
export interface BenchContribution {
  sector: string;
  geography: string;
  client?: string;
  scores: BenchScores;
}

export function isContribution(v: unknown): v is BenchContribution {
  return typeof v === 'object' && v !== null && typeof (v as BenchContribution).sector === 'string' && typeof (v as BenchContribution).scores === 'object';
}

/** The aggregates a contribution counts in: the sector's, and the sector's in its geography when it has one. */
function aggregateKeys(c: Pick<BenchContribution, 'sector' | 'geography'>) {
  return [keys.benchmark(c.sector, '*'), ...(c.geography ? [keys.benchmark(c.sector, c.geography)] : [])];
}

/**
 * What a report's write does to its benchmark contribution, as the domain decided it on the report the write read.
 */
export interface BenchMove {
  /** taken out of its aggregates (what the report added) */
  takeOut?: BenchContribution;
  /** added to its aggregates */
  add?: BenchContribution;
  /**
   * what the report keeps: `contribution` what it adds now (`bench_contrib`), `final` its scores and place while it is
   * Final (`bench_final`); undefined: both left as stored
   */
  keep?: { contribution: BenchContribution | null; final: BenchContribution | null };
}

const itemId = (k: ItemKey) => `${k.PK}\u0000${k.SK}`;

/** An ADD of counter deltas (placeholders for every name), with a condition when one is given. */
function addUpdate(Key: ItemKey, delta: Record<string, number>, condition?: { expression: string; names: Record<string, string>; values: Record<string, number> }): TransactItem {
  const names: Record<string, string> = { ...condition?.names };
  const values: Record<string, number> = { ...condition?.values };
  const adds = Object.entries(delta).map(([attr, v], i) => {
    names[`#b${i}`] = attr;
    values[`:b${i}`] = v;
    return `#b${i} :b${i}`;
  });
  return {
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ...(condition ? { ConditionExpression: condition.expression } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The condition that a client's item still holds the counters a transition rested on (absent counts as zero). */
function restingCondition(resting: Record<string, number>) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = Object.entries(resting).map(([attr, v], i) => {
    names[`#r${i}`] = attr;
    values[`:r${i}`] = v;
    return v === 0 ? `(attribute_not_exists(#r${i}) OR #r${i} = :r${i})` : `#r${i} = :r${i}`;
  });
  return { expression: parts.join(' AND '), names, values };
}

/**
 * The transaction items that move the aggregates as `move` says: what is taken out and what is added, netted per
 * item (a transaction touches an item once). A counted client's own item moves with them, on the condition that it
 * is still as read here (a strongly consistent read): a concurrent change of the same client fails the write, which
 * its caller reads again and tries again.
 */
export async function benchMoveItems(move: BenchMove): Promise<TransactItem[]> {
  const aggregates = new Map<string, { key: ItemKey; delta: Record<string, number> }>();
  const clients = new Map<string, { key: ItemKey; aggregate: ItemKey; delta: Record<string, number> }>();
  const moves: [BenchContribution | undefined, 1 | -1][] = [
    [move.takeOut, -1],
    [move.add, 1],
  ];
  for (const [c, sign] of moves) {
    if (!c) continue;
    const delta = benchDelta(c.scores, sign);
    for (const [i, key] of aggregateKeys(c).entries()) {
      const a = aggregates.get(itemId(key)) ?? { key, delta: {} };
      a.delta = addDeltas(a.delta, delta);
      aggregates.set(itemId(key), a);
      if (!c.client) continue;
      const clientKey = keys.benchmarkClient(c.sector, i === 0 ? '*' : c.geography, c.client);
      const own = clients.get(itemId(clientKey)) ?? { key: clientKey, aggregate: key, delta: {} };
      own.delta = addDeltas(own.delta, delta);
      clients.set(itemId(clientKey), own);
    }
  }
  const ownItems = clients.size ? await getItems([...clients.values()].map((c) => c.key), { consistent: true }) : [];
  const items: TransactItem[] = [];
  for (const own of clients.values()) {
    const delta = Object.fromEntries(Object.entries(own.delta).filter(([, v]) => v !== 0));
    if (!Object.keys(delta).length) continue;
    const before = ownItems.find((i) => i.PK === own.key.PK && i.SK === own.key.SK);
    const { aggregate, resting } = clientTransition(before, delta);
    items.push(addUpdate(own.key, delta, restingCondition(resting)));
    const a = aggregates.get(itemId(own.aggregate))!;
    a.delta = addDeltas(a.delta, aggregate);
  }
  for (const a of aggregates.values()) {
    const delta = Object.fromEntries(Object.entries(a.delta).filter(([, v]) => v !== 0));
    if (Object.keys(delta).length) items.push(addUpdate(a.key, delta));
  }
  return items;
}

/** The report's fields that keep what `move` says (none when it keeps them as stored). */
export function benchMoveFields(move: BenchMove): Record<string, unknown> {
  return move.keep ? { bench_final: move.keep.final, bench_contrib: move.keep.contribution } : {};
}

/** The stored contribution of a report (undefined: it counts nowhere). */
export async function reportContribution(
  reportId: string,
  consistent = false,
): Promise<{ contribution?: BenchContribution; final?: BenchContribution; status?: string; version?: number; organizationId?: string } | undefined> {
  const item = await getItem(keys.report(reportId), { consistent, fields: ['bench_contrib', 'bench_final', 'status', 'version', 'organization_id'] });
  if (!item) return undefined;
  return {
    ...(isContribution(item.bench_contrib) ? { contribution: item.bench_contrib } : {}),
    ...(isContribution(item.bench_final) ? { final: item.bench_final } : {}),
    status: item.status as string,
    version: Number(item.version),
    organizationId: item.organization_id as string,
  };
}

/**
 * Adds or takes out one Final report's contribution without moving its version (its content did not change: an
 * editor open on it must not meet a conflict): only while it is still Final and still as read, and its client's
 * counters still as read. Answers whether it was written.
 */
export async function setContribution(reportId: string, version: number, from: BenchContribution | undefined, to: BenchContribution | undefined): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: keys.report(reportId),
        UpdateExpression: 'SET bench_contrib = :c',
        ConditionExpression: 'attribute_exists(PK) AND version = :v AND #status = :final',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':c': to ?? null, ':v': version, ':final': 'Final' },
      },
    },
    ...(await benchMoveItems({ ...(from ? { takeOut: from } : {}), ...(to ? { add: to } : {}) })),
  ];
  const outcome = await transact(items);
  return outcome.ok;
}

/** An aggregate and the items of the reader's readable clients in it (those that count there). */
export interface AggregateRead {
  aggregate?: BenchCounters;
  readable: BenchCounters[];
}

/**
 * The sector-wide aggregate and the one of the sector in the geography, each with the items of `readable` clients
 * that count there (one BatchGet: two small items and two per readable client; eventually consistent: a benchmark a
 * moment behind is fine).
 */
export async function readAggregates(sector: string, geography: string, readable: readonly string[]): Promise<{ sector: AggregateRead; geography?: AggregateRead }> {
  const places = ['*', ...(geography ? [geography] : [])];
  const wanted = places.flatMap((g) => [keys.benchmark(sector, g), ...readable.map((c) => keys.benchmarkClient(sector, g, c))]);
  const rows = await getItems(wanted);
  const read = (g: string): AggregateRead => {
    const { PK } = keys.benchmark(sector, g);
    const mine = rows.filter((r) => r.PK === PK);
    const aggregate = mine.find((r) => r.SK === 'AGG');
    return { ...(aggregate ? { aggregate } : {}), readable: mine.filter((r) => r.SK !== 'AGG') };
  };
  return { sector: read('*'), ...(geography ? { geography: read(geography) } : {}) };
}

/** What a benchmark needs of a client: its sector and geography, whether it is confidential and may count. */
export interface ClientBenchFacts {
  name: string;
  sector: string;
  geography: string;
  confidential: boolean;
  consent: boolean;
}

export async function clientBenchFacts(organizationId: string): Promise<ClientBenchFacts | undefined> {
  const item = await getItem(keys.organization(organizationId), { consistent: true, fields: ['PK', 'name', 'sector', 'geography', 'confidential', 'bench_consent'] });
  return item ? benchFactsOf(item) : undefined;
}

/** A client's record and what a benchmark needs of it, from one (strongly consistent) read of its item. */
export async function clientWithBenchFacts(organizationId: string): Promise<{ organization: Organization; facts: ClientBenchFacts } | undefined> {
  const item = await getItem(keys.organization(organizationId), { consistent: true });
  return item ? { organization: toOrganization(item), facts: benchFactsOf(item) } : undefined;
}

function benchFactsOf(item: Record<string, unknown>): ClientBenchFacts {
  return {
    name: typeof item.name === 'string' ? item.name : '',
    sector: typeof item.sector === 'string' ? item.sector : '',
    geography: typeof item.geography === 'string' ? item.geography : '',
    confidential: item.confidential === true,
    consent: item.bench_consent === true,
  };
}

/** Keeps whether a confidential client's lead lets its Final reports count in benchmarks, with its audit entry. */
export async function putBenchConsent(organizationId: string, allowed: boolean, audit: NewAuditEntry): Promise<boolean> {
  const outcome = await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: 'SET bench_consent = :a',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':a': allowed },
      },
    },
    auditPut(audit),
  ]);
  return outcome.ok;
}
