/**
 * PUT /api/reports/{id}/status: a report's status, with Final's gate and the sector benchmark (becoming
 * Final adds the report's scores to its aggregates, leaving it takes them out). Its own module, so the other report
 * routes do not bundle what the benchmark reads.
 *
 * Final means final: a Final report is read-only (functions/domain/access/final-lock.ts), and the status change
 * does not move it back either (409: reopen it, ./reopen.ts).
 */
import type { ReportStatus } from '@shared/domain/options';
import { reportsDetails } from '@shared/messages/reports';
import { reviewsDetails } from '@shared/messages/reviews';
import type { Report } from '@shared/schemas/reports';
import type { NewAuditEntry } from '../../data/audit-repo';
import { getReport as findReport, setReportStatus } from '../../data/reports-repo';
import { sectionVersionChecks } from '../../data/reviews-repo';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ClientStanding, ReportInContext } from '../../lib/middleware/types';
import { can } from '../access/policy';
import { finalOverridden, reportStatusChanged } from '../audit/change-entries';
import { finalContribution } from '../benchmarks/benchmarks';
import { settleFinalContribution } from '../benchmarks/consent';
import { statusChangeContribution } from '../benchmarks/contribution';
import { finalGate } from '../reviews/gate';
import { assertLedgerAllowsFinal } from '../ledger/index';

/**
 * Final needs every required section written and every written section approved (by someone who neither asked for
 * its review nor wrote it, since the report was last reopened): otherwise 409 naming the sections, unless a lead
 * gives a reason to override, which is recorded with the change. Returns the override's audit entry, if any, and
 * otherwise the conditions the status change holds on: every section still at the version the gate read, so
 * that an edit (or a first write) between the gate and the change makes it fail instead of slipping through.
 */
async function finalCheck(
  report: Report,
  access: ClientStanding,
  by: string,
  overrideReason: string | undefined,
  now: string,
): Promise<{ override?: NewAuditEntry; checks: ReturnType<typeof sectionVersionChecks> }> {
  const gate = await finalGate(report.id, report.approvals_from);
  if (!gate.unapproved.length) return { checks: sectionVersionChecks(report.id, gate.sections) };
  const names = gate.unapproved.map((s) => (s.chars > 0 ? reviewsDetails.sectionInState(s.title, s.state) : reviewsDetails.sectionNotWritten(s.title)));
  if (!overrideReason) throw new ConflictError(reviewsDetails.finalNeedsApproval(names));
  if (!can(access.role, 'override_final', access)) throw new ForbiddenError(reviewsDetails.finalOverrideLeadOnly);
  return { override: finalOverridden(report, overrideReason, names, by, now), checks: [] };
}

/**
 * The report and the caller's standing on its client come from the request's context (the first attempt's
 * report); an attempt after a lost race reads the report again.
 */
export async function changeReportStatus(target: ReportInContext, status: ReportStatus, version: number | undefined, by: string, overrideReason?: string) {
  const id = target.report.id;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date().toISOString();
    let final: Awaited<ReturnType<typeof finalCheck>> = { checks: [] };
    let benchOnFinal: Awaited<ReturnType<typeof finalContribution>>;
    const before = attempt === 0 ? target.report : await findReport(id, { consistent: true });
    if (!before) throw new NotFoundError(reportsDetails.reportNotFound);
    // a Final report leaves Final only when a lead reopens it
    if (before.status === 'Final' && status !== 'Final') throw new ConflictError(reportsDetails.reportFinal);
    if (status === 'Final' && before.status !== 'Final') {
      // the sector benchmark: its scores and place, counted now if its client allows
      [final, benchOnFinal] = await Promise.all([finalCheck(before, target.client, by, overrideReason, now), finalContribution(id, before.organization_id)]);
      await assertLedgerAllowsFinal(before);
    }
    const { override, checks } = final;
    const outcome = await setReportStatus(id, status, version, {
      by,
      now,
      // the gate was read on this report as it was (and its approvals_from): the write holds only while it is unchanged
      from: (current) => current !== 'Final' || status === 'Final',
      benchmark: statusChangeContribution(status, benchOnFinal),
      audit: (was) => (override && was.status !== status ? [reportStatusChanged(was, status, by, now), override] : reportStatusChanged(was, status, by, now)),
      checks: checks.map((c) => c.item),
    });
    if (outcome.ok) {
      const { report } = outcome;
      // the client's consent may have changed since finalContribution read it (consent.ts)
      if (benchOnFinal) await settleFinalContribution(id, report.organization_id, benchOnFinal.counted);
      return { success: true as const, status: report.status, version: report.version, updated_at: report.updated_at };
    }
    if (outcome.reason === 'missing') throw new NotFoundError(reportsDetails.reportNotFound);
    if (outcome.reason === 'from') throw new ConflictError(reportsDetails.reportFinal);
    if (outcome.reason === 'stale') throw new ConflictError(reportsDetails.reportStale(outcome.current?.updated_by ?? 'someone else'));
    // a section changed after the gate read it, or the report did (another status change, a reopening): the gate
    // again names what is no longer approved (an edit approved again meanwhile lets the change be tried again)
  }
  throw new ConflictError(reportsDetails.reportStale('someone else'));
}
