/**
 * A report's activity feed: the audit entries kept under the report, newest first, a page at a time,
 * each with the display name of whoever did it (one profile read per person on the page).
 */
import { systemDetails } from '@shared/messages/system';
import type { ActivityPage } from '@shared/schemas/activity';
import { listAudit } from '../../data/audit-repo';
import { InvalidCursorError } from '../../data/cursor';
import { getProfile } from '../../data/users-repo';
import { BadRequestError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';

const ACTIVITY_PAGE = 30;

export async function reportActivity({ report }: ReportInContext, query: { limit?: number; cursor?: string }): Promise<ActivityPage> {
  const reportId = report.id;
  let page: Awaited<ReturnType<typeof listAudit>>;
  try {
    page = await listAudit('report', reportId, Math.min(100, Math.max(1, query.limit ?? ACTIVITY_PAGE)), query.cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
  const people = [...new Set(page.items.map((e) => e.user))];
  const names = new Map(await Promise.all(people.map(async (u) => [u, (await getProfile(u))?.name ?? u] as const)));
  return {
    items: page.items.map((e) => ({ id: e.id, at: e.at, user: e.user, user_name: names.get(e.user) ?? e.user, action: e.action, target_title: e.target.title, detail: e.detail })),
    next_cursor: page.next_cursor,
  };
}
