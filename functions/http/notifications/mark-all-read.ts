import { notificationRoutes } from '@shared/api/routes/notifications';
import { markAllRead } from '../../domain/notifications/inbox';
import { api } from '../api';

export const handler = api(notificationRoutes.markAllNotificationsRead).handler(async ({ user }) => markAllRead(user.username));
