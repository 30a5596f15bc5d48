/**
 * The exportReport worker (shared/api/workers.ts): started by POST …/exports with an asynchronous invocation.
 * Wiring only: the event is validated, the job runs in functions/domain/exports/run-export.ts.
 */
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { formatZodError } from '@shared/schemas/common';
import { ExportJobEvent } from '@shared/schemas/exports';
import { runExport } from '../domain/exports/run-export';
import { logger } from '../lib/logger';

export async function handler(event: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<void> {
  return logger.withContext({ requestId: context?.awsRequestId, worker: 'exportReport' }, () => exportReport(event));
}

async function exportReport(event: unknown): Promise<void> {
  const parsed = z.safeParse(ExportJobEvent, event);
  if (!parsed.success) {
    // nothing to retry: a malformed event never becomes valid
    logger.error('export event refused', { problem: formatZodError(parsed.error, 'event') });
    return;
  }
  await runExport(parsed.data);
}
