/**
 * Notifications: what the bell lists (mentions, review requests, approvals, requested changes,
 * assignments, replies in one's comment threads) and each person's email setting. Items are `USER#id` / `NOTIF#<ts>#<id>`, kept 90 days.
 */
import * as z from 'zod/mini';

import { EMAIL_SETTINGS, NOTIFICATION_KINDS } from '../domain/notification-settings';

export { DEFAULT_EMAIL_SETTING, EMAIL_SETTINGS, NOTIFICATION_POLL_MS } from '../domain/notification-settings';
export type { EmailSetting, NotificationKind } from '../domain/notification-settings';

/** Where a notification points: the section of the editor, or the wizard step's item, the comment or review. */
export const NotificationTarget = z.object({
  section: z.optional(z.string()),
  step: z.optional(z.string()),
  item: z.optional(z.string()),
  comment: z.optional(z.string()),
  review: z.optional(z.string()),
});
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: z.object({ id: z.string(), name: z.string() }),
  report_id: z.string(),
  org_id: z.string(),
  target: NotificationTarget,
  text: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/** An ISO time (`2026-03-01T09:30:00.000Z`): the newest `created_at` the client already has. */
const isoTime = z.string().check(
  z.maxLength(40, 'since must be a time such as 2026-03-01T09:30:00.000Z'),
  z.refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(v) && !Number.isNaN(Date.parse(v)), 'since must be a time such as 2026-03-01T09:30:00.000Z'),
);

/** GET /api/notifications: without `since` the newest page; with it only what is newer (the cheap poll). */
export const NotificationsQuery = z.object({ since: z.optional(isoTime) });
export const NotificationList = z.object({
  items: z.array(Notification),
  unread: z.number(),
  /** the newest `created_at` the caller has now: the next poll's `since` */
  latest: z.nullable(z.string()),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationParams = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'id must be a notification id')),
});
export const MarkedRead = z.object({ success: z.literal(true), unread: z.number() });

export const NotificationSettings = z.object({
  email: z.enum(EMAIL_SETTINGS, { error: `email must be one of: ${EMAIL_SETTINGS.join(', ')}` }),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
