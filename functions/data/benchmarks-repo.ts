/**
 * Sector benchmarks (DESIGN.md "Library"): maintained aggregates, never a scan of reports.
 * - `BENCH#<sector>#<geography>` / `AGG` and `BENCH#<sector>#*` / `AGG`: per-dimension score histograms of the
 *   Final reports counted there (shared/domain/benchmark.ts), every counter moved with ADD, so Finals at the same
 *   moment never lose each other's update;
 * - the report's META item keeps what it added (`bench_contrib`: the aggregates' sector and geography, and the
 *   scores), written in the same transaction, so what is taken out later is exactly that, whatever the report or
 *   its client became since. What a report adds or takes out is the domain's to decide
 *   (functions/domain/benchmarks/contribution.ts): a BenchMove, which the report's writes store as given.
 */
import { benchDelta, type BenchScores } from '@shared/domain/benchmark';
import type { Organization } from '@shared/schemas/organizations';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { toOrganization } from './organization-item';
import { tableName } from './table';
import { getItem, getItems, transact, type TransactItem } from './table-ops';

/** What a Final report added to the aggregates (folded sector and geography; geography '' counts sector-wide only). */
export interface BenchContribution {
  sector: string;
  geography: string;
  scores: BenchScores;
}

export function isContribution(v: unknown): v is BenchContribution {
  return typeof v === 'object' && v !== null && typeof (v as BenchContribution).sector === 'string' && typeof (v as BenchContribution).scores === 'object';
}

/** The aggregates a contribution counts in: the sector's, and the sector's in its geography when it has one. */
function aggregateKeys(c: Pick<BenchContribution, 'sector' | 'geography'>) {
  return [keys.benchmark(c.sector, '*'), ...(c.geography ? [keys.benchmark(c.sector, c.geography)] : [])];
}

/** Transaction items that add (`sign` 1) or take out (−1) a report's scores in its aggregates (ADD only). */
function benchUpdates(c: BenchContribution, sign: 1 | -1): TransactItem[] {
  const delta = benchDelta(c.scores, sign);
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const adds = Object.entries(delta).map(([attr, v], i) => {
    names[`#b${i}`] = attr;
    values[`:b${i}`] = v;
    return `#b${i} :b${i}`;
  });
  return aggregateKeys(c).map((Key) => ({
    Update: { TableName: tableName, Key, UpdateExpression: `ADD ${adds.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values },
  }));
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

/** The transaction items that move the aggregates as `move` says (what is taken out first, then what is added). */
export function benchMoveUpdates(move: BenchMove): TransactItem[] {
  return [...(move.takeOut ? benchUpdates(move.takeOut, -1) : []), ...(move.add ? benchUpdates(move.add, 1) : [])];
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
 * editor open on it must not meet a conflict): only while it is still Final and still as read. Answers whether
 * it was written.
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
    ...(from ? benchUpdates(from, -1) : []),
    ...(to ? benchUpdates(to, 1) : []),
  ];
  const outcome = await transact(items);
  return outcome.ok;
}

/**
 * The sector-wide aggregate and the one of the sector in the geography (one BatchGet of two small items,
 * eventually consistent: a benchmark a moment behind is fine).
 */
export async function readAggregates(sector: string, geography: string): Promise<{ sector?: Record<string, unknown>; geography?: Record<string, unknown> }> {
  const wanted = [keys.benchmark(sector, '*'), ...(geography ? [keys.benchmark(sector, geography)] : [])];
  const rows = await getItems(wanted);
  const find = (k: { PK: string }) => rows.find((r) => r.PK === k.PK);
  return {
    ...(find(wanted[0]!) ? { sector: find(wanted[0]!) } : {}),
    ...(wanted[1] && find(wanted[1]) ? { geography: find(wanted[1]) } : {}),
  };
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
