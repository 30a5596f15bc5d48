/**
 * Sector benchmarks: a report's dimension scores against the firm's other Final reports of its sector
 * (in its geography where enough clients count there), read from maintained aggregates
 * (functions/data/benchmarks-repo.ts), never by scanning reports; median and quartiles only.
 *
 * Which reports count: those of confidential clients whose lead allows it (`bench_consent`, off by default:
 * ./consent.ts). Who sees what: the figures shown to a reader leave out every client they can read (open clients,
 * which all staff read, never count at all; of the confidential ones, those on whose team they are), and nothing is
 * shown unless at least BENCH_MIN_CLIENTS other clients count (shared/domain/benchmark.ts). So what a reader can
 * change or read themself never moves the figures they see, and no single client's scores can be made out.
 */
import { benchmarkOf, benchName, BENCH_MIN_CLIENTS, type BenchScores } from '@shared/domain/benchmark';
import { organizationsDetails } from '@shared/messages/organizations';
import { FindingsData } from '@shared/schemas/report-document';
import type { BenchmarkResponse } from '@shared/schemas/reports';
import { stepOf } from '@shared/schemas/wizard';
import { clientBenchFacts, readAggregates, type BenchContribution, type ClientBenchFacts } from '../../data/benchmarks-repo';
import { readProgressItems } from '../../data/progress-repo';
import { NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { listingScopeOf } from '../access/access';
import { mayCount } from './consent';

/** The in-scope dimension scores of a findings step. */
function scoresOf(findings: FindingsData | undefined): BenchScores {
  return Object.fromEntries((findings?.dimensions ?? []).filter((d) => !d.out_of_scope).map((d) => [d.dimension, d.score]));
}

/** A report's in-scope dimension scores (its findings step, read here). */
async function reportScores(reportId: string): Promise<BenchScores> {
  const { steps } = await readProgressItems(reportId);
  return scoresOf(stepOf(FindingsData, steps.get('findings')?.data));
}

/** Where a client's reports count: its folded sector and geography ('*' is the sector-wide key, so never a geography). */
const place = (facts: Pick<ClientBenchFacts, 'sector' | 'geography'>) => {
  const geography = benchName(facts.geography);
  return { sector: benchName(facts.sector), geography: geography === '*' ? '' : geography };
};

/**
 * What a report becoming Final keeps of its scores, place and client, and whether they count in the benchmarks now
 * (undefined: its client has no sector, or it scored nothing).
 */
export async function finalContribution(reportId: string, organizationId: string): Promise<{ snapshot: BenchContribution; counted: boolean } | undefined> {
  const [facts, scores] = await Promise.all([clientBenchFacts(organizationId), reportScores(reportId)]);
  if (!facts || !benchName(facts.sector) || !Object.keys(scores).length) return undefined;
  return { snapshot: { ...place(facts), client: organizationId, scores }, counted: mayCount(facts) };
}

/**
 * The clients a reader can read that may count in a benchmark: the confidential clients on whose team they are (their
 * listing scope), and the report's own client. Open clients never count, so they need not be named.
 */
async function readableClients(reader: string, organizationId: string): Promise<string[]> {
  const scope = await listingScopeOf(reader);
  return [...new Set([organizationId, ...scope.own])];
}

/** GET …/benchmark: the report from the request's context; its scores, and the aggregates less what the reader can read, read here. */
export async function reportBenchmark(reader: string, { report }: ReportInContext): Promise<BenchmarkResponse> {
  const [facts, scores, readable] = await Promise.all([clientBenchFacts(report.organization_id), reportScores(report.id), readableClients(reader, report.organization_id)]);
  return benchmarkFrom(facts, scores, readable);
}

/**
 * The benchmark of a report whose items the caller has read already (an export, for the reader who asked for it):
 * its client's `facts` and its findings step.
 */
export async function benchmarkOfRead(reader: string, organizationId: string, facts: ClientBenchFacts | undefined, findings: FindingsData | undefined): Promise<BenchmarkResponse> {
  return benchmarkFrom(facts, scoresOf(findings), await readableClients(reader, organizationId));
}

/** The report's scores against the aggregates, less every client the reader can read (`readable`). */
async function benchmarkFrom(facts: ClientBenchFacts | undefined, scores: BenchScores, readable: readonly string[]): Promise<BenchmarkResponse> {
  if (!facts) throw new NotFoundError(organizationsDetails.organizationNotFound);
  const { sector, geography } = place(facts);
  // hidden: how many clients count is not told either (it would say whether a confidential client of the sector exists)
  const hidden: BenchmarkResponse = { available: false, minimum: BENCH_MIN_CLIENTS, count: 0, sector: facts.sector, geography: null, dimensions: [] };
  if (!sector) return hidden;
  const aggregates = await readAggregates(sector, geography, readable);
  const inGeography = aggregates.geography ? benchmarkOf(aggregates.geography.aggregate, aggregates.geography.readable) : null;
  const chosen = inGeography ?? benchmarkOf(aggregates.sector.aggregate, aggregates.sector.readable);
  if (!chosen) return hidden;
  return {
    available: true,
    minimum: BENCH_MIN_CLIENTS,
    count: chosen.clients,
    sector: facts.sector,
    geography: inGeography ? facts.geography : null,
    dimensions: chosen.dimensions.map((d) => ({ ...d, score: scores[d.dimension] ?? null })),
  };
}
