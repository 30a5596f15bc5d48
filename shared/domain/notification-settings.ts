/**
 * The notification kinds, email settings and poll interval, apart from the zod schemas in
 * shared/schemas/notifications.ts (which re-exports them): the SPA's bell, on every page, reads these values
 * without building the schemas.
 */

/** `reply`: someone replied in a comment thread the recipient wrote in or was mentioned in */
export const NOTIFICATION_KINDS = ['mention', 'review_requested', 'review_approved', 'changes_requested', 'assigned', 'reply'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** immediately: one email per notification; daily: one digest a day of those not yet mailed; off: none */
export const EMAIL_SETTINGS = ['immediately', 'daily', 'off'] as const;
export type EmailSetting = (typeof EMAIL_SETTINGS)[number];
export const DEFAULT_EMAIL_SETTING: EmailSetting = 'immediately';

/** How often the SPA's bell asks for what is new (bench/suites/notifications.ts measures its cost). */
export const NOTIFICATION_POLL_MS = 30_000;
