/**
 * The drafting job's state machine (pure): a job is queued, then runs through its stages in order (reading the
 * evidence → drafting → checking citations), and ends ready (done) or failed. Progress only moves forward; a
 * finished job never changes again. A job not heard of for longer than its worker can run died with it: it
 * reads as failed and the step may be drafted again.
 */
import { DRAFT_STALE_SECONDS } from '@shared/api/workers';
import { aiDetails } from '@shared/messages/ai';
import type { DraftJob, DraftJobStage, DraftJobStatus } from '@shared/schemas/report-document';
import { isAppError } from '../../../lib/errors';

/** The stages a job runs through, in order, with the progress each one starts at. */
export const STAGE_PROGRESS: Readonly<Record<DraftJobStage, number>> = {
  queued: 0,
  reading: 10,
  drafting: 35,
  checking: 80,
  ready: 100,
  failed: 100,
};

const ORDER: readonly DraftJobStage[] = ['queued', 'reading', 'drafting', 'checking', 'ready'];

/** The status a stage belongs to. */
export function statusOf(stage: DraftJobStage): DraftJobStatus {
  if (stage === 'queued') return 'queued';
  if (stage === 'ready') return 'done';
  if (stage === 'failed') return 'failed';
  return 'running';
}

const isFinished = (status: DraftJobStatus): boolean => status === 'done' || status === 'failed';

/** Whether a job at `from` may move to `to`: forward through the stages, or to failed from any unfinished stage. */
export function canMove(from: DraftJobStage, to: DraftJobStage): boolean {
  if (isFinished(statusOf(from))) return false;
  if (to === 'failed') return true;
  return ORDER.indexOf(to) > ORDER.indexOf(from);
}

/** A queued or running job last heard of longer ago than its worker can run. */
export function isStale(job: Pick<DraftJob, 'status' | 'updated_at'>, now = Date.now()): boolean {
  return !isFinished(job.status) && now - Date.parse(job.updated_at) > DRAFT_STALE_SECONDS * 1000;
}

/** Whether a new start replaces `job` (none, finished or stale) or answers it (it is still running). */
export const startReplaces = (job: Pick<DraftJob, 'status' | 'updated_at'> | undefined, now = Date.now()): boolean =>
  job === undefined || isFinished(job.status) || isStale(job, now);

/** The job as the API shows it: a stale one reads as failed, with a reason. */
export function present(job: DraftJob, now = Date.now()): DraftJob {
  return isStale(job, now) ? { ...job, status: 'failed', stage: 'failed', error: aiDetails.draftTimedOut, completed_at: job.updated_at } : job;
}

/** A new job of the step, queued. */
export function newJob(input: { id: string; reportId: string; step: DraftJob['step']; user: string; now: string }): DraftJob {
  return {
    id: input.id,
    report_id: input.reportId,
    step: input.step,
    status: 'queued',
    stage: 'queued',
    progress: STAGE_PROGRESS.queued,
    error: null,
    provenance_id: null,
    citations_dropped: null,
    provider: null,
    created_by: input.user,
    created_at: input.now,
    updated_at: input.now,
    completed_at: null,
  };
}

/** Why a job failed, in words a user can act on: a safe error's own message (budget, model busy, no evidence), else a general one. */
export const failureDetail = (error: unknown): string => (isAppError(error) ? error.message : aiDetails.draftFailed);
