/**
 * The wiring every background worker shares (shared/api/workers.ts): the invocation's request id and the worker's
 * name in the log context, the event validated with its schema, and the work run on the parsed event. A malformed
 * event is logged and dropped: nothing to retry, it never becomes valid.
 */
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { formatZodError } from '@shared/schemas/common';
import { logger } from './logger';

/** `worker`: its id; `what`: what its event asks for, as its refusal is logged ("export event refused"). */
export function workerHandler<S extends z.ZodMiniType>(worker: string, what: string, schema: S, run: (event: z.infer<S>) => Promise<void>) {
  return (event: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<void> =>
    logger.withContext({ requestId: context?.awsRequestId, worker }, async () => {
      const parsed = z.safeParse(schema, event);
      if (!parsed.success) {
        logger.error(`${what} event refused`, { problem: formatZodError(parsed.error, 'event') });
        return;
      }
      await run(parsed.data);
    });
}
