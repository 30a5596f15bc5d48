/**
 * Stores wizard steps: the one write path of saves, "complete step", setup and accepted drafts. It reads the
 * report's progress items, decides per step (step-rules.ts: unchanged, superseded by the same tab's later
 * save, conflict, or write), and writes the steps that changed plus the PROGRESS item in one transaction.
 * A write that lost a race is read again and decided again, so a save without a version (the spec's call)
 * never meets a 409, and a save with one meets a 409 only when someone else changed the same step.
 */
import { citationFingerprint, mapStepCitations, stepCitations } from '@shared/domain/report/citations';
import { relativeTime } from '@shared/domain/relative-time';
import { WIZARD_STEP_IDS, WIZARD_STEPS, type WizardStepId } from '@shared/domain/wizard-steps';
import { wizardDetails } from '@shared/messages/wizard';
import { parseWizardData } from '@shared/schemas/wizard';
import { assembleProgress, readProgressItems, writeProgressItems, type ProgressItems, type StepRecord, type StepWrite, type TransactionPart } from '../../data/progress-repo';
import { reportOpenCheck } from '../../data/report-lock-repo';
import { getProfile } from '../../data/users-repo';
import { ConflictError, ServiceUnavailableError } from '../../lib/errors';
import { closedReportError } from '../access/final-lock';
import { EvidenceTexts, storedCitation, verifyCitations } from '../sections/citation-check';
import { mayMoveCurrentStep, mergeCompleted, nextFieldVersions, planStep, type BaseMode, type Caller } from './step-rules';

export interface StepsToStore {
  reportId: string;
  /** each step's data as the request has it (already parsed with its schema) */
  steps: Partial<Record<WizardStepId, Record<string, unknown>>>;
  /** what the request's data is based on */
  base:
    | { kind: 'overwrite' }
    | { kind: 'step'; versions: Partial<Record<string, number>>; changedFields?: Partial<Record<string, readonly string[]>> }
    | { kind: 'whole'; version: number };
  completedAdd?: readonly string[];
  currentStep?: number;
  caller: Caller;
  /** a pending draft of this step marked accepted (with how many of its items were added) in the same transaction */
  acceptDraft?: { step: string; count: number };
  /** other items written in the same transaction (setup: the organization and the report) */
  also?: readonly TransactionPart[];
  /**
   * false: the write does not check that the report is not Final (setup, which creates the report or updates it
   * in the same transaction on its version). Otherwise a write that changes the steps' content (their data, the
   * completed steps, an accepted draft) holds only while the report is not Final: 409 when it is.
   */
  openCheck?: false;
  /**
   * the report's progress items as the caller has just read them (a workflow reads them once): the first attempt
   * decides on them; an attempt after a lost race reads them again
   */
  read?: ProgressItems;
}

/** A part written with the steps (`also`) whose condition failed: the caller says what that means. */
export class PartFailedError extends Error {
  constructor(readonly part: string) {
    super(`${part} condition failed`);
    this.name = 'PartFailedError';
  }
}

export interface StoredSteps {
  version: number;
  last_saved: string;
  step_versions: Record<string, number>;
  superseded: string[];
  completed_steps: string[];
  current_step: number;
  /** the steps' data as stored now */
  data: Record<string, unknown>;
}

/** The name of the transaction part that holds only while the report is not Final. */
const OPEN_PART = 'report-open';

/** Attempts before a save that keeps losing races gives up (each attempt, one of the racing writers wins). */
const ATTEMPTS = 40;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** Math.min(attempt, 5)));

const names = new Map<string, { name: string; at: number }>();
/** The display name of a user (their profile's name), cached for a few minutes per function instance. */
async function displayName(username: string): Promise<string> {
  const cached = names.get(username);
  if (cached && Date.now() - cached.at < 5 * 60_000) return cached.name;
  const profile = await getProfile(username).catch(() => undefined);
  const name = profile?.name?.trim() || username;
  names.set(username, { name, at: Date.now() });
  return name;
}

const stepTitle = (id: string) => WIZARD_STEPS.find((s) => s.id === id)?.title ?? id;

/** "Dana Reyes saved Findings & Analysis 2 minutes ago" (or "You saved … from another tab or device …"). */
function conflictDetail(stored: StepRecord, caller: Caller, now = Date.now()): string {
  const ago = relativeTime(stored.updated_at, now);
  if (stored.updated_by && stored.updated_by === caller.user) return wizardDetails.stepSavedByYou(stepTitle(stored.step), ago);
  return wizardDetails.stepSavedBy(stored.updated_by_name ?? stored.updated_by ?? 'Someone', stepTitle(stored.step), ago);
}

function modeFor(base: StepsToStore['base'], step: string, items: ProgressItems): BaseMode {
  switch (base.kind) {
    case 'overwrite':
      return { kind: 'overwrite' };
    case 'whole':
      return { kind: 'whole', moved: items.meta.version !== base.version };
    case 'step': {
      const fields = base.changedFields?.[step];
      return { kind: 'step', expected: base.versions[step] ?? 0, ...(fields ? { changedFields: fields } : {}) };
    }
  }
}

/** Each stored step's data by step id (the spec's wizard_data), from the progress items as read. */
export const storedStepData = (items: ProgressItems): Record<string, unknown> => Object.fromEntries([...items.steps.values()].map((s) => [s.step, s.data]));

/**
 * Every citation in the steps must verify against the stored evidence; citations the stored steps already hold
 * unchanged are not read again (a save every 20 s stays cheap); the server's read-only marks are not stored.
 */
async function checkedCitations(reportId: string, steps: Record<string, Record<string, unknown>>, stored: ProgressItems): Promise<Record<string, Record<string, unknown>>> {
  const { data } = parseWizardData(steps);
  const placed = stepCitations(data);
  if (!placed.length) return steps;
  const known = new Set(stepCitations(parseWizardData(storedStepData(stored)).data).map((p) => citationFingerprint(p.citation)));
  await verifyCitations(
    placed.map((p) => p.citation),
    new EvidenceTexts(reportId),
    known,
  );
  return { ...steps, ...(mapStepCitations(data, storedCitation) as Record<string, Record<string, unknown>>) };
}

export async function storeSteps(input: StepsToStore): Promise<StoredSteps> {
  const { reportId, caller } = input;
  const name = await displayName(caller.user);
  let incoming = input.steps as Record<string, Record<string, unknown>>;
  let checked = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const items = attempt === 0 && input.read ? input.read : await readProgressItems(reportId);
    if (!checked) {
      incoming = await checkedCitations(reportId, incoming, items);
      checked = true;
    }
    const now = new Date().toISOString();
    const writes: StepWrite[] = [];
    const superseded: string[] = [];
    for (const [step, data] of Object.entries(incoming)) {
      const stored = items.steps.get(step);
      const mode = modeFor(input.base, step, items);
      const plan = planStep(stored, data, mode, caller);
      if (plan.kind === 'conflict') throw new ConflictError(conflictDetail(stored!, caller));
      if (plan.kind === 'superseded') superseded.push(step);
      if (plan.kind !== 'write') continue;
      const version = (stored?.version ?? 0) + 1;
      writes.push({
        step,
        data: plan.data,
        version,
        expected: stored && !stored.legacy ? stored.version : 0,
        field_versions: nextFieldVersions(stored, plan.data, version, mode.kind === 'step' ? mode.changedFields : undefined),
        updated_by: caller.user,
        updated_by_name: name,
        updated_at: now,
        ...(caller.session !== undefined ? { session: caller.session } : {}),
        ...(caller.seq !== undefined ? { seq: caller.seq } : {}),
        ...(stored?.data_key ? { previous_key: stored.data_key } : {}),
      });
    }
    const completedAdd = (input.completedAdd ?? []).filter((s) => !items.meta.completed_steps.includes(s));
    const moveCurrent = input.currentStep !== undefined && input.currentStep !== items.meta.current_step && mayMoveCurrentStep(items.meta, caller);
    const wholeMoved = input.base.kind === 'whole' && items.meta.version !== input.base.version;
    const answer = (version: number, lastSaved: string, written: readonly StepWrite[]): StoredSteps => {
      const stepVersions = Object.fromEntries([...items.steps.values()].map((s) => [s.step, s.version]));
      const data = Object.fromEntries([...items.steps.values()].map((s) => [s.step, s.data]));
      for (const w of written) {
        stepVersions[w.step] = w.version;
        data[w.step] = w.data;
      }
      return {
        version,
        last_saved: lastSaved,
        step_versions: stepVersions,
        superseded,
        completed_steps: mergeCompleted(WIZARD_STEP_IDS, items.meta.completed_steps, completedAdd),
        current_step: moveCurrent ? input.currentStep! : items.meta.current_step,
        data,
      };
    };
    if (!writes.length && !completedAdd.length && !moveCurrent && !input.acceptDraft && !input.also?.length) {
      // nothing to change: the stored progress already is this save (or a later one of the same tab)
      return answer(items.meta.version, items.meta.last_saved ?? now, []);
    }
    const written = new Set(writes.map((w) => w.step));
    // moving the current step alone is no change of content: a Final report is still read in the wizard
    const changesContent = writes.length > 0 || completedAdd.length > 0 || Boolean(input.acceptDraft);
    const parts = [...(input.also ?? []), ...(changesContent && input.openCheck !== false ? [{ name: OPEN_PART, item: reportOpenCheck(reportId) }] : [])];
    const outcome = await writeProgressItems({
      report_id: reportId,
      steps: writes,
      meta: {
        last_saved: now,
        updated_by: caller.user,
        updated_by_name: name,
        ...(moveCurrent ? { current_step: input.currentStep, guard_seq: true } : {}),
        ...(caller.session !== undefined && caller.seq !== undefined ? { session: caller.session, seq: caller.seq } : {}),
        completed_add: completedAdd,
        // a save based on the whole progress' version writes only if it is still that version
        ...(input.base.kind === 'whole' && !wholeMoved ? { expected_version: input.base.version } : {}),
      },
      ...(items.meta.legacy
        ? { migrate: { steps: [...items.steps.values()].filter((s) => s.legacy && !written.has(s.step)), ...(items.meta.legacy.data_key ? { legacy_key: items.meta.legacy.data_key } : {}) } }
        : {}),
      ...(input.acceptDraft ? { accept_draft: { ...input.acceptDraft, at: now, by: caller.user } } : {}),
    }, parts);
    if (outcome.ok) return answer(items.meta.version + 1, now, writes);
    if (!outcome.retry && outcome.failed === OPEN_PART) throw await closedReportError(reportId);
    if (!outcome.retry) throw new PartFailedError(outcome.failed);
    await pause(attempt);
  }
  throw new ServiceUnavailableError(wizardDetails.saveRetryExhausted);
}

/** The progress as GET /api/wizard-progress answers it, assembled from the items. */
export async function assembled(reportId: string, viewer: string) {
  const items = await readProgressItems(reportId);
  return { items, progress: assembleProgress(reportId, items, viewer) };
}
