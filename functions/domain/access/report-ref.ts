/**
 * A report an operation is given by id must exist (404 otherwise). A placeholder id (evidence added in the
 * wizard before setup, which no report holds yet) always does.
 */
import { reportsDetails } from '@shared/messages/reports';
import { isPlaceholder } from '@shared/domain/placeholder';
import { getReport } from '../../data/reports-repo';
import { NotFoundError } from '../../lib/errors';

/** Throws 404 for a report id that does not exist; placeholders are always fine. */
export async function assertReportRef(ref: string): Promise<void> {
  if (isPlaceholder(ref)) return;
  if (!(await getReport(ref))) throw new NotFoundError(reportsDetails.reportNotFound);
}
