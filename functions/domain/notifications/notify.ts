/**
 * notify() (the one call every part that notifies makes): tells people that something
 * needs them. For each recipient but the actor who may read the client now (their standing read again here, in one
 * batch for all of them: a notification follows access, whoever asked for it), once each: a notification in their
 * inbox (kept 90 days), counted unread, and an email as their setting says: `immediately` one now (through SES), at
 * most NOTIFICATION_MAILS_PER_HOUR an hour (past it the notification waits for the digest, however many people
 * mention them), `daily` queued for the digest (functions/workers/notification-digest.ts), `off` none.
 *
 * A route that notifies declares `tableKeys: [..., 'notifications']` and `email: true`; it reads the recipient's
 * profile and settings with GetItem, which every signed-in function may do on `USER#` (the session check's
 * read-only grant), and writes only their inbox (`INBOX#`), never their profile.
 */
import * as z from 'zod/mini';
import { providerName, sendMail } from '../../data/mailer';
import { putNotification, type NewNotification } from '../../data/notifications-repo';
import { getNotificationEmailSetting } from '../../data/preferences-repo';
import { getProfile } from '../../data/users-repo';
import { readConfig } from '../../lib/config';
import { logger } from '../../lib/logger';
import { uuidv7 } from '../../lib/uuidv7';
import { mayReadClients } from '../access';
import { mailWithinHourlyCap } from '../limits';
import { notificationEmail } from './email';
import { emailSettingOf, recipientsOf } from './rules';

/** What a notifying operation says: the stored notification's fields, for several recipients at once. */
export type NotifyInput = Omit<NewNotification, 'recipient' | 'id' | 'at' | 'email'> & { recipients: string[] };

const config = readConfig({
  /** the app's origin for links in emails (e.g. https://assay.example.com); empty: links are paths */
  APP_URL: z._default(z.string(), ''),
});

/** Longest notification text kept (a comment's text is quoted, not stored twice in full). */
const NOTIFICATION_TEXT_MAX = 500;

async function notifyOne(recipient: string, input: NotifyInput, text: string): Promise<void> {
  const [profile, stored] = await Promise.all([getProfile(recipient), getNotificationEmailSetting(recipient)]);
  // an account that is not active (deactivated, unconfirmed, unknown) is not notified
  if (!profile) return;
  const chosen = emailSettingOf(stored);
  // an email now only within the recipient's hourly cap: past it, the daily digest takes it
  const setting = chosen === 'immediately' && profile.email && !(await mailWithinHourlyCap(recipient)) ? 'daily' : chosen;
  const now = Date.now();
  const n = { id: uuidv7(now), at: new Date(now).toISOString() };
  await putNotification({
    recipient,
    ...n,
    kind: input.kind,
    actor: input.actor,
    report_id: input.report_id,
    org_id: input.org_id,
    target: input.target,
    text,
    email: { setting, ...(setting === 'daily' && profile.email ? { to: profile.email } : {}) },
  });
  if (setting !== 'immediately' || !profile.email) return;
  const mail = notificationEmail({ ...input, id: n.id, recipient, text, created_at: n.at }, providerName, config.APP_URL);
  try {
    await sendMail(profile.email, mail.subject, mail.text);
  } catch (error) {
    // the notification is in the inbox either way; a mail that cannot be sent must not undo the comment or review
    logger.error('notification not mailed', { error: error instanceof Error ? error.name : 'unknown', kind: input.kind });
  }
}

export async function notify(input: NotifyInput): Promise<void> {
  const text = [...input.text].slice(0, NOTIFICATION_TEXT_MAX).join('');
  const recipients = recipientsOf(input);
  const mayRead = await mayReadClients(recipients.map((username) => ({ organizationId: input.org_id, username })));
  await Promise.all(recipients.filter((username) => mayRead({ organizationId: input.org_id, username })).map((r) => notifyOne(r, input, text)));
}
