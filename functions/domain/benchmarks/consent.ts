/**
 * Which Final reports count in the sector benchmarks: those of confidential clients whose lead allows it
 * (`bench_consent`, a setting on the client, off by default). An open client's reports never count: every member of
 * staff can read them, so they are left out of every figure anyone is shown (./benchmarks.ts), and counting them
 * would only let someone who writes them move the figures others see. A Final report keeps its scores, place and
 * client (`bench_final`), so a change of consent or of confidentiality adds it or takes it out here without reading
 * its wizard data.
 */
import { benchName } from '@shared/domain/benchmark';
import { organizationsDetails } from '@shared/messages/organizations';
import { reassess } from '@shared/messages/reassess';
import { clientBenchFacts, putBenchConsent, reportContribution, setContribution, type BenchContribution, type ClientBenchFacts } from '../../data/benchmarks-repo';
import { allOrganizationIds } from '../../data/organizations-repo';
import { clientReports } from '../../data/reports-repo';
import { confidentialClientIds } from '../../data/teams-repo';
import { NotFoundError } from '../../lib/errors';

/** Whether a client's Final reports may count: a confidential client's, with its lead's consent (and a sector). */
export const mayCount = (facts: ClientBenchFacts) => Boolean(benchName(facts.sector)) && facts.confidential && facts.consent;

/** JSON with every object's keys in order (a stored map comes back in any order). */
const canonical = (v: unknown): string =>
  v && typeof v === 'object' ? `{${Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}` : JSON.stringify(v ?? null);
const same = (a: BenchContribution | undefined, b: BenchContribution | undefined) => canonical(a ?? null) === canonical(b ?? null);

/** Brings one Final report in step with whether its client's reports may count (its version unmoved); whether it changed. */
async function reconcileReport(reportId: string, facts: ClientBenchFacts): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await reportContribution(reportId, true);
    if (!stored || stored.status !== 'Final') return false;
    // its client's id goes with what it adds (a snapshot kept before clients were counted has none)
    const wanted = mayCount(facts) && stored.final ? { ...stored.final, client: stored.final.client ?? stored.organizationId } : undefined;
    if (same(stored.contribution, wanted)) return false;
    if (await setContribution(reportId, stored.version!, stored.contribution, wanted)) return true;
  }
  return false;
}

/** Brings a client's Final reports in step with whether they may count; each report on its own, its version unmoved. */
export async function reconcileClient(organizationId: string): Promise<number> {
  const facts = await clientBenchFacts(organizationId);
  if (!facts) return 0;
  const reports = (await clientReports(organizationId)).filter((r) => r.status === 'Final');
  let changed = 0;
  for (const r of reports) if (await reconcileReport(r.id, facts)) changed++;
  return changed;
}

/**
 * After a report became Final, counted or not by what its client allowed when the change read it: reads the
 * client again and brings the report in step. A consent (or confidentiality) change that landed between that read
 * and the Final write reconciled the client's Final reports before this one was among them; without this, the
 * report stayed in (or out of) the aggregate against its lead's setting. Whether it changed.
 */
export async function settleFinalContribution(reportId: string, organizationId: string, counted: boolean): Promise<boolean> {
  const facts = await clientBenchFacts(organizationId);
  if (!facts || mayCount(facts) === counted) return false;
  return reconcileReport(reportId, facts);
}

/** The lead's setting (the route allows leads only): may this client's Final reports count in benchmarks. */
export async function storeBenchmarkConsent(user: string, organizationId: string, allowed: boolean): Promise<void> {
  const facts = await clientBenchFacts(organizationId);
  if (!facts) throw new NotFoundError(organizationsDetails.organizationNotFound);
  const ok = await putBenchConsent(organizationId, allowed, {
    action: 'organization.benchmarks',
    target: { kind: 'organization', id: organizationId, title: facts.name },
    user,
    detail: reassess.details.consentSet(allowed),
    at: new Date().toISOString(),
    under: { kind: 'organization', id: organizationId },
  });
  if (!ok) throw new NotFoundError(organizationsDetails.organizationNotFound);
  await reconcileClient(organizationId);
}

/**
 * Brings every client's Final reports in step with who counts and how (the migration to benchmarks that count
 * clients: an open client's reports taken out, a consenting confidential client's counted with its client). Per
 * client one Query of its reports (never a Scan), then each Final report on its own write, conditional on it being
 * as read: safe to repeat, to stop midway and to run beside the app.
 */
export async function recountBenchmarks(log: (line: string) => void = () => undefined): Promise<{ clients: number; reports: number }> {
  let clients = 0;
  let reports = 0;
  for (const org of await allOrganizationIds(await confidentialClientIds())) {
    const changed = await reconcileClient(org);
    if (!changed) continue;
    clients++;
    reports += changed;
    log(`client ${org}: ${changed} Final reports brought in step with the benchmarks`);
  }
  return { clients, reports };
}
