import { citationFingerprint, mapStepCitations, stepCitations } from '@shared/domain/report/citations';
import { parseWizardData, type Progress, type SaveProgressBody, type WizardData } from '@shared/schemas/wizard';
import { details } from '@shared/messages';
import { readProgress, writeProgress } from '../../data/progress-repo';
import { getReport } from '../../data/reports-repo';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { EvidenceTexts, markStepCitations, storedCitation, verifyCitations } from '../sections/citation-check';

async function assertReport(reportId: string): Promise<void> {
  if (!(await getReport(reportId))) throw new NotFoundError(details.reportNotFound);
}

/** GET /api/wizard-progress/{report_id}: the saved progress, or an empty one (version 0) for a new report. */
export async function getProgress(reportId: string): Promise<Progress> {
  await assertReport(reportId);
  const stored = await readProgress(reportId);
  if (stored) {
    // citations whose evidence was deleted since come back marked broken (with their source's title);
    // steps that do not parse are returned as stored, for the SPA to keep aside
    const { data } = parseWizardData(stored.wizard_data);
    if (stepCitations(data).length) {
      const marked = await markStepCitations(data, new EvidenceTexts(reportId));
      return { ...stored, wizard_data: { ...stored.wizard_data, ...marked } };
    }
    return stored;
  }
  return (
    stored ?? {
      report_id: reportId,
      wizard_data: {},
      completed_steps: [],
      current_step: 0,
      last_saved: null,
      version: 0,
      updated_by: null,
    }
  );
}

/**
 * POST /api/wizard-progress. With `version` (what this tab loaded) a save from a stale tab is refused with
 * 409 and overwrites nothing; without it (the spec's plain call) the latest version is replaced.
 */
export async function saveProgress(body: SaveProgressBody, by: string) {
  await assertReport(body.report_id);
  const wizardData = await checkedCitations(body.report_id, body.wizard_data);
  const lastSaved = new Date().toISOString();
  const attempt = () =>
    writeProgress({
      report_id: body.report_id,
      wizard_data: wizardData,
      completed_steps: [...new Set(body.completed_steps)],
      current_step: body.current_step,
      last_saved: lastSaved,
      updated_by: by,
      expected: body.version,
    });
  let outcome = await attempt();
  if (!outcome.ok && body.version === undefined) outcome = await attempt(); // lost a race while overwriting: once more
  if (!outcome.ok) throw new ConflictError(details.progressStale(outcome.current?.updated_by ?? 'someone else', outcome.current?.version ?? 0));
  return { success: true as const, version: outcome.version, last_saved: lastSaved };
}

/**
 * Every citation in the step data must verify against the stored evidence. Citations the stored progress
 * already holds unchanged are not read again (a save every 20 s stays cheap); the server's read-only marks
 * (`broken`, `source_title`) are not stored.
 */
async function checkedCitations(reportId: string, data: WizardData): Promise<WizardData> {
  const placed = stepCitations(data);
  if (!placed.length) return data;
  const stored = await readProgress(reportId);
  const known = new Set(stepCitations(parseWizardData(stored?.wizard_data ?? {}).data).map((p) => citationFingerprint(p.citation)));
  await verifyCitations(
    placed.map((p) => p.citation),
    new EvidenceTexts(reportId),
    known,
  );
  return mapStepCitations(data, storedCitation);
}
