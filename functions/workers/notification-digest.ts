/**
 * The notificationDigest worker (shared/api/workers.ts): started once a day by an EventBridge schedule (locally:
 * the gateway's Lambda Invoke API). Wiring only: the digest is functions/domain/notifications/digest.ts.
 */
import type { Context } from 'aws-lambda';
import { runDigest, type DigestRun } from '../domain/notifications/digest';
import { logger } from '../lib/logger';

export async function handler(_event: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<DigestRun> {
  return logger.withContext({ requestId: context?.awsRequestId, worker: 'notificationDigest' }, async () => {
    const run = await runDigest();
    logger.info('digest sent', { ...run });
    return run;
  });
}
