/**
 * Drafting a step through the API as a client does since drafting became a background job: POST …/draft
 * (202 with the step's job), poll GET …/drafts/{step}/job until it is done or failed, then read the pending
 * draft. Plain polling on a condition, so vitest, Playwright and the benchmarks can all use it.
 */
import { setTimeout as pause } from 'node:timers/promises';
import { http } from './http';

export interface DraftJobSeen {
  /** every stage seen, in order (each once) */
  stages: string[];
  job: { id: string; status: string; stage: string; progress: number; error: string | null; provenance_id: string | null; [k: string]: unknown };
}

/** Polls the step's job until it is done or failed; every stage seen, and the last answer. */
export async function waitForDraftJob(base: string, token: string, reportId: string, step: string, timeoutMs = 60_000): Promise<DraftJobSeen> {
  const stages: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await http(base, 'GET', `/api/reports/${reportId}/drafts/${step}/job`, { token });
    if (res.status !== 200) throw new Error(`draft job status failed: ${res.status} ${res.text}`);
    const job = res.body.job as DraftJobSeen['job'] | null;
    if (!job) throw new Error(`the ${step} step of ${reportId} has no drafting job`);
    if (stages.at(-1) !== job.stage) stages.push(job.stage);
    if (job.status === 'done' || job.status === 'failed') return { stages, job };
    if (Date.now() > deadline) throw new Error(`the ${step} draft is still ${job.stage} (${job.progress}%) after ${timeoutMs} ms`);
    await pause(50);
  }
}

/** Drafts a step and answers its pending draft (the drafted data, provenance id, dropped citations, provider). */
export async function draftAndWait(base: string, token: string, reportId: string, step: string, timeoutMs?: number) {
  const started = await http(base, 'POST', `/api/reports/${reportId}/draft`, { token, body: { step } });
  if (started.status !== 202) throw new Error(`draft ${step} not started: ${started.status} ${started.text}`);
  const { job } = await waitForDraftJob(base, token, reportId, step, timeoutMs);
  if (job.status !== 'done') throw new Error(`draft ${step} failed: ${job.error}`);
  const pending = await http(base, 'GET', `/api/reports/${reportId}/drafts/${step}`, { token });
  if (pending.status !== 200 || !pending.body.draft) throw new Error(`no pending ${step} draft after the job: ${pending.status} ${pending.text}`);
  return pending.body.draft as { step: string; data: any; provenance_id: string; citations_dropped: number; provider: string };
}
