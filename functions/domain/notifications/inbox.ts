/**
 * The bell: the caller's notifications, the cheap poll, marking read, and the email setting. Only the
 * caller's own inbox is reachable: the username comes from the session, never from the request. A notification
 * about a client the caller may no longer read (taken off its team, the client made confidential or deleted) is
 * not shown: the caller's standing on the clients of a page is read in one batch.
 */
import type { Notification, NotificationList, NotificationSettings } from '@shared/schemas/notifications';
import { inboxState, markAllNotificationsRead, markNotificationRead, readInbox, type StoredNotification } from '../../data/notifications-repo';
import { getNotificationEmailSetting, putNotificationEmailSetting } from '../../data/preferences-repo';
import { mayReadClients } from '../access';
import { emailSettingOf, madeAt } from './rules';

/** The newest this many on a first load; a poll answers at most this many new ones. */
const INBOX_PAGE = 30;

const wire = ({ id, kind, actor, report_id, org_id, target, text, created_at, read }: StoredNotification): Notification => ({ id, kind, actor, report_id, org_id, target, text, created_at, read });

export async function listNotifications(username: string, since: string | undefined): Promise<NotificationList> {
  const { items, state } = await readInbox(username, { limit: INBOX_PAGE, ...(since ? { since } : {}) });
  const mayRead = await mayReadClients([...new Set(items.map((n) => n.org_id))].map((organizationId) => ({ organizationId, username })));
  const shown = items.filter((n) => mayRead({ organizationId: n.org_id, username }));
  // the unread count leaves out the unread ones withheld here (never fewer than those shown unread)
  const withheldUnread = items.filter((n) => !n.read).length - shown.filter((n) => !n.read).length;
  const unread = Math.max(shown.filter((n) => !n.read).length, state.unread - withheldUnread);
  // the poll goes on from the newest read, shown or not (what is withheld is not asked for again)
  return { items: shown.map(wire), unread, latest: items[0]?.created_at ?? since ?? null };
}

export async function markRead(username: string, id: string): Promise<{ success: true; unread: number }> {
  const at = madeAt(id.toLowerCase());
  if (at) await markNotificationRead(username, at, id.toLowerCase(), new Date().toISOString());
  return { success: true, unread: (await inboxState(username)).unread };
}

export async function markAllRead(username: string): Promise<{ success: true; unread: number }> {
  await markAllNotificationsRead(username, new Date().toISOString());
  return { success: true, unread: 0 };
}

export async function getSettings(username: string): Promise<NotificationSettings> {
  return { email: emailSettingOf(await getNotificationEmailSetting(username)) };
}

export async function updateSettings(username: string, settings: NotificationSettings): Promise<NotificationSettings> {
  await putNotificationEmailSetting(username, settings.email);
  return settings;
}
