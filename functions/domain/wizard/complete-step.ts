/**
 * POST /api/reports/{id}/steps/{step}/complete: "Complete step" as one server operation. It validates the
 * step with the rules the wizard applies (spec section 5), stores it (a conflict only where someone else
 * changed the same step since the tab loaded it), records it as completed and moves the current step on,
 * and composes the sections the step feeds. Sections edited by hand are not overwritten: they come back in
 * `needs_confirmation`, for the user to confirm through the compose call. Repeating it changes nothing more.
 * Closing the tab right after completing loses nothing: all of it happened here.
 * It reads each item once: the report and its client come from the request's context, the progress is read
 * here and handed to the store, and the steps as stored to the composition.
 */
import { stepCompletion } from '@shared/domain/report/completion';
import { sectionsForStep } from '@shared/domain/report/compose';
import { WIZARD_STEP_COUNT, WIZARD_STEP_IDS, type WizardStepId } from '@shared/domain/wizard-steps';
import { parseWizardData, type CompleteStepBody, type CompleteStepResponse } from '@shared/schemas/wizard';
import { readProgressItems } from '../../data/progress-repo';
import { BadRequestError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { assertNotFinal } from '../access/final-lock';
import type { ComposeResponse } from '@shared/schemas/report-document';
import { refreshSectionLedger } from '../ledger/index';
import { composeReportSections } from '../sections/sections';
import { parseStepData } from './step-data';
import { storeSteps, storedStepData } from './store-steps';

export async function completeStep(target: ReportInContext, step: WizardStepId, body: CompleteStepBody, user: string): Promise<CompleteStepResponse> {
  const reportId = target.report.id;
  // completing a step of a Final report changes it (the step, the completed steps, the sections composed from it)
  assertNotFinal(target.report);
  const data = parseStepData(step, body.data);
  // the step's check may read other steps (the roadmap must plan every recommendation): the stored ones
  const read = await readProgressItems(reportId);
  const all = parseWizardData({ ...storedStepData(read), [step]: data }).data;
  const check = stepCompletion(step, all);
  if (!check.ok) throw new BadRequestError(check.message);
  const index = WIZARD_STEP_IDS.indexOf(step);
  const saved = await storeSteps({
    reportId,
    steps: { [step]: data },
    base:
      body.version === undefined
        ? { kind: 'overwrite' }
        : { kind: 'step', versions: { [step]: body.version }, ...(body.changed_fields ? { changedFields: { [step]: body.changed_fields } } : {}) },
    completedAdd: [step],
    currentStep: Math.min(index + 1, WIZARD_STEP_COUNT - 1),
    caller: { user, ...(body.session !== undefined ? { session: body.session } : {}), ...(body.seq !== undefined ? { seq: body.seq } : {}) },
    read,
  });
  const keys = sectionsForStep(step);
  const composed: Pick<ComposeResponse, 'composed' | 'unchanged' | 'needs_confirmation' | 'sections'> = keys.length
    ? await composeReportSections(target, { keys, overwrite: [] }, user, parseWizardData(saved.data).data)
    : { composed: [], unchanged: [], needs_confirmation: [], sections: [] };
  await refreshSectionLedger(reportId, composed.sections.filter((s) => composed.composed.includes(s.key)));
  return {
    success: true,
    step,
    step_version: saved.step_versions[step] ?? 0,
    version: saved.version,
    last_saved: saved.last_saved,
    completed_steps: saved.completed_steps,
    current_step: saved.current_step,
    composed: composed.composed,
    unchanged: composed.unchanged,
    needs_confirmation: composed.needs_confirmation,
  };
}
