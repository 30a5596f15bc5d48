import { notificationRoutes } from '@shared/api/routes/notifications';
import { listNotifications } from '../../domain/notifications/inbox';
import { api } from '../api';

export const handler = api(notificationRoutes.listNotifications).handler(async ({ input, user }) => listNotifications(user.username, input.query.since));
