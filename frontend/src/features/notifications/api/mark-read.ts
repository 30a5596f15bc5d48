import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@shared/api/routes/notifications';
import type { NotificationList } from '@shared/schemas/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './keys';

const markNotificationRead = (id: string) => callApi(notificationRoutes.markNotificationRead, { params: { id } });

/** Marks one read: shown read at once, the count from the answer. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      client.setQueryData<NotificationList>(notificationKeys.feed, (feed) => feed && { ...feed, items: feed.items.map((n) => (n.id === id ? { ...n, read: true } : n)) });
    },
    onSuccess: ({ unread }) => {
      client.setQueryData<NotificationList>(notificationKeys.feed, (feed) => feed && { ...feed, unread });
    },
  });
}
