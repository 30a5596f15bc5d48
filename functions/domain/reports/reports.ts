import { randomUUID } from 'node:crypto';
import type { ReportStatus } from '@shared/domain/options';
import { reportsDetails } from '@shared/messages/reports';
import { systemDetails } from '@shared/messages/system';
import type { CreatedResponse } from '@shared/schemas/organizations';
import type { CreateReportBody, Report, ReportPage } from '@shared/schemas/reports';
import { InvalidCursorError } from '../../data/cursor';
import { putAudit } from '../../data/audit-repo';
import { getReportOrder as readReportOrder, putReportOrder } from '../../data/preferences-repo';
import { insertReport, listReports as queryReports, OrganizationMissingError, replaceReportFields, withoutClients } from '../../data/reports-repo';
import { clientCounts } from '../../data/teams-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { listingScopeOf, type ListingScope } from '../access/access';
import { reportUpdated } from '../audit/change-entries';

/** A page of the reports the caller may see, and the counts of those (confidential clients they are not on left out). */
export async function listReports(username: string, limit: number, cursor?: string, status?: ReportStatus, read?: ListingScope): Promise<ReportPage> {
  try {
    const scope = read ?? (await listingScopeOf(username));
    // the list of confidential clients keeps their counts; one made confidential before it did is read on its own
    const unlisted = scope.hidden.filter((id) => !scope.counts.has(id));
    const listed = scope.hidden.flatMap((id) => {
      const c = scope.counts.get(id);
      return c ? [{ report_count: c[0], draft: c[1], in_review: c[2], final: c[3] }] : [];
    });
    const [page, unlistedCounts] = await Promise.all([
      queryReports(limit, cursor, status, { hidden: new Set(scope.hidden), own: scope.own, newest: scope.newest }),
      unlisted.length ? clientCounts(unlisted) : [],
    ]);
    const counts = withoutClients(page.counts, [...listed, ...unlistedCounts]);
    return { ...page, counts, total: counts.total };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}

/** GET /api/reports/{id}: the report as the request's access check read it. */
export function getReport({ report }: ReportInContext): Report {
  return report;
}

export async function createReport(input: CreateReportBody, by: string): Promise<CreatedResponse> {
  try {
    const report = await insertReport({ ...input, id: randomUUID(), by, now: new Date().toISOString() });
    return { success: true, id: report.id, version: report.version };
  } catch (error) {
    if (error instanceof OrganizationMissingError) throw new BadRequestError(reportsDetails.reportOrganizationMissing);
    throw error;
  }
}

export async function updateReport(id: string, input: { title: string; owner: string; version: number }, by: string) {
  const now = new Date().toISOString();
  const outcome = await replaceReportFields(id, { ...input, by, now });
  if (outcome.ok) {
    // a single conditional update: its entry is written right after it succeeded
    await putAudit(reportUpdated(outcome.previous, input, by, now));
    return { success: true as const, version: outcome.report.version };
  }
  if (outcome.reason === 'missing') throw new NotFoundError(reportsDetails.reportNotFound);
  if (outcome.reason === 'final') throw new ConflictError(reportsDetails.reportFinal);
  throw new ConflictError(reportsDetails.reportStale(outcome.current?.updated_by ?? 'someone else'));
}

export async function getReportOrder(username: string) {
  return { report_ids: await readReportOrder(username) };
}

export async function saveReportOrder(username: string, ids: string[]) {
  const unique = [...new Set(ids)];
  await putReportOrder(username, unique);
  return { report_ids: unique };
}

