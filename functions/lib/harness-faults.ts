/**
 * Fault injection for the local harness, through the AWS SDK's own middleware stack: only when the harness
 * sets ASSAY_HARNESS_FAULTS=true (never in a deployed function), each client asks the fault table the local
 * gateway keeps (infra/local/faults.ts, filled by tests through its harness-only control endpoint) whether this
 * call should fail, and fails it the way the SDK would: a service error (503 or throttling, as the SDK
 * surfaces them once its retries are spent), a request timeout, or a crash thrown asynchronously from an
 * event emitter. Our code is not mocked: the handler sees what the SDK would give it. The same table keeps the
 * harness's command log (infra/local/command-log.ts): the calls made while a test records them, with their keys;
 * and refuses, with S3's AccessDenied, a call outside its function's grant of the evidence bucket
 * (infra/local/bucket-grants.ts).
 */
import { EventEmitter } from 'node:events';
import { logger } from './logger';

export type HarnessService = 'dynamodb' | 's3' | 'ses' | 'cognito';

export interface HarnessFault {
  /** `denied`: the call is outside the function's grant (the harness plays IAM for the evidence bucket) */
  kind: 'error' | 'throttle' | 'timeout' | 'crash' | 'reject' | 'conflict' | 'delay' | 'denied';
  /** for `timeout`: how long the call hangs before the SDK gives up on it; for `delay`: how late the call goes through */
  delayMs?: number;
}

interface FaultTable {
  /** whether this call fails, and how; the command's input and the invocation it runs in (its route or worker) are for the harness's command log */
  take(service: HarnessService, operation: string, input: unknown, invocation: Record<string, unknown>): HarnessFault | undefined;
}

type ServiceExceptionClass = new (options: {
  name: string;
  $fault: 'client' | 'server';
  $metadata: { httpStatusCode?: number; requestId?: string; attempts?: number };
  message?: string;
}) => Error;

interface MiddlewareStackLike {
  add(middleware: (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => Promise<unknown>, options: { step: 'initialize'; name: string; priority?: 'high' }): void;
}

const TABLE = Symbol.for('assay.harness.faults');

function fail(service: HarnessService, operation: string, fault: HarnessFault, ServiceException: ServiceExceptionClass, input: unknown): Promise<never> {
  const metadata = { httpStatusCode: 503, requestId: `harness-${Date.now()}`, attempts: 3 };
  switch (fault.kind) {
    case 'denied':
      return Promise.reject(
        new ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { ...metadata, httpStatusCode: 403, attempts: 1 }, message: `Access Denied: ${operation} is outside this function's grant of the bucket` }),
      );
    case 'conflict': {
      // a DynamoDB transaction that met another one on its first item (DynamoDB Local runs transactions one at
      // a time, so it never answers this itself); a single write that met a transaction is refused the same way
      if (operation !== 'TransactWriteItems') {
        return Promise.reject(new ServiceException({ name: 'TransactionConflictException', $fault: 'client', $metadata: { ...metadata, httpStatusCode: 400 }, message: 'Transaction is ongoing for the item' }));
      }
      const count = (input as { TransactItems?: unknown[] } | undefined)?.TransactItems?.length ?? 1;
      const reasons = Array.from({ length: count }, (_, i) => ({ Code: i === 0 ? 'TransactionConflict' : 'None' }));
      return Promise.reject(
        Object.assign(
          new ServiceException({
            name: 'TransactionCanceledException',
            $fault: 'client',
            $metadata: { ...metadata, httpStatusCode: 400 },
            message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
          }),
          { CancellationReasons: reasons },
        ),
      );
    }
    case 'throttle':
      return Promise.reject(
        Object.assign(new ServiceException({ name: 'ThrottlingException', $fault: 'client', $metadata: { ...metadata, httpStatusCode: 400 }, message: 'Rate exceeded' }), {
          $retryable: { throttling: true },
        }),
      );
    case 'timeout':
      return new Promise((_, reject) =>
        setTimeout(
          () => reject(Object.assign(new Error(`@smithy/node-http-handler - the request socket timed out after ${fault.delayMs ?? 1000} ms of inactivity.`), { name: 'TimeoutError' })),
          fault.delayMs ?? 1000,
        ),
      );
    case 'crash':
      // an error event nobody listens to, from a later turn of the event loop: it escapes every try/catch and
      // every promise of the handler (as a parser's listener throwing would); the call itself never settles
      setImmediate(() => new EventEmitter().emit('error', new Error(`harness: ${service} ${operation} crashed the handler`)));
      return new Promise<never>(() => undefined);
    case 'reject':
      // a promise rejected later that nobody awaits (a forgotten `await` on a failing call)
      void new Promise((_, reject) => setImmediate(() => reject(new Error(`harness: ${service} ${operation} rejected unawaited`))));
      return new Promise<never>(() => undefined);
    default:
      return Promise.reject(
        new ServiceException({ name: 'ServiceUnavailable', $fault: 'server', $metadata: metadata, message: `${service} is unavailable (injected by the harness)` }),
      );
  }
}

/** Adds the fault middleware to a client when the harness asks for it; a no-op everywhere else. */
export function withHarnessFaults<C extends { middlewareStack: unknown }>(client: C, service: HarnessService, ServiceException: ServiceExceptionClass): C {
  // the variable is read here, written out, so that the deployed bundles, built with it defined as "false"
  // (scripts/build-functions.ts), fold the rest of this module away
  if (process.env.ASSAY_HARNESS_FAULTS !== 'true') return client;
  (client.middlewareStack as MiddlewareStackLike).add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      const input = (args as { input?: unknown }).input;
      const fault = (globalThis as { [TABLE]?: FaultTable })[TABLE]?.take(service, operation, input, logger.contextFields());
      if (fault?.kind === 'delay') return new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000)).then(() => next(args));
      return fault ? fail(service, operation, fault, ServiceException, input) : next(args);
    },
    { step: 'initialize', name: 'assayHarnessFaults', priority: 'high' },
  );
  return client;
}
