import { notificationRoutes } from '@shared/api/routes/notifications';
import { updateSettings } from '../../domain/notifications/inbox';
import { api } from '../api';

export const handler = api(notificationRoutes.updateNotificationSettings).handler(async ({ input, user }) => updateSettings(user.username, input.body));
