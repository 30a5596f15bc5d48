/** Pending AI drafts of a step as the wizard reviews them: read the waiting one, or discard it (see accept-draft.ts). */
import type { DraftStep } from '@shared/schemas/report-document';
import type { PendingDraft } from '@shared/schemas/wizard';
import { deleteDraft, readDraft } from '../../data/drafts-repo';
import type { ReportInContext } from '../../lib/middleware/types';
import { parseStepData } from './step-data';

/** GET …/drafts/{step}: the step's pending draft, or null when none waits. */
export async function getPendingDraft({ report }: ReportInContext, step: DraftStep): Promise<{ draft: PendingDraft | null }> {
  const record = await readDraft(report.id, step);
  if (!record || record.status !== 'pending' || record.data === undefined) return { draft: null };
  return {
    draft: {
      step,
      data: parseStepData(step, record.data) as PendingDraft['data'],
      provenance_id: record.provenance_id,
      citations_dropped: record.citations_dropped,
      provider: record.provider,
      created_at: record.created_at,
      created_by: record.created_by,
    },
  };
}

/** DELETE …/drafts/{step}: the pending draft is dropped (the AI call's provenance record stays). */
export async function discardPendingDraft({ report }: ReportInContext, step: DraftStep) {
  await deleteDraft(report.id, step);
  return { success: true as const };
}

