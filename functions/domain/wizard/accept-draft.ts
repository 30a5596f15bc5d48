/**
 * Pending AI drafts, kept on the server (DESIGN.md "Workflows on the server"): a draft made by
 * POST /api/reports/{id}/draft waits as `DRAFT#<step>` until the consultant accepts all of it, some of its
 * items, or discards it, so a reload (or another tab) shows the same pending draft and a closed tab loses
 * nothing. Accepting merges it into the step's data here, with the wizard's merge rules
 * (shared/domain/draft-merge.ts), and marks it accepted in the same transaction; accepting it again answers
 * the same step and adds nothing.
 */
import { chooseDraftItems, draftItemCount, mergeDraft } from '@shared/domain/draft-merge';
import { wizardDetails } from '@shared/messages/wizard';
import { SECTION_TITLES, type DraftStep } from '@shared/schemas/report-document';
import type { AcceptDraftBody, AcceptDraftResponse } from '@shared/schemas/wizard';
import { readDraft } from '../../data/drafts-repo';
import { readProgressItems } from '../../data/progress-repo';
import { putAudit } from '../../data/audit-repo';
import { NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { ReportInContext } from '../../lib/middleware/types';
import { assertNotFinal } from '../access/final-lock';
import { draftAccepted } from '../audit/change-entries';
import { parseStepData } from './step-data';
import { storeSteps } from './store-steps';

/**
 * POST …/drafts/{step}/accept: merges the pending draft (all of it, or the chosen items) into the step. The
 * report comes from the request's context; the progress is read once (and handed to the store when the merge
 * is based on the stored step).
 */
export async function acceptPendingDraft({ report }: ReportInContext, step: DraftStep, body: AcceptDraftBody, user: string): Promise<AcceptDraftResponse> {
  const reportId = report.id;
  assertNotFinal(report);
  const record = await readDraft(reportId, step);
  if (!record || record.data === undefined) throw new NotFoundError(wizardDetails.pendingDraftMissing);
  const caller = { user, ...(body.session !== undefined ? { session: body.session } : {}), ...(body.seq !== undefined ? { seq: body.seq } : {}) };
  if (record.status === 'accepted') {
    // accepted already (a retry, or another tab): the step as it stands, nothing added twice
    const items = await readProgressItems(reportId);
    const stored = items.steps.get(step);
    return {
      success: true,
      step,
      data: stored?.data ?? parseStepData(step, {}),
      step_version: stored?.version ?? 0,
      version: items.meta.version,
      last_saved: items.meta.last_saved ?? record.accepted_at ?? record.created_at,
      accepted: record.accepted_count ?? 0,
    };
  }
  const drafted = chooseDraftItems(step, parseStepData(step, record.data), body.item_ids);
  // the merge is based on the tab's data, or else on the stored step (read here once, and handed to the store)
  const read = body.data === undefined ? await readProgressItems(reportId) : undefined;
  const base = body.data !== undefined ? parseStepData(step, body.data) : (read?.steps.get(step)?.data as Record<string, unknown> | undefined);
  const merged = mergeDraft(step, (base ? { [step]: base } : {}), drafted, body.mode)[step] as Record<string, unknown>;
  const count = draftItemCount(step, drafted);
  const saved = await storeSteps({
    reportId,
    steps: { [step]: merged },
    base: body.version === undefined ? { kind: 'overwrite' } : { kind: 'step', versions: { [step]: body.version } },
    caller,
    acceptDraft: { step, count },
    ...(read ? { read } : {}),
  });
  // the report's activity; a failure to record it never fails the accept
  await putAudit(draftAccepted(report, SECTION_TITLES[step], count, user, new Date().toISOString())).catch((error: Error) =>
    logger.error('accepted draft not recorded in the activity', { reportId, step, error: error.name }),
  );
  return { success: true, step, data: saved.data[step], step_version: saved.step_versions[step] ?? 0, version: saved.version, last_saved: saved.last_saved, accepted: count };
}
