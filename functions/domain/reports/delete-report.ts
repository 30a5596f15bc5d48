import { keys } from '../../data/keys';
import { deletePrefix } from '../../data/object-store';
import { deleteItems, listReportChildren, removeReportRecord } from '../../data/reports-repo';
import type { ReportInContext } from '../../lib/middleware/types';
import { reportDeleted } from '../audit/change-entries';
import { deletionContribution } from '../benchmarks/contribution';

/**
 * Deletes a report and everything under it, in an order that never leaves an orphan: first its files
 * (all under the report's S3 prefix), then its child items (progress, evidence, sections…), and last
 * the report record with its counts. If anything fails midway the report still exists and the delete
 * can simply be repeated. The report is the one the request's access check read.
 */
export async function deleteReport({ report }: ReportInContext, by: string): Promise<{ success: true }> {
  const id = report.id;
  await deletePrefix(keys.reportObjectPrefix(id));
  await deleteItems(await listReportChildren(id));
  await removeReportRecord(report.id, (current) => reportDeleted(current, by, new Date().toISOString()), deletionContribution);
  return { success: true };
}

