import { afterEach, describe, expect, it } from 'vitest';
import { endIdleWorkers, runInWorker, WORKER_JOBS_BEFORE_RETIRING, type WorkerOutcome } from '../../functions/lib/worker-thread';
import type { EchoJob } from '../helpers/echo-worker';

const script = new URL('../helpers/echo-worker.ts', import.meta.url);
const budget = { timeMs: 10_000, memoryMb: 64 };
type Echo = { threadId: number } | { error: string };
const run = (job: EchoJob, b = budget) => runInWorker<Echo>(script, job, b);
const thread = (outcome: WorkerOutcome<Echo>) => {
  if (outcome.kind !== 'reply' || !('threadId' in outcome.reply)) throw new Error(`no thread id: ${JSON.stringify(outcome)}`);
  return outcome.reply.threadId;
};

afterEach(() => endIdleWorkers());

describe('warm worker threads (functions/lib/worker-thread.ts)', () => {
  it('serves the next job on the same warm thread', async () => {
    const first = thread(await run({}));
    expect(thread(await run({}))).toBe(first);
    expect(thread(await run({}))).toBe(first);
  });

  it('never reuses a thread that ran out of time: the next job gets a fresh one and succeeds', async () => {
    const first = thread(await run({}));
    expect(await run({ spinMs: 5_000 }, { ...budget, timeMs: 100 })).toEqual({ kind: 'timeout' });
    const next = thread(await run({}));
    expect(next).not.toBe(first);
  });

  it('keeps serving after a job that failed inside the worker (the failure is a reply), and after one that exited', async () => {
    const first = thread(await run({}));
    expect(await run({ fail: 'bad file' })).toEqual({ kind: 'reply', reply: { error: 'bad file' } });
    expect(thread(await run({}))).toBe(first);
    expect(await run({ exit: true })).toEqual({ kind: 'exit', code: 3 });
    expect(thread(await run({}))).not.toBe(first);
  });

  it('runs jobs that arrive together on threads of their own, and every one gets its own reply', async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => run({ spinMs: 50 })));
    expect(outcomes.every((o) => o.kind === 'reply')).toBe(true);
    expect(new Set(outcomes.map(thread)).size).toBe(5);
  });

  it(`retires a thread after ${WORKER_JOBS_BEFORE_RETIRING} jobs`, async () => {
    const first = thread(await run({}));
    for (let i = 1; i < WORKER_JOBS_BEFORE_RETIRING; i++) expect(thread(await run({}))).toBe(first);
    expect(thread(await run({}))).not.toBe(first);
  }, 60_000);

  it('keeps threads apart by memory limit (a heap limit is set when a thread starts)', async () => {
    const small = thread(await run({}));
    const large = thread(await run({}, { ...budget, memoryMb: 128 }));
    expect(large).not.toBe(small);
    expect(thread(await run({}))).toBe(small);
  });
});
