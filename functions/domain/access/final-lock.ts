/**
 * Final means final: a Final report is read-only until a lead reopens it (functions/domain/reports/change-status.ts).
 * Every change of what it holds is refused with 409 and a detail that says to reopen it. Two checks, for two
 * reasons: `assertNotFinal` refuses at once on the report the request's access check read (strongly consistent),
 * before any work; the write itself carries the condition on the report's status in its own transaction
 * (functions/data/report-lock-repo.ts), and `whileOpen` turns that condition failing into the same answer, so a
 * change racing the report's move to Final never lands after it.
 */
import { reportsDetails } from '@shared/messages/reports';
import type { Report } from '@shared/schemas/reports';
import { ReportFinalError, reportIsFinal } from '../../data/report-lock-repo';
import { ConflictError, NotFoundError } from '../../lib/errors';

/** 409 when the report, as the request read it, is Final. */
export function assertNotFinal(report: Pick<Report, 'status'>): void {
  if (report.status === 'Final') throw new ConflictError(reportsDetails.reportFinal);
}

/** The answer to a write whose open check failed: 409 when the report is Final, 404 when it was deleted meanwhile. */
export async function closedReportError(reportId: string): Promise<Error> {
  return (await reportIsFinal(reportId)) ? new ConflictError(reportsDetails.reportFinal) : new NotFoundError(reportsDetails.reportNotFound);
}

/** Runs a write that carries the report's open check; its failing is answered as closedReportError says. */
export async function whileOpen<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ReportFinalError)) throw error;
    throw await closedReportError(error.reportId);
  }
}
