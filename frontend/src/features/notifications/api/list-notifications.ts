import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@shared/api/routes/notifications';
import { NOTIFICATION_POLL_MS } from '@shared/domain/notification-settings';
import type { Notification, NotificationList } from '@shared/schemas/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './keys';

const listNotifications = (since?: string) => callApi(notificationRoutes.listNotifications, { query: since ? { since } : {} });

/** How often the bell asks for what is new (a poll with nothing new is one small read on the server). */
const POLL_MS = NOTIFICATION_POLL_MS;
/** At most this many notifications are kept in the list. */
const KEEP = 100;

/** The new ones first, without duplicates (a poll may repeat one the list has). */
function mergeFeed(current: NotificationList | undefined, delta: NotificationList): NotificationList {
  if (!current) return delta;
  const seen = new Set(delta.items.map((n) => n.id));
  const items: Notification[] = [...delta.items, ...current.items.filter((n) => !seen.has(n.id))].slice(0, KEEP);
  return { items, unread: delta.unread, latest: delta.latest ?? current.latest };
}

/**
 * The bell's list: loaded once, then every POLL_MS only what is newer than the newest it has (`since`), merged in;
 * never the whole list again. React Query stops polling while the tab is hidden and polls on return.
 */
export function useNotificationFeed() {
  const client = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.feed,
    queryFn: async () => {
      const current = client.getQueryData<NotificationList>(notificationKeys.feed);
      if (!current) return listNotifications();
      return mergeFeed(current, await listNotifications(current.latest ?? undefined));
    },
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: POLL_MS,
  });
}
