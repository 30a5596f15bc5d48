/**
 * Where a notification (or a comment) leads in the app: a section's comments in the editor, or a
 * wizard step's item. Shared by the bell (SPA) and the emails (functions).
 */
import { APP_BASE } from '../constants';

export interface LinkTarget {
  section?: string;
  step?: string;
  item?: string;
  comment?: string;
}

export function notificationPath(reportId: string, target: LinkTarget): string {
  const q = new URLSearchParams({ report: reportId });
  if (target.step) {
    if (target.item) q.set('item', target.item);
    if (target.comment) q.set('comment', target.comment);
    return `${APP_BASE}/wizards/${encodeURIComponent(target.step)}?${q.toString()}`;
  }
  if (target.section) q.set('section', target.section);
  if (target.comment) q.set('comment', target.comment);
  return `${APP_BASE}/editor?${q.toString()}`;
}
