/**
 * AI drafting jobs: `REPORT#id` / `DRAFTJOB#<step>`, the step's latest job, moved along by the draftStep worker
 * (queued → running → done | failed) with its stage and progress. One per step: a start writes a new job only
 * when none is active (conditional put), so parallel starts share one job. Every update names the job it is
 * for and holds only while that job is still queued or running: a finished job never changes again, and a
 * worker of a replaced job cannot touch its successor.
 */
import type { DraftJob, DraftJobStage, DraftJobStatus } from '@shared/schemas/report-document';
import { keys } from './keys';
import { getItem, putIf, setExpression, updateIf } from './table-ops';

export type DraftJobRecord = DraftJob;

const FIELDS = [
  'id', 'report_id', 'step', 'status', 'stage', 'progress', 'error', 'provenance_id', 'citations_dropped', 'provider',
  'created_by', 'created_at', 'updated_at', 'completed_at',
] as const;

function recordOf(item: Record<string, unknown>): DraftJobRecord {
  const out = Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as unknown as DraftJobRecord;
  out.progress = Number(out.progress ?? 0);
  return out;
}

export async function getDraftJob(reportId: string, step: string): Promise<DraftJobRecord | undefined> {
  const item = await getItem(keys.draftJob(reportId, step), { consistent: true });
  return item ? recordOf(item) : undefined;
}

/**
 * Writes `job` as the step's job unless another is active: none stored, or the stored one is finished, or it
 * was last heard of before `staleBefore` (its worker is long gone). False when an active job holds the step.
 */
export async function putDraftJobUnlessActive(job: DraftJobRecord, staleBefore: string): Promise<boolean> {
  return putIf({
    Item: { ...keys.draftJob(job.report_id, job.step), entity: 'DraftJob', ...job },
    ConditionExpression: 'attribute_not_exists(PK) OR #status = :done OR #status = :failed OR updated_at < :stale',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':done': 'done', ':failed': 'failed', ':stale': staleBefore },
  });
}

export type DraftJobPatch = Partial<Pick<DraftJobRecord, 'status' | 'stage' | 'progress' | 'error' | 'provenance_id' | 'citations_dropped' | 'provider' | 'completed_at'>>;

/** Applies a change to job `jobId` of the step while it is queued or running; false otherwise (nothing changes). */
export async function updateActiveDraftJob(reportId: string, step: string, jobId: string, patch: DraftJobPatch, now: string): Promise<boolean> {
  const set = setExpression({ ...patch, updated_at: now });
  return updateIf({
    Key: keys.draftJob(reportId, step),
    UpdateExpression: set.UpdateExpression,
    ConditionExpression: 'attribute_exists(PK) AND #jobId = :jobId AND (#status = :queued OR #status = :running)',
    ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#status': 'status', '#jobId': 'id' },
    ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':jobId': jobId, ':queued': 'queued', ':running': 'running' },
  });
}

/**
 * Moves job `jobId` from queued to running at `stage`, once: an asynchronous invocation may be delivered more
 * than once, and only the first delivery may draft. False when the job is gone, replaced or no longer queued.
 */
export async function claimDraftJob(reportId: string, step: string, jobId: string, stage: DraftJobStage, progress: number, now: string): Promise<boolean> {
  const running: DraftJobStatus = 'running';
  return updateIf({
    Key: keys.draftJob(reportId, step),
    UpdateExpression: 'SET #status = :running, stage = :stage, progress = :p, updated_at = :now',
    ConditionExpression: 'attribute_exists(PK) AND #jobId = :jobId AND #status = :queued',
    ExpressionAttributeNames: { '#status': 'status', '#jobId': 'id' },
    ExpressionAttributeValues: { ':running': running, ':queued': 'queued', ':stage': stage, ':p': progress, ':now': now, ':jobId': jobId },
  });
}
