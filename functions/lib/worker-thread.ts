/**
 * Runs a module in a fresh `worker_threads` Worker inside a time and memory budget, for synchronous CPU work
 * that a timer on the calling thread could not stop (parsers): the worker is terminated when the budget
 * runs out, or when it has posted its one reply.
 *
 * A script that is TypeScript source (`.ts`, under tsx or vitest) is started through a small bootstrap that
 * registers tsx's loader in the new thread first; a bundled `.mjs` is started as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/** How a budgeted worker ended. */
export type WorkerOutcome<R> =
  | { kind: 'reply'; reply: R }
  | { kind: 'timeout' }
  | { kind: 'out-of-memory' }
  | { kind: 'error'; message: string }
  | { kind: 'exit'; code: number }
  | { kind: 'not-started'; message: string };

export interface WorkerBudget {
  timeMs: number;
  memoryMb: number;
}

/** tsx's ESM API (`tsx/esm/api`, import condition), located through its package.json. */
function tsxEsmApiUrl(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
}

/** What `new Worker` is given for `script`: the file itself, or for TypeScript source an eval'd bootstrap. */
export function workerTarget(script: URL): { script: URL | string; eval: boolean } {
  if (!script.pathname.endsWith('.ts')) return { script, eval: false };
  const bootstrap = `import(${JSON.stringify(tsxEsmApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;
  return { script: bootstrap, eval: true };
}

/** Starts `script` with `data` as its workerData and resolves with its first message, or with why there was none. */
export function runInWorker<R>(script: URL, data: unknown, budget: WorkerBudget): Promise<WorkerOutcome<R>> {
  return new Promise<WorkerOutcome<R>>((resolve) => {
    let worker: Worker;
    try {
      const target = workerTarget(script);
      worker = new Worker(target.script, {
        eval: target.eval,
        // not the parent's flags (e.g. --input-type, --eval): the worker is a plain module or eval script
        execArgv: [],
        workerData: data,
        resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      });
    } catch (error) {
      resolve({ kind: 'not-started', message: (error as Error).message });
      return;
    }
    let settled = false;
    const settle = (outcome: WorkerOutcome<R>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'timeout' }), budget.timeMs);
    worker.once('message', (reply: R) => settle({ kind: 'reply', reply }));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'out-of-memory' } : { kind: 'error', message: error.message }),
    );
    worker.once('exit', (code) => settle({ kind: 'exit', code }));
  });
}

/**
 * The worker's side: runs `work` on the workerData the thread was started with and posts its one reply
 * (`onError` turns a failure into a reply), then waits to be terminated by `runInWorker`.
 */
export function serveWorker<Q, R>(work: (request: Q) => Promise<R>, onError: (error: unknown) => R): void {
  const reply = (message: R) => parentPort?.postMessage(message);
  work(workerData as Q).then(reply, (error: unknown) => reply(onError(error)));
}
