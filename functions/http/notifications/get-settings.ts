import { notificationRoutes } from '@shared/api/routes/notifications';
import { getSettings } from '../../domain/notifications/inbox';
import { api } from '../api';

export const handler = api(notificationRoutes.getNotificationSettings).handler(async ({ user }) => getSettings(user.username));
