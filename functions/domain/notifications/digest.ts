/**
 * The daily digest: one email per recipient with every notification queued for them since the last digest (their
 * setting is `daily`, or their hourly cap of emails was reached), then those are taken off the queue (they stay in
 * the inbox). Each recipient's standing on the clients of what is queued is read again first (one batch for the
 * run): what they may no longer read is taken off the queue unmailed. Run once a day by a schedule (EventBridge,
 * infra/stacks/api-stack.ts); a run that stops half way leaves the rest queued for the next.
 */
import * as z from 'zod/mini';
import { providerName, sendMail } from '../../data/mailer';
import { digestQueuePage, markDigested } from '../../data/notifications-repo';
import { readConfig } from '../../lib/config';
import { logger } from '../../lib/logger';
import { mayReadClients } from '../access';
import { digestEmail, groupForDigest } from './email';

const config = readConfig({ APP_URL: z._default(z.string(), '') });

/** At most this many queued notifications per run (the next run takes the rest). */
const DIGEST_MAX_PER_RUN = 10_000;

export interface DigestRun {
  recipients: number;
  notifications: number;
  failed: number;
}

export async function runDigest(): Promise<DigestRun> {
  const queued: Awaited<ReturnType<typeof digestQueuePage>>['items'] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await digestQueuePage(500, start);
    queued.push(...page.items);
    start = page.next;
  } while (start && queued.length < DIGEST_MAX_PER_RUN);

  const run: DigestRun = { recipients: 0, notifications: 0, failed: 0 };
  const pairs = new Map(queued.map((n) => [`${n.org_id}\u0000${n.recipient}`, { organizationId: n.org_id, username: n.recipient }]));
  const mayRead = await mayReadClients([...pairs.values()]);
  for (const [, items] of groupForDigest(queued)) {
    const to = items.find((n) => n.email_to)?.email_to;
    const readable = items.filter((n) => mayRead({ organizationId: n.org_id, username: n.recipient }));
    const now = new Date().toISOString();
    try {
      if (to && readable.length) {
        const mail = digestEmail(readable, providerName, config.APP_URL);
        await sendMail(to, mail.subject, mail.text);
      }
      await Promise.all(items.map((n) => markDigested(n.key, now)));
      run.recipients += 1;
      run.notifications += items.length;
    } catch (error) {
      // left queued: the next run mails them
      run.failed += 1;
      logger.error('digest not mailed', { error: error instanceof Error ? error.name : 'unknown', count: items.length });
    }
  }
  return run;
}
