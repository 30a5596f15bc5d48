/**
 * Saved wizard data that no longer parses (an older shape, a damaged local copy) is never dropped: it is
 * kept as a saved report file when the report exists, otherwise in browser storage under its own key, and
 * the user is told.
 */
import { reportTexts } from '@shared/messages/sections';
import { WIZARD_STEPS } from '@shared/domain/wizard-steps';
import type { SetAsideStep } from '@shared/schemas/wizard';
import { saveReportFile } from '../api/save-report-file';
import { notify } from './notify';

const SET_ASIDE_KEY = 'assay.wizard.set-aside';

const stepTitle = (id: string) => WIZARD_STEPS.find((s) => s.id === id)?.title ?? id;

export async function keepAside(reportId: string | null, setAside: readonly SetAsideStep[]): Promise<void> {
  if (!setAside.length) return;
  const data = Object.fromEntries(setAside.map((s) => [s.step, s.raw]));
  const problems = setAside.map((s) => `${stepTitle(s.step)}: ${s.problem}`).join('\n');
  let kept = false;
  if (reportId) {
    kept = await saveReportFile(reportId, `Unreadable saved data (${new Date().toLocaleString()})`, { ...data, _problems: problems }).then(
      () => true,
      () => false,
    );
  }
  if (!kept) {
    try {
      const earlier = JSON.parse(localStorage.getItem(SET_ASIDE_KEY) ?? '[]') as unknown[];
      localStorage.setItem(SET_ASIDE_KEY, JSON.stringify([...earlier, { at: new Date().toISOString(), reportId, data, problems }].slice(-20)));
    } catch {
      // storage full or blocked: the data stays in the stored progress itself, untouched
    }
  }
  notify.info(reportTexts.setAside(setAside.map((s) => stepTitle(s.step))));
}
