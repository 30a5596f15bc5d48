/**
 * Runs a module's jobs in a `worker_threads` Worker inside a time and memory budget, for synchronous CPU work
 * that a timer on the calling thread could not stop (parsers): the worker is terminated when the budget
 * runs out; after a reply it stays warm for the next job.
 *
 * A script that is TypeScript source (`.ts`, under tsx or vitest) is started through a small bootstrap that
 * registers tsx's loader in the new thread first; a bundled `.mjs` is started as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { parentPort, Worker } from 'node:worker_threads';

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
function workerTarget(script: URL): { script: URL | string; eval: boolean } {
  if (!script.pathname.endsWith('.ts')) return { script, eval: false };
  const bootstrap = `import(${JSON.stringify(tsxEsmApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;
  return { script: bootstrap, eval: true };
}

/** What travels to a warm worker, and back. */
interface Job {
  id: number;
  data: unknown;
}
interface JobReply<R> {
  id: number;
  reply: R;
  /** the worker's heap in use after the job, so a worker that grew is retired rather than reused */
  heapUsedMb: number;
}

/**
 * Finished jobs a worker may serve before it is retired (a fresh one starts on the next call): a bound on
 * whatever a parser might leave behind between files.
 */
export const WORKER_JOBS_BEFORE_RETIRING = 50;

/** Idle warm workers, by script and memory limit (a worker's heap limit is set when it starts). */
const idle = new Map<string, Worker[]>();
/** At most this many idle workers are kept per script and limit (the local gateway runs requests at once). */
const MAX_IDLE = 2;
const served = new WeakMap<Worker, number>();
let nextJob = 0;

function startWorker(script: URL, budget: WorkerBudget, key: string): Worker {
  const target = workerTarget(script);
  const worker = new Worker(target.script, {
    eval: target.eval,
    // not the parent's flags (e.g. --input-type, --eval): the worker is a plain module or eval script
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
  });
  // a worker that ends while idle leaves the pool
  worker.once('exit', () => {
    const pool = idle.get(key);
    if (pool?.includes(worker)) pool.splice(pool.indexOf(worker), 1);
  });
  return worker;
}

/**
 * Runs one job of `script` on a warm worker thread (started on first use, kept for the next call: pdf.js and
 * the other parsers are loaded and set up once per container, not once per file) and resolves with its
 * reply, or with why there was none. A worker that runs out of time or memory, fails or exits is terminated
 * and never reused; one that replied goes back to the idle pool unless it has served
 * WORKER_JOBS_BEFORE_RETIRING jobs or its heap grew past half its limit. Idle workers do not keep the
 * process alive.
 */
export function runInWorker<R>(script: URL, data: unknown, budget: WorkerBudget): Promise<WorkerOutcome<R>> {
  const key = `${script.href}|${budget.memoryMb}`;
  return new Promise<WorkerOutcome<R>>((resolve) => {
    let worker: Worker;
    try {
      worker = idle.get(key)?.pop() ?? startWorker(script, budget, key);
    } catch (error) {
      resolve({ kind: 'not-started', message: (error as Error).message });
      return;
    }
    worker.ref();
    const id = ++nextJob;
    let settled = false;
    const settle = (outcome: WorkerOutcome<R>, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      const pool = idle.get(key) ?? [];
      if (reusable && pool.length < MAX_IDLE) {
        worker.unref();
        pool.push(worker);
        idle.set(key, pool);
      } else void worker.terminate();
      resolve(outcome);
    };
    const onMessage = (message: JobReply<R>) => {
      if (message.id !== id) return;
      const jobs = (served.get(worker) ?? 0) + 1;
      served.set(worker, jobs);
      settle({ kind: 'reply', reply: message.reply }, jobs < WORKER_JOBS_BEFORE_RETIRING && message.heapUsedMb < budget.memoryMb / 2);
    };
    const onError = (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'out-of-memory' } : { kind: 'error', message: error.message }, false);
    const onExit = (code: number) => settle({ kind: 'exit', code }, false);
    const timer = setTimeout(() => settle({ kind: 'timeout' }, false), budget.timeMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, data } satisfies Job);
  });
}

/** Ends every idle warm worker (tests and benches that measure a cold start). */
export async function endIdleWorkers(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map((w) => w.terminate()));
}

/**
 * The worker's side: runs `work` on each job it is sent and posts the reply (`onError` turns a failure into
 * a reply), with its heap in use after the job, until `runInWorker` retires or terminates it.
 */
export function serveWorker<Q, R>(work: (request: Q) => Promise<R>, onError: (error: unknown) => R): void {
  const port = parentPort;
  if (!port) return;
  port.on('message', (job: Job) => {
    const reply = (message: R) => port.postMessage({ id: job.id, reply: message, heapUsedMb: getHeapStatistics().used_heap_size / (1024 * 1024) } satisfies JobReply<R>);
    work(job.data as Q).then(reply, (error: unknown) => reply(onError(error)));
  });
}
