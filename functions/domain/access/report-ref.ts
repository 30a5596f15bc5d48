/**
 * A report an operation is given by id must exist (404 otherwise): the request's access check read it (or
 * answered 404). A placeholder id (evidence added in the wizard before setup, which no report holds yet) always
 * does.
 */
import { isPlaceholder } from '@shared/domain/placeholder';
import type { RequestContext } from '../../lib/middleware/types';
import { reportInContext } from './access';

/** Throws 404 for a report id the request's context does not hold; placeholders are always fine. */
export function assertReportRef(context: RequestContext, ref: string): void {
  if (isPlaceholder(ref)) return;
  reportInContext(context, ref);
}
