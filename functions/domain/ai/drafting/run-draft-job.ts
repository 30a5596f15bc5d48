/**
 * The draftStep worker's job: claim the queued job (once; a repeated delivery does nothing), draft the step
 * and keep it as the step's pending draft (./pending-draft.ts), recording each stage as it goes
 * (reading the evidence → drafting → checking citations → ready). A failure is recorded with a reason the user
 * can act on (model busy or too slow, budget spent, no evidence), never with internals.
 */
import type { DraftJobEvent, DraftJobStage } from '@shared/schemas/report-document';
import { claimDraftJob, getDraftJob, updateActiveDraftJob } from '../../../data/draft-jobs-repo';
import { logger } from '../../../lib/logger';
import { draftForReview } from './pending-draft';
import { canMove, failureDetail, STAGE_PROGRESS } from './job-state';

export async function runDraftJob(event: DraftJobEvent): Promise<void> {
  const { report_id: reportId, step, job_id: jobId } = event;
  const now = () => new Date().toISOString();
  if (!(await claimDraftJob(reportId, step, jobId, 'reading', STAGE_PROGRESS.reading, now()))) {
    logger.warn('draft job not queued (already taken, finished, replaced or gone)', { reportId, step, jobId });
    return;
  }
  const job = await getDraftJob(reportId, step);
  const started = Date.now();
  try {
    let at: DraftJobStage = 'reading';
    const draft = await draftForReview(reportId, step, job?.created_by ?? '', async (stage) => {
      if (!canMove(at, stage)) return;
      at = stage;
      await updateActiveDraftJob(reportId, step, jobId, { stage, progress: STAGE_PROGRESS[stage] }, now());
    });
    await updateActiveDraftJob(
      reportId,
      step,
      jobId,
      {
        status: 'done',
        stage: 'ready',
        progress: STAGE_PROGRESS.ready,
        provenance_id: draft.provenance_id,
        citations_dropped: draft.citations_dropped,
        provider: draft.provider,
        completed_at: now(),
      },
      now(),
    );
    logger.info('draft job done', { reportId, step, jobId, ms: Date.now() - started, provider: draft.provider });
  } catch (error) {
    logger.error('draft job failed', { reportId, step, jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await updateActiveDraftJob(reportId, step, jobId, { status: 'failed', stage: 'failed', error: failureDetail(error), completed_at: now() }, now());
  }
}
