/**
 * The local gateway runs every handler in its own process, so one handler's crash (an exception thrown
 * asynchronously, say from an event emitter's listener, or a rejected promise nobody awaits) would end the
 * process and every request with it. In the cloud that crash ends one Lambda invocation and API Gateway answers
 * that one request with a 500. This guard does the same locally: each request runs in an AsyncLocalStorage
 * scope, and the process-level `uncaughtException` / `unhandledRejection` listeners answer the request the
 * crash came from with a 500 and keep serving.
 *
 * Attribution (checked on Node 20): inside `uncaughtException` the store is that of the code that threw for
 * timers, `process.nextTick`, `setImmediate`, stream and event-emitter callbacks; inside `unhandledRejection`
 * it is that of the rejected promise. It is lost only for `queueMicrotask` callbacks: then, when exactly one
 * request is in flight, that one is answered; when several are, none is (a wrong 500 to an innocent request
 * would be worse), the crash is logged and the crashed request ends at the integration timeout.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

interface InFlight {
  res: ServerResponse;
  label: string;
  onCrash: (res: ServerResponse) => void;
}

const scope = new AsyncLocalStorage<InFlight>();
const inFlight = new Set<InFlight>();
let installed = false;
let crashes = 0;

/** Runs `fn` (the handling of one request) in a scope that a crash can be traced back to. */
export function withinRequest<T>(res: ServerResponse, label: string, onCrash: (res: ServerResponse) => void, fn: () => T): T {
  const entry: InFlight = { res, label, onCrash };
  inFlight.add(entry);
  const done = () => inFlight.delete(entry);
  res.once('close', done);
  res.once('finish', done);
  return scope.run(entry, fn);
}

/** How many crashes the guard has caught in this process (the fault figures read it). */
export const crashesCaught = () => crashes;

/** Installs the process-level listeners once; `log` gets one line per crash. */
export function guardProcess(log: (line: string) => void): void {
  if (installed) return;
  installed = true;
  const onCrash = (kind: string) => (error: unknown) => {
    crashes++;
    const entry = scope.getStore() ?? (inFlight.size === 1 ? [...inFlight][0] : undefined);
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`${kind} ${entry ? `in ${entry.label}` : `(not attributable: ${inFlight.size} requests in flight)`}: ${message}`);
    if (entry && !entry.res.headersSent && !entry.res.writableEnded) entry.onCrash(entry.res);
  };
  process.on('uncaughtException', onCrash('uncaught exception'));
  process.on('unhandledRejection', onCrash('unhandled rejection'));
}
