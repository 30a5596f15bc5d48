/**
 * "Start re-assessment": a new report for the same client that takes over the baseline's setup
 * (client, sector, stakeholders, brand), its objectives and scope, its evidence (references to the same items of
 * the client's library: takeFromLibrary, never a copy), starts its findings afresh, and keeps a link
 * to its baseline (`baseline_id` on the report). One transaction: the report, its counts, its first steps and an
 * audit entry under each report. The new id comes from the baseline, the user and the request's key, so a retry
 * or a double click answers the same report and creates nothing twice.
 */
import { organizationsDetails } from '@shared/messages/organizations';
import { reassess } from '@shared/messages/reassess';
import { compareReports } from '@shared/domain/report/comparison';
import { FindingsData, RecommendationsData } from '@shared/schemas/report-document';
import type { ComparisonResponse, Report, ReassessResponse } from '@shared/schemas/reports';
import { DataIntakeData, ObjectivesData, SetupData, stepOf } from '@shared/schemas/wizard';
import type { NewAuditEntry } from '../../data/audit-repo';
import { listEvidenceSummaries } from '../../data/evidence-repo';
import { takeFromLibrary } from '../library/library';
import { readProgressItems } from '../../data/progress-repo';
import { clientListing, getReport, raiseListedNewest } from '../../data/reports-repo';
import { setupParts } from '../../data/setup-repo';
import { NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { PartFailedError, setupId, storeSteps } from '../wizard';

const MAX_TITLE = 300;

function entries(baseline: Report, id: string, title: string, by: string, at: string): NewAuditEntry[] {
  return [
    { action: 'report.reassess', target: { kind: 'report', id, title }, user: by, detail: reassess.details.auditStarted(baseline.title), at, under: { kind: 'report', id }, client: baseline.organization_id },
    {
      action: 'report.reassess',
      target: { kind: 'report', id: baseline.id, title: baseline.title },
      user: by,
      detail: reassess.details.auditFollowedBy(title),
      at,
      under: { kind: 'report', id: baseline.id },
      client: baseline.organization_id,
    },
  ];
}

/** The baseline is the report the request's access check read (strongly consistent). */
export async function startReassessment({ report: baseline, client }: ReportInContext, key: string, user: string): Promise<ReassessResponse> {
  const id = setupId('report', user, `reassess\u0000${baseline.id}\u0000${key}`);
  const done = (created: boolean, version: number): ReassessResponse => ({ success: true, id, baseline_id: baseline.id, created, version });
  /** the baseline's evidence: references to the same items of the client's library (never a copy of their text) */
  const takeEvidence = async () => {
    const ids = (await listEvidenceSummaries(baseline.id)).map((e) => e.id);
    if (ids.length) await takeFromLibrary(id, baseline.organization_id, ids);
  };
  const existing = await getReport(id, { consistent: true });
  if (existing) {
    // a retry: the references again (an item the report uses already stays as it is), in case the first was cut short
    await takeEvidence();
    return done(false, existing.version);
  }

  const org = client.organization;
  const [listing, progress] = await Promise.all([clientListing(baseline.organization_id), readProgressItems(baseline.id)]);
  if (!org || !listing) throw new NotFoundError(organizationsDetails.organizationNotFound);
  const title = [...reassess.details.reassessTitle(baseline.title)].slice(0, MAX_TITLE).join('');
  const now = new Date().toISOString();
  const setup = stepOf(SetupData, progress.steps.get('setup')?.data ?? {})!;
  const objectives = stepOf(ObjectivesData, progress.steps.get('objectives')?.data);
  const intake = stepOf(DataIntakeData, progress.steps.get('data-intake')?.data);
  const steps = {
    setup: {
      ...setup,
      organizationName: setup.organizationName || org.name,
      sector: org.sector,
      geography: org.geography,
      reportTitle: title,
      reportOwner: baseline.owner,
      organizationId: org.id,
      organizationVersion: org.version,
      reportId: id,
      reportVersion: 1,
    },
    ...(objectives ? { objectives } : {}),
    // what data intake lists: the same references (ids, titles, states), the items themselves are the library's
    ...(intake?.evidence.length ? { 'data-intake': intake } : {}),
  };
  // the new report is listed under a confidential client: its partitions' newest time first (reports-repo)
  if (listing.confidential) await raiseListedNewest(org.id, now);
  try {
    await storeSteps({
      reportId: id,
      steps,
      base: { kind: 'overwrite' },
      completedAdd: objectives && progress.meta.completed_steps.includes('objectives') ? ['setup', 'objectives'] : ['setup'],
      currentStep: 1,
      caller: { user },
      // the report is created in this transaction
      openCheck: false,
      also: setupParts({
        organization: { kind: 'update', id: org.id, version: org.version },
        report: { kind: 'create', id, title, owner: baseline.owner, baselineId: baseline.id },
        by: user,
        now,
        audits: entries(baseline, id, title, user, now),
        listing,
      }),
    });
  } catch (error) {
    if (!(error instanceof PartFailedError)) throw error;
    // the same start ran at the same moment (a double click) and created it: the same report
    const raced = await getReport(id, { consistent: true });
    if (raced) {
      await takeEvidence();
      return done(false, raced.version);
    }
    throw error;
  }
  await takeEvidence();
  return done(true, 1);
}

/** What a comparison reads of each report: its findings and recommendations steps. */
async function comparedSide(reportId: string) {
  const { steps } = await readProgressItems(reportId);
  return { findings: stepOf(FindingsData, steps.get('findings')?.data), recommendations: stepOf(RecommendationsData, steps.get('recommendations')?.data) };
}

/** A re-assessment against its baseline (404 with a reason when it has none, or it was deleted). */
export async function reportComparison({ report }: ReportInContext): Promise<ComparisonResponse> {
  if (!report.baseline_id) throw new NotFoundError(reassess.details.noBaseline);
  const baseline = await getReport(report.baseline_id);
  if (!baseline) throw new NotFoundError(reassess.details.baselineGone);
  const [before, after] = await Promise.all([comparedSide(baseline.id), comparedSide(report.id)]);
  const brief = (r: Report) => ({ id: r.id, title: r.title, status: r.status, updated_at: r.updated_at });
  return { baseline: brief(baseline), report: brief(report), ...compareReports(before, after) };
}
