import { notificationRoutes } from '@shared/api/routes/notifications';
import { markRead } from '../../domain/notifications/inbox';
import { api } from '../api';

export const handler = api(notificationRoutes.markNotificationRead).handler(async ({ input, user }) => markRead(user.username, input.params.id));
