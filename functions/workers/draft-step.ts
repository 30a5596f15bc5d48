/**
 * The draftStep worker (shared/api/workers.ts): started by POST …/draft with an asynchronous invocation.
 * Wiring only: the event is validated, the job runs in functions/domain/ai/drafting/run-draft-job.ts.
 */
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { formatZodError } from '@shared/schemas/common';
import { DraftJobEvent } from '@shared/schemas/report-document';
import { runDraftJob } from '../domain/ai/drafting/run-draft-job';
import { logger } from '../lib/logger';

export async function handler(event: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<void> {
  return logger.withContext({ requestId: context?.awsRequestId, worker: 'draftStep' }, () => draftStep(event));
}

async function draftStep(event: unknown): Promise<void> {
  const parsed = z.safeParse(DraftJobEvent, event);
  if (!parsed.success) {
    // nothing to retry: a malformed event never becomes valid
    logger.error('draft event refused', { problem: formatZodError(parsed.error, 'event') });
    return;
  }
  await runDraftJob(parsed.data);
}
