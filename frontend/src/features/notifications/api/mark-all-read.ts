import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@shared/api/routes/notifications';
import type { NotificationList } from '@shared/schemas/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './keys';

const markAllNotificationsRead = () => callApi(notificationRoutes.markAllNotificationsRead);

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      client.setQueryData<NotificationList>(notificationKeys.feed, (feed) => feed && { ...feed, unread: 0, items: feed.items.map((n) => ({ ...n, read: true })) });
    },
  });
}
