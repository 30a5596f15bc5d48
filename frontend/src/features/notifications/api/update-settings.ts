import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@shared/api/routes/notifications';
import type { NotificationSettings } from '@shared/schemas/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './keys';

const updateNotificationSettings = (body: NotificationSettings) => callApi(notificationRoutes.updateNotificationSettings, { body });

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateNotificationSettings, onSuccess: (settings) => client.setQueryData(notificationKeys.settings, settings) });
}
