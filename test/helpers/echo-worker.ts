/** A worker for test/unit/worker-thread.test.ts: replies with its thread id, after spinning or failing when asked. */
import { threadId } from 'node:worker_threads';
import { serveWorker } from '../../functions/lib/worker-thread';

export interface EchoJob {
  spinMs?: number;
  fail?: string;
  exit?: boolean;
}

serveWorker<EchoJob, { threadId: number } | { error: string }>(
  async (job) => {
    if (job.exit) process.exit(3);
    if (job.fail) throw new Error(job.fail);
    const until = Date.now() + (job.spinMs ?? 0);
    while (Date.now() < until) {
      // synchronous work a timer on this thread could not stop
    }
    return { threadId };
  },
  (error) => ({ error: (error as Error).message }),
);
