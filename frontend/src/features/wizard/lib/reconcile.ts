/**
 * What a page shows when it loads a report: the server's progress, compared step by step with this browser's
 * journal (the copy written before every save request). A step the journal changed is this tab's own work
 * when the server's step is still the version the journal was based on, or was last written by this same tab
 * (an earlier request of it that landed after the page loaded); then it is kept and saved again. Otherwise
 * someone else saved that step meanwhile: a conflict for the user to resolve. Pure.
 */
import { sameData } from '@shared/domain/same-data';
import { WIZARD_STEP_IDS, type WizardStepId } from '@shared/domain/wizard-steps';
import type { StepMeta } from '@shared/schemas/wizard';
import type { LocalCopy, WizardData } from './types';

export interface ServerSteps {
  data: WizardData;
  /** the count of saves (a journal written before per-step versions is compared with it) */
  version: number;
  stepVersions: Record<string, number>;
  steps: Record<string, StepMeta>;
  completed: readonly WizardStepId[];
}

export interface Reconciled {
  data: WizardData;
  /** the steps taken from the journal (to be saved again) */
  dirty: WizardStepId[];
  /** the steps the journal changed that someone else changed too (the server's are shown) */
  conflicts: WizardStepId[];
  /** completions the journal holds that the server has not recorded (to be completed again) */
  completing: WizardStepId[];
  completed: WizardStepId[];
}

export function reconcile(server: ServerSteps, journal: LocalCopy | null, journalData: WizardData | null): Reconciled {
  const data: WizardData = { ...server.data };
  const dirty: WizardStepId[] = [];
  const conflicts: WizardStepId[] = [];
  if (!journal?.pending || !journalData) return { data, dirty, conflicts, completing: [], completed: [...server.completed] };
  for (const id of WIZARD_STEP_IDS) {
    const mine = journalData[id];
    if (mine === undefined || sameData(mine, server.data[id])) continue;
    const meta = server.steps[id];
    const ownEarlier = Boolean(journal.session && meta?.session === journal.session && (meta.seq ?? 0) <= (journal.seq ?? 0));
    // a journal of the single-version days holds the whole progress' version
    const unchanged = journal.state.stepVersions ? (server.stepVersions[id] ?? 0) === (journal.state.stepVersions[id] ?? 0) : journal.state.version >= server.version;
    if (unchanged || ownEarlier) {
      (data as Record<string, unknown>)[id] = mine;
      dirty.push(id);
    } else conflicts.push(id);
  }
  const completed = WIZARD_STEP_IDS.filter((id) => server.completed.includes(id) || journal.state.completed.includes(id));
  const completing = (journal.completing ?? []).filter((id) => !server.completed.includes(id) && !conflicts.includes(id));
  return { data, dirty, conflicts, completing, completed };
}
