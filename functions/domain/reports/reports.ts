import { randomUUID } from 'node:crypto';
import type { ReportStatus } from '@shared/domain/options';
import { details } from '@shared/messages';
import type { CreatedResponse } from '@shared/schemas/organizations';
import type { CreateReportBody, Report, ReportPage } from '@shared/schemas/reports';
import { InvalidCursorError } from '../../data/cursor';
import { putAudit, type NewAuditEntry } from '../../data/audit-repo';
import { getReportOrder as readReportOrder, putReportOrder } from '../../data/preferences-repo';
import { getReport as findReport, insertReport, listReports as queryReports, OrganizationMissingError, replaceReportFields, setReportStatus, withoutClients } from '../../data/reports-repo';
import { sectionVersionChecks } from '../../data/reviews-repo';
import { clientCounts } from '../../data/teams-repo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { listingScopeOf, standing } from '../access/access';
import { can } from '../access/policy';
import { finalOverridden, reportStatusChanged, reportUpdated } from '../audit/change-entries';
import { finalGate } from '../reviews/gate';
import { finalContribution } from '../benchmarks/benchmarks';

/** A page of the reports the caller may see, and the counts of those (confidential clients they are not on left out). */
export async function listReports(username: string, limit: number, cursor?: string, status?: ReportStatus): Promise<ReportPage> {
  try {
    const scope = await listingScopeOf(username);
    // the list of confidential clients keeps their counts; one made confidential before it did is read on its own
    const unlisted = scope.hidden.filter((id) => !scope.counts.has(id));
    const listed = scope.hidden.flatMap((id) => {
      const c = scope.counts.get(id);
      return c ? [{ report_count: c[0], draft: c[1], in_review: c[2], final: c[3] }] : [];
    });
    const [page, unlistedCounts] = await Promise.all([
      queryReports(limit, cursor, status, { hidden: new Set(scope.hidden), own: scope.own }),
      unlisted.length ? clientCounts(unlisted) : [],
    ]);
    const counts = withoutClients(page.counts, [...listed, ...unlistedCounts]);
    return { ...page, counts, total: counts.total };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(details.invalidCursor);
    throw error;
  }
}

export async function getReport(id: string): Promise<Report> {
  const report = await findReport(id);
  if (!report) throw new NotFoundError(details.reportNotFound);
  return report;
}

export async function createReport(input: CreateReportBody, by: string): Promise<CreatedResponse> {
  try {
    const report = await insertReport({ ...input, id: randomUUID(), by, now: new Date().toISOString() });
    return { success: true, id: report.id, version: report.version };
  } catch (error) {
    if (error instanceof OrganizationMissingError) throw new BadRequestError(details.reportOrganizationMissing);
    throw error;
  }
}

/**
 * Final needs every written section approved (issue 23): otherwise 409 naming the sections, unless a lead gives a
 * reason to override, which is recorded with the change. Returns the override's audit entry, if any, and
 * otherwise the conditions the status change holds on: every section still at the version the gate read, so
 * that an edit (or a first write) between the gate and the change makes it fail instead of slipping through.
 */
async function finalCheck(report: Report, by: string, overrideReason: string | undefined, now: string): Promise<{ override?: NewAuditEntry; checks: ReturnType<typeof sectionVersionChecks> }> {
  const gate = await finalGate(report.id);
  if (!gate.unapproved.length) return { checks: sectionVersionChecks(report.id, gate.sections) };
  const names = gate.unapproved.map((s) => details.sectionInState(s.title, s.state));
  if (!overrideReason) throw new ConflictError(details.finalNeedsApproval(names));
  const access = await standing(by, report.organization_id);
  if (!can(access.role, 'override_final', access)) throw new ForbiddenError(details.finalOverrideLeadOnly);
  return { override: finalOverridden(report, overrideReason, names, by, now), checks: [] };
}

export async function changeReportStatus(id: string, status: ReportStatus, version: number | undefined, by: string, overrideReason?: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date().toISOString();
    let final: Awaited<ReturnType<typeof finalCheck>> = { checks: [] };
    let benchOnFinal: Awaited<ReturnType<typeof finalContribution>>;
    if (status === 'Final') {
      const before = await findReport(id, { consistent: true });
      if (!before) throw new NotFoundError(details.reportNotFound);
      if (before.status !== 'Final') {
        // the sector benchmark (issue 25): its scores and place, counted now if its client allows
        [final, benchOnFinal] = await Promise.all([finalCheck(before, by, overrideReason, now), finalContribution(id, before.organization_id)]);
      }
    }
    const { override, checks } = final;
    const outcome = await setReportStatus(id, status, version, {
      by,
      now,
      ...(benchOnFinal ? { benchOnFinal } : {}),
      audit: (before) => (override && before.status !== status ? [reportStatusChanged(before, status, by, now), override] : reportStatusChanged(before, status, by, now)),
      checks: checks.map((c) => c.item),
    });
    if (outcome.ok) {
      const { report } = outcome;
      return { success: true as const, status: report.status, version: report.version, updated_at: report.updated_at };
    }
    if (outcome.reason === 'missing') throw new NotFoundError(details.reportNotFound);
    if (outcome.reason === 'stale') throw new ConflictError(details.reportStale(outcome.current?.updated_by ?? 'someone else'));
    // a section changed after the gate read it: the gate again names what is no longer approved (an edit
    // approved again meanwhile lets the change be tried again)
  }
  throw new ConflictError(details.reportStale('someone else'));
}

export async function updateReport(id: string, input: { title: string; owner: string; version: number }, by: string) {
  const now = new Date().toISOString();
  const outcome = await replaceReportFields(id, { ...input, by, now });
  if (outcome.ok) {
    // a single conditional update: its entry is written right after it succeeded
    await putAudit(reportUpdated(outcome.previous, input, by, now));
    return { success: true as const, version: outcome.report.version };
  }
  if (outcome.reason === 'missing') throw new NotFoundError(details.reportNotFound);
  throw new ConflictError(details.reportStale(outcome.current?.updated_by ?? 'someone else'));
}

export async function getReportOrder(username: string) {
  return { report_ids: await readReportOrder(username) };
}

export async function saveReportOrder(username: string, ids: string[]) {
  const unique = [...new Set(ids)];
  await putReportOrder(username, unique);
  return { report_ids: unique };
}

