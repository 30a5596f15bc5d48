/**
 * Each wizard step's completion check: what its complete button requires before the step counts as done.
 * Steps 1–4 follow the spec's validation rules (section 5); steps 5–9 the report document's rules.
 */
import type { WizardStepId } from '../wizard-steps';
import { reportTexts } from '../../messages/sections';
import { wizardTexts } from '../../messages/wizard';
import { SWOT_QUADRANTS } from '../../schemas/report-document';
import type { WizardData } from '../../schemas/wizard';

export type Completion = { ok: true } | { ok: false; message: string };

const ok: Completion = { ok: true };
const fail = (message: string): Completion => ({ ok: false, message });
const t = wizardTexts.toasts;
const r = reportTexts.completion;

export function stepCompletion(step: WizardStepId, data: WizardData): Completion {
  switch (step) {
    case 'setup': {
      const s = data.setup;
      return s && s.organizationName.trim() && s.reportTitle.trim() && s.reportOwner.trim() ? ok : fail(t.required);
    }
    case 'data-intake':
      return (data['data-intake']?.evidence.length ?? 0) > 0 ? ok : fail(t.evidenceRequired);
    case 'objectives':
      return data.objectives?.purpose.trim() ? ok : fail(t.purposeRequired);
    case 'context':
      return data.context?.companyBackground.trim() ? ok : fail(t.backgroundRequired);
    case 'findings':
      return (data.findings?.findings.length ?? 0) > 0 ? ok : fail(r.findingRequired);
    case 'swot': {
      const swot = data.swot;
      const open = SWOT_QUADRANTS.filter((q) => !(swot && (swot[q].length > 0 || swot.none[q])));
      return open.length === 0 ? ok : fail(r.swotQuadrants(open.map((q) => reportTexts.swot.quadrants[q])));
    }
    case 'recommendations':
      return (data.recommendations?.items.length ?? 0) > 0 ? ok : fail(r.recommendationRequired);
    case 'roadmap': {
      const planned = new Set((data.roadmap?.items ?? []).map((i) => i.recommendation_id));
      const missing = (data.recommendations?.items ?? []).filter((rec) => !rec.deferred && !planned.has(rec.id));
      return missing.length === 0 ? ok : fail(r.roadmapMissing(missing.length));
    }
    case 'executive-summary':
      return data['executive-summary']?.summary.trim() ? ok : fail(r.summaryRequired);
    case 'finalize':
      return ok;
  }
}
