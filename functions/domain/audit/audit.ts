import { organizationsDetails } from '@shared/messages/organizations';
import { systemDetails } from '@shared/messages/system';
import { listAudit } from '../../data/audit-repo';
import { InvalidCursorError } from '../../data/cursor';
import { getOrganization } from '../../data/organizations-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';

async function page(kind: 'report' | 'organization', id: string, query: { limit?: number; cursor?: string }) {
  try {
    return await listAudit(kind, id, Math.min(100, Math.max(1, query.limit ?? 50)), query.cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}

export async function reportAudit({ report }: ReportInContext, query: { limit?: number; cursor?: string }) {
  return page('report', report.id, query);
}

/** An organization's log outlives it: after its deletion the entries (the deletion among them) stay readable. */
export async function organizationAudit(id: string, query: { limit?: number; cursor?: string }) {
  const result = await page('organization', id, query);
  if (!result.items.length && !query.cursor && !(await getOrganization(id))) throw new NotFoundError(organizationsDetails.organizationNotFound);
  return result;
}
