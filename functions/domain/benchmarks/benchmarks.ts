/**
 * Sector benchmarks: a report's dimension scores against the firm's other Final reports of its sector
 * (in its geography where enough exist), read from maintained aggregates (functions/data/benchmarks-repo.ts),
 * never by scanning reports; median and quartiles only, and nothing below BENCH_MIN_REPORTS peers.
 * Privacy: a confidential client's reports count only while its lead allows it (`bench_consent`, off by default).
 */
import { benchmarkOf, benchName, BENCH_MIN_REPORTS, type BenchScores } from '@shared/domain/benchmark';
import { organizationsDetails } from '@shared/messages/organizations';
import { FindingsData } from '@shared/schemas/report-document';
import type { BenchmarkResponse } from '@shared/schemas/reports';
import { stepOf } from '@shared/schemas/wizard';
import { clientBenchFacts, readAggregates, reportContribution, type BenchContribution, type ClientBenchFacts } from '../../data/benchmarks-repo';
import { readProgressItems } from '../../data/progress-repo';
import { NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
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
 * What a report becoming Final keeps of its scores and place, and whether they count in the benchmarks now
 * (undefined: its client has no sector, or it scored nothing).
 */
export async function finalContribution(reportId: string, organizationId: string): Promise<{ snapshot: BenchContribution; counted: boolean } | undefined> {
  const [facts, scores] = await Promise.all([clientBenchFacts(organizationId), reportScores(reportId)]);
  if (!facts || !benchName(facts.sector) || !Object.keys(scores).length) return undefined;
  return { snapshot: { ...place(facts), scores }, counted: mayCount(facts) };
}

/** GET …/benchmark: the report from the request's context; what it added to the aggregates and its scores, read here. */
export async function reportBenchmark({ report }: ReportInContext): Promise<BenchmarkResponse> {
  const [facts, own, scores] = await Promise.all([clientBenchFacts(report.organization_id), reportContribution(report.id), reportScores(report.id)]);
  return benchmarkFrom(facts, own?.contribution, scores);
}

/**
 * The benchmark of a report whose items the caller has read already (an export): its client's `facts`, what the
 * report added to the aggregates (`contribution`, its item's) and its findings step.
 */
export async function benchmarkOfRead(facts: ClientBenchFacts | undefined, contribution: BenchContribution | undefined, findings: FindingsData | undefined): Promise<BenchmarkResponse> {
  return benchmarkFrom(facts, contribution, scoresOf(findings));
}

/** The report's scores against its peers' aggregates (what the report added itself taken out of them). */
async function benchmarkFrom(facts: ClientBenchFacts | undefined, own: BenchContribution | undefined, scores: BenchScores): Promise<BenchmarkResponse> {
  if (!facts) throw new NotFoundError(organizationsDetails.organizationNotFound);
  const { sector, geography } = place(facts);
  const hidden = (count: number): BenchmarkResponse => ({ available: false, minimum: BENCH_MIN_REPORTS, count, sector: facts.sector, geography: null, dimensions: [] });
  if (!sector) return hidden(0);
  const aggregates = await readAggregates(sector, geography);
  // the report itself is never its own peer: what it added is taken out of the aggregate it added it to
  const mine = (geo: string) => (own && own.sector === sector && (geo === '*' || own.geography === geo) ? own.scores : undefined);
  const inGeography = geography ? benchmarkOf(aggregates.geography, mine(geography)) : null;
  const inSector = inGeography ? null : benchmarkOf(aggregates.sector, mine('*'));
  const chosen = inGeography ?? inSector;
  if (!chosen) return hidden(Math.max(0, Number(aggregates.sector?.n ?? 0) - (mine('*') ? 1 : 0)));
  return {
    available: true,
    minimum: BENCH_MIN_REPORTS,
    count: chosen.count,
    sector: facts.sector,
    geography: inGeography ? facts.geography : null,
    dimensions: chosen.dimensions.map((d) => ({ ...d, score: scores[d.dimension] ?? null })),
  };
}
