import { stepCitations } from '@shared/domain/report/citations';
import { parseWizardData, type Progress, type SaveProgressBody, type SaveProgressResponse } from '@shared/schemas/wizard';
import type { ReportInContext } from '../../lib/middleware/types';
import { EvidenceTexts, markStepCitations } from '../sections/citation-check';
import { assembled, storeSteps, type StepsToStore } from './store-steps';

/**
 * GET /api/wizard-progress/{report_id}: the saved progress assembled from its step items (the spec's shape,
 * plus each step's version and last writer), or an empty one (version 0) for a new report.
 */
export async function getProgress({ report }: ReportInContext, viewer: string): Promise<Progress> {
  const reportId = report.id;
  const { items, progress } = await assembled(reportId, viewer);
  if (!items.meta.exists && items.steps.size === 0) {
    return { report_id: reportId, wizard_data: {}, completed_steps: [], current_step: 0, last_saved: null, version: 0, updated_by: null, step_versions: {}, steps: {} };
  }
  // citations whose evidence was deleted since come back marked broken (with their source's title);
  // steps that do not parse are returned as stored, for the SPA to keep aside
  const { data } = parseWizardData(progress.wizard_data);
  if (stepCitations(data).length) {
    const marked = await markStepCitations(data, new EvidenceTexts(reportId));
    return { ...progress, wizard_data: { ...progress.wizard_data, ...marked } };
  }
  return progress;
}

/** What a save's body says its data is based on (see SaveProgressBody). */
function baseOf(body: Pick<SaveProgressBody, 'version' | 'step_versions' | 'changed_fields'>): StepsToStore['base'] {
  if (body.step_versions) return { kind: 'step', versions: body.step_versions, ...(body.changed_fields ? { changedFields: body.changed_fields } : {}) };
  if (body.version !== undefined) return { kind: 'whole', version: body.version };
  return { kind: 'overwrite' };
}

/**
 * POST /api/wizard-progress. The server splits the spec's wizard_data into its steps and writes only those
 * that changed; a conflict (409, naming who saved which step when) only where someone else changed the same
 * step after this tab loaded it. A save without any version (the spec's plain call) overwrites, never a 409.
 */
export async function saveProgress({ report }: ReportInContext, body: SaveProgressBody, by: string): Promise<SaveProgressResponse> {
  const stored = await storeSteps({
    reportId: report.id,
    steps: body.wizard_data,
    base: baseOf(body),
    completedAdd: [...new Set(body.completed_steps)],
    currentStep: body.current_step,
    caller: { user: by, ...(body.session !== undefined ? { session: body.session } : {}), ...(body.seq !== undefined ? { seq: body.seq } : {}) },
  });
  return { success: true, version: stored.version, last_saved: stored.last_saved, step_versions: stored.step_versions, superseded: stored.superseded };
}
