/**
 * AI drafting as a background job, as exports are (DESIGN.md "AI"): POST …/draft checks what can be answered at
 * once (report, evidence, token budget), records the step's job and starts the draftStep worker with an
 * asynchronous invocation, then answers 202; GET …/drafts/{step}/job reads how far it is. One job per report
 * and step at a time: a start while one is active answers that job (a conditional write decides, so parallel
 * starts share one job). The work itself is ./run-draft-job.ts.
 */
import { DRAFT_STALE_SECONDS } from '@shared/api/workers';
import { aiDetails } from '@shared/messages/ai';
import type { DraftJob, DraftStep } from '@shared/schemas/report-document';
import { getDraftJob, putDraftJobUnlessActive, updateActiveDraftJob } from '../../../data/draft-jobs-repo';
import { startWorker } from '../../../data/worker-invoker';
import { ServiceUnavailableError } from '../../../lib/errors';
import { logger } from '../../../lib/logger';
import type { ReportInContext } from '../../../lib/middleware/types';
import { uuidv7 } from '../../../lib/uuidv7';
import { assertCanDraft } from './readiness';
import { newJob, present, startReplaces } from './job-state';

/** POST …/draft: the step's job, new (`started`) or the one already active. */
export async function startDraftJob(target: ReportInContext, step: DraftStep, user: string): Promise<{ job: DraftJob; started: boolean }> {
  const reportId = target.report.id;
  await assertCanDraft(target);
  const current = await getDraftJob(reportId, step);
  if (current && !startReplaces(current)) return { job: present(current), started: false };

  const now = Date.now();
  const job = newJob({ id: uuidv7(now), reportId, step, user, now: new Date(now).toISOString() });
  if (!(await putDraftJobUnlessActive(job, new Date(now - DRAFT_STALE_SECONDS * 1000).toISOString()))) {
    // another start of the same step won the write: answer its job
    const winner = await getDraftJob(reportId, step);
    if (winner) return { job: present(winner), started: false };
    throw new ServiceUnavailableError(aiDetails.draftNotStarted);
  }
  try {
    await startWorker('draftStep', { report_id: reportId, step, job_id: job.id });
  } catch (error) {
    logger.error('draft worker could not be started', { reportId, step, jobId: job.id, error: error instanceof Error ? error.message : String(error) });
    const at = new Date().toISOString();
    await updateActiveDraftJob(reportId, step, job.id, { status: 'failed', stage: 'failed', error: aiDetails.draftNotStarted, completed_at: at }, at);
    throw new ServiceUnavailableError(aiDetails.draftNotStarted);
  }
  return { job, started: true };
}

/** GET …/drafts/{step}/job: the step's latest job (a stale one reads as failed), or null. */
export async function readDraftJob({ report }: ReportInContext, step: DraftStep): Promise<{ job: DraftJob | null }> {
  const job = await getDraftJob(report.id, step);
  return { job: job ? present(job) : null };
}
