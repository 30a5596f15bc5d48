/**
 * POST /api/reports/{id}/draft, as the wizard uses it (run by the draftStep worker, ./run-draft-job.ts): the step is drafted from the evidence and the draft is kept
 * as the step's pending draft (DRAFT#<step>) until the consultant accepts or discards it (../../wizard/accept-draft.ts).
 */
import type { DraftResponse, DraftStep } from '@shared/schemas/report-document';
import { putDraft } from '../../../data/drafts-repo';
import { draftReportStep, type DraftStage } from './draft-step';

/** The draftStep worker: drafts the step and keeps the draft as the step's pending draft (the answer is the draft). */
export async function draftForReview(reportId: string, step: DraftStep, user: string, onStage?: (stage: DraftStage) => Promise<void>): Promise<DraftResponse> {
  return keepPendingDraft(reportId, await draftReportStep(reportId, step, user, onStage), user);
}

async function keepPendingDraft(reportId: string, draft: DraftResponse, user: string): Promise<DraftResponse> {
  await putDraft(reportId, {
    step: draft.step,
    data: draft.data,
    provenance_id: draft.provenance_id,
    citations_dropped: draft.citations_dropped,
    provider: draft.provider,
    created_at: new Date().toISOString(),
    created_by: user,
  });
  return draft;
}

