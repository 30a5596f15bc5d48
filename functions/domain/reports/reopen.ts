/**
 * POST /api/reports/{id}/reopen: the only way out of Final, a lead's (the route's `clientAction`), with a reason.
 * The report moves back to In Review, audited with its reason; its contribution to the sector benchmark is taken
 * out (it is no longer Final); and every approval is taken back (the report's `approvals_from`: approvals given
 * before it no longer count, functions/domain/reviews/section-state.ts), so its sections need approving again before
 * it is Final again.
 */
import { reportsDetails } from '@shared/messages/reports';
import { setReportStatus } from '../../data/reports-repo';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { reportReopened, reportStatusChanged } from '../audit/change-entries';
import { statusChangeContribution } from '../benchmarks/contribution';

/** 409 when the report is not Final (read and held in the same write, on the report's version). */
export async function reopenReport(target: ReportInContext, reason: string, by: string) {
  const id = target.report.id;
  const now = new Date().toISOString();
  const outcome = await setReportStatus(id, 'In Review', undefined, {
    by,
    now,
    from: (current) => current === 'Final',
    fields: { approvals_from: now },
    benchmark: statusChangeContribution('In Review', undefined),
    audit: (was) => [reportStatusChanged(was, 'In Review', by, now), reportReopened(was, reason, by, now)],
  });
  if (outcome.ok) return { success: true as const, status: outcome.report.status, version: outcome.report.version, updated_at: outcome.report.updated_at };
  if (outcome.reason === 'missing') throw new NotFoundError(reportsDetails.reportNotFound);
  if (outcome.reason === 'from') throw new ConflictError(reportsDetails.reportNotFinal);
  throw new ConflictError(reportsDetails.reportStale((outcome.reason === 'stale' && outcome.current?.updated_by) || 'someone else'));
}
