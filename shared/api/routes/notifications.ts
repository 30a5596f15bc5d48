import { MarkedRead, NotificationList, NotificationParams, NotificationSettings, NotificationsQuery } from '@shared/schemas/notifications';
import { defineRoute, type RouteDef } from '../route-types';

/**
 * The signed-in user's own notifications and their email setting (issue 23). Only the caller's inbox
 * (`INBOX#<user>`) is ever read or written; the setting lives with their other settings (`USER#<user>` / `PREFS`).
 */
export const notificationRoutes = {
  listNotifications: defineRoute({
    id: 'listNotifications',
    method: 'GET',
    path: '/api/notifications',
    handler: 'notifications/list-notifications',
    auth: 'user',
    summary: 'The newest notifications and the unread count; with since, only those made after it (one Query: the poll)',
    bodyType: 'none',
    query: NotificationsQuery,
    response: NotificationList,
    access: { table: 'read', tableKeys: ['notifications'] },
  }),
  markNotificationRead: defineRoute({
    id: 'markNotificationRead',
    method: 'POST',
    path: '/api/notifications/{id}/read',
    handler: 'notifications/mark-read',
    auth: 'user',
    summary: 'Mark one notification read (again: no change)',
    bodyType: 'none',
    params: NotificationParams,
    response: MarkedRead,
    access: { table: 'readwrite', tableKeys: ['notifications'] },
  }),
  markAllNotificationsRead: defineRoute({
    id: 'markAllNotificationsRead',
    method: 'POST',
    path: '/api/notifications/read-all',
    handler: 'notifications/mark-all-read',
    auth: 'user',
    summary: 'Mark every notification read (one write)',
    bodyType: 'none',
    response: MarkedRead,
    access: { table: 'readwrite', tableKeys: ['notifications'] },
  }),
  getNotificationSettings: defineRoute({
    id: 'getNotificationSettings',
    method: 'GET',
    path: '/api/notifications/settings',
    handler: 'notifications/get-settings',
    auth: 'user',
    summary: 'How the caller is emailed about notifications: immediately, daily (a digest) or off',
    bodyType: 'none',
    response: NotificationSettings,
    access: { table: 'read', tableKeys: ['profiles'] },
  }),
  updateNotificationSettings: defineRoute({
    id: 'updateNotificationSettings',
    method: 'PUT',
    path: '/api/notifications/settings',
    handler: 'notifications/update-settings',
    auth: 'user',
    summary: 'Set how the caller is emailed about notifications',
    body: NotificationSettings,
    response: NotificationSettings,
    access: { table: 'readwrite', tableKeys: ['profiles'] },
  }),
} as const satisfies Record<string, RouteDef>;
