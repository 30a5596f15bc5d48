/**
 * The daily digest: one email per `daily` recipient with every notification queued for them since the
 * last digest, then those are taken off the queue (they stay in the inbox). Run once a day by a schedule
 * (EventBridge, infra/stacks/api-stack.ts); a run that stops half way leaves the rest queued for the next.
 */
import * as z from 'zod/mini';
import { providerName, sendMail } from '../../data/mailer';
import { digestQueuePage, markDigested } from '../../data/notifications-repo';
import { readConfig } from '../../lib/config';
import { logger } from '../../lib/logger';
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
  for (const [, items] of groupForDigest(queued)) {
    const to = items.find((n) => n.email_to)?.email_to;
    const now = new Date().toISOString();
    try {
      if (to) {
        const mail = digestEmail(items, providerName, config.APP_URL);
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
