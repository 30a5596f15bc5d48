import { useQuery } from '@tanstack/react-query';
import { notificationRoutes } from '@shared/api/routes/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './keys';

const getNotificationSettings = () => callApi(notificationRoutes.getNotificationSettings);

export const useNotificationSettings = (enabled: boolean) => useQuery({ queryKey: notificationKeys.settings, queryFn: getNotificationSettings, enabled });
