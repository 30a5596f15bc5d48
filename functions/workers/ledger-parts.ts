/**
 * The ledgerParts worker (shared/api/workers.ts): started by a section's writers (save, compose, restore, complete
 * step) with an asynchronous invocation when a changed section is too large to compute its ledger part on their
 * request. Wiring only: the event is validated, the parts are computed in functions/domain/ledger/ledger.ts.
 */
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { formatZodError } from '@shared/schemas/common';
import { LedgerPartsEvent } from '@shared/schemas/ledger';
import { computeQueuedParts } from '../domain/ledger/index';
import { logger } from '../lib/logger';

export async function handler(event: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<void> {
  return logger.withContext({ requestId: context?.awsRequestId, worker: 'ledgerParts' }, () => ledgerParts(event));
}

async function ledgerParts(event: unknown): Promise<void> {
  const parsed = z.safeParse(LedgerPartsEvent, event);
  if (!parsed.success) {
    // nothing to retry: a malformed event never becomes valid
    logger.error('ledger event refused', { problem: formatZodError(parsed.error, 'event') });
    return;
  }
  await computeQueuedParts(parsed.data.report_id, parsed.data.keys);
}
