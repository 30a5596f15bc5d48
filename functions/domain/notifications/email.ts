/**
 * The words of notification emails: one per notification for `immediately`, one digest a day for
 * `daily`. Pure: the digest worker and notify() hand these to the mailer.
 */
import { notificationPath } from '@shared/domain/notification-link';
import type { NotificationKind, NotificationTarget } from '@shared/schemas/notifications';

export interface MailableNotification {
  id: string;
  recipient: string;
  kind: NotificationKind;
  actor: { id: string; name: string };
  report_id: string;
  target: NotificationTarget;
  text: string;
  created_at: string;
}

const HEADLINE: Record<NotificationKind, (actor: string) => string> = {
  mention: (a) => `${a} mentioned you`,
  review_requested: (a) => `${a} asked you to review`,
  review_approved: (a) => `${a} approved your work`,
  changes_requested: (a) => `${a} requested changes`,
  assigned: (a) => `${a} assigned you`,
  reply: (a) => `${a} replied in your thread`,
};

const headline = (n: Pick<MailableNotification, 'kind' | 'actor'>): string => HEADLINE[n.kind](n.actor.name);

/** The text of a notification, one line, bounded (an email quotes it; the bell shows it whole). */
const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 280 ? `${line.slice(0, 279)}…` : line;
};

const link = (appUrl: string, n: MailableNotification) => `${appUrl.replace(/\/$/, '')}${notificationPath(n.report_id, n.target)}`;

export function notificationEmail(n: MailableNotification, provider: string, appUrl: string): { subject: string; text: string } {
  return {
    subject: `${headline(n)} in ${provider}`,
    text: [`${headline(n)}:`, '', quote(n.text), '', `Open it: ${link(appUrl, n)}`, '', 'You can change how you are notified in your settings.'].join('\n'),
  };
}

/** A day's notifications per recipient, oldest first (what one digest email holds). */
export function groupForDigest<T extends Pick<MailableNotification, 'recipient' | 'created_at' | 'id'>>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const n of items) {
    const list = out.get(n.recipient);
    if (list) list.push(n);
    else out.set(n.recipient, [n]);
  }
  for (const list of out.values()) list.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return out;
}

export function digestEmail(items: readonly MailableNotification[], provider: string, appUrl: string): { subject: string; text: string } {
  const count = items.length;
  const lines = items.flatMap((n) => [`- ${headline(n)}: ${quote(n.text)}`, `  ${link(appUrl, n)}`]);
  return {
    subject: `${count} ${count === 1 ? 'notification' : 'notifications'} in ${provider} today`,
    text: [`Your daily digest: ${count} ${count === 1 ? 'notification' : 'notifications'}.`, '', ...lines, '', 'You can change how you are notified in your settings.'].join('\n'),
  };
}
