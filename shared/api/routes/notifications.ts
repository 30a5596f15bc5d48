import { MarkedRead, NotificationList, NotificationParams, NotificationSettings, NotificationsQuery } from '@shared/schemas/notifications';
import { defineRoute, routeTable } from '../route-types';

/**
 * The signed-in user's own notifications and their email setting. Only the caller's inbox
 * (`INBOX#<user>`) is ever read or written; the setting lives with their other settings (`USER#<user>` / `PREFS`).
 */
export const notificationRoutes = routeTable({
  listNotifications: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    handler: 'notifications/list-notifications',
    summary: 'The newest notifications and the unread count; with since, only those made after it (one Query: the poll); only those about clients the caller may still read',
    query: NotificationsQuery,
    response: NotificationList,
    access: { table: 'read', tableKeys: ['notifications', 'clientStanding'] },
  }),
  markNotificationRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/{id}/read',
    handler: 'notifications/mark-read',
    summary: 'Mark one notification read (again: no change)',
    bodyType: 'none',
    params: NotificationParams,
    response: MarkedRead,
    access: { table: 'readwrite', tableKeys: ['notifications'] },
  }),
  markAllNotificationsRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    handler: 'notifications/mark-all-read',
    summary: 'Mark every notification read (one write)',
    bodyType: 'none',
    response: MarkedRead,
    access: { table: 'readwrite', tableKeys: ['notifications'] },
  }),
  getNotificationSettings: defineRoute({
    method: 'GET',
    path: '/api/notifications/settings',
    handler: 'notifications/get-settings',
    summary: 'How the caller is emailed about notifications: immediately, daily (a digest) or off',
    response: NotificationSettings,
    access: { table: 'read', tableKeys: ['profiles'] },
  }),
  updateNotificationSettings: defineRoute({
    method: 'PUT',
    path: '/api/notifications/settings',
    handler: 'notifications/update-settings',
    summary: 'Set how the caller is emailed about notifications',
    body: NotificationSettings,
    response: NotificationSettings,
    access: { table: 'readwrite', tableKeys: ['profiles'] },
  }),
});
