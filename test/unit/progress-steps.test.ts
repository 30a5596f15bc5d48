/** Progress per step: the split/assemble and the rules that tell a conflict from a tab's own save (pure). */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { STEP_DATA_SCHEMAS } from '../../shared/schemas/wizard';
import type { WizardStepId } from '../../shared/domain/wizard-steps';
import { reconcile } from '../../frontend/src/features/wizard/lib/reconcile';
import { jsonBytes, largestWizardData } from '../helpers/largest-report';
import { chooseDraftItems, draftItems } from '../../shared/domain/draft-merge';
import { relativeTime } from '../../shared/domain/relative-time';
import {
  assemble,
  canonical,
  changedFields,
  laterFromSameTab,
  mayMoveCurrentStep,
  mergeCompleted,
  nextFieldVersions,
  planStep,
  sameData,
  splitLegacy,
  type StoredStep,
} from '../../functions/domain/wizard/step-rules';

const stored = (data: Record<string, unknown>, extra: Partial<StoredStep> = {}): StoredStep => ({ data, version: 3, field_versions: {}, updated_by: 'dana', ...extra });
const dana = { user: 'dana', session: 'tab-a', seq: 10 };

describe('split and assemble', () => {
  it('splits the single-item layout into steps at the record\'s version and assembles them back into the spec\'s wizard_data', () => {
    // Prepare
    const wizardData = { objectives: { purpose: 'p' }, context: { companyBackground: 'c' } };
    // Act
    const steps = splitLegacy(wizardData, 7, 'dana', '2025-01-01T00:00:00Z');
    // Assess
    expect(steps.map((s) => [s.step, s.version, s.updated_by])).toEqual([
      ['objectives', 7, 'dana'],
      ['context', 7, 'dana'],
    ]);
    expect(assemble(steps)).toEqual(wizardData);
  });

  it('compares data whatever the key order, with undefined as absent (DynamoDB keeps no map order)', () => {
    expect(sameData({ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(canonical({ z: 1, a: 2 })).toBe('{"a":2,"z":1}');
  });

  it('lists the fields a tab changed, and keeps completed steps as a union in the wizard\'s order', () => {
    expect(changedFields({ purpose: 'a', inScope: 'b' }, { purpose: 'a', inScope: 'c', methodology: 'm' })).toEqual(['inScope', 'methodology']);
    expect(mergeCompleted(['setup', 'data-intake', 'objectives'], ['objectives'], ['setup', 'objectives'])).toEqual(['setup', 'objectives']);
  });
});

describe('a step of a save', () => {
  it('is unchanged when the stored data is the same, whatever the versions (no write, no bump)', () => {
    expect(planStep(stored({ purpose: 'x' }), { purpose: 'x' }, { kind: 'step', expected: 0 }, { user: 'sam' })).toEqual({ kind: 'unchanged' });
  });

  it('is written when the tab\'s version is the stored one, or when it has no version (the spec\'s call)', () => {
    expect(planStep(stored({ purpose: 'x' }), { purpose: 'y' }, { kind: 'step', expected: 3 }, { user: 'sam' })).toEqual({ kind: 'write', data: { purpose: 'y' } });
    expect(planStep(stored({ purpose: 'x' }), { purpose: 'y' }, { kind: 'overwrite' }, { user: 'sam' })).toEqual({ kind: 'write', data: { purpose: 'y' } });
    expect(planStep(undefined, { purpose: 'y' }, { kind: 'step', expected: 0 }, { user: 'sam' })).toEqual({ kind: 'write', data: { purpose: 'y' } });
  });

  it('is a conflict when someone else moved the version and the data differs', () => {
    expect(planStep(stored({ purpose: 'x' }), { purpose: 'y' }, { kind: 'step', expected: 2 }, { user: 'sam', session: 's', seq: 1 })).toEqual({ kind: 'conflict' });
    expect(planStep(stored({ purpose: 'x' }), { purpose: 'y' }, { kind: 'whole', moved: true }, { user: 'sam' })).toEqual({ kind: 'conflict' });
  });

  it('keeps both when the tab changed other fields than the ones changed since it loaded the step', () => {
    // Prepare: purpose changed at version 3 (after the tab's version 2); the tab changed inScope
    const s = stored({ purpose: 'theirs', inScope: 'old' }, { field_versions: { purpose: 3, inScope: 1 } });
    // Act
    const plan = planStep(s, { purpose: 'old purpose', inScope: 'mine' }, { kind: 'step', expected: 2, changedFields: ['inScope'] }, { user: 'sam' });
    // Assess
    expect(plan).toEqual({ kind: 'write', data: { purpose: 'theirs', inScope: 'mine' } });
    expect(planStep(s, { purpose: 'mine too' }, { kind: 'step', expected: 2, changedFields: ['purpose'] }, { user: 'sam' })).toEqual({ kind: 'conflict' });
    // the same value on both sides is no clash
    expect(planStep(s, { purpose: 'theirs', inScope: 'old' }, { kind: 'step', expected: 2, changedFields: ['purpose'] }, { user: 'sam' })).toEqual({ kind: 'unchanged' });
  });

  it('from the same tab with a lower seq than the stored save (an earlier request landing late) is superseded, never a conflict', () => {
    const s = stored({ purpose: 'later' }, { session: 'tab-a', seq: 12 });
    expect(planStep(s, { purpose: 'earlier' }, { kind: 'step', expected: 1 }, dana)).toEqual({ kind: 'superseded' });
    expect(laterFromSameTab(s, dana)).toBe(true);
    // another user who happens to send the same session id is not the tab
    expect(laterFromSameTab(s, { ...dana, user: 'sam' })).toBe(false);
  });

  it('from the same tab with a higher seq (its earlier request landed after this page loaded) is written, not a conflict', () => {
    const s = stored({ purpose: 'unload save' }, { session: 'tab-a', seq: 9 });
    expect(planStep(s, { purpose: 'next page' }, { kind: 'step', expected: 2 }, dana)).toEqual({ kind: 'write', data: { purpose: 'next page' } });
    // with the fields the tab changed, only those are laid over the stored data
    const s2 = stored({ purpose: 'unload save', inScope: 'typed before unload' }, { session: 'tab-a', seq: 9, field_versions: { purpose: 3, inScope: 3 } });
    expect(planStep(s2, { purpose: 'next page', inScope: 'stale view' }, { kind: 'step', expected: 2, changedFields: ['purpose'] }, dana)).toEqual({
      kind: 'write',
      data: { purpose: 'next page', inScope: 'typed before unload' },
    });
  });

  it('moves the current step unless a later request of the same tab set it', () => {
    expect(mayMoveCurrentStep({ updated_by: 'dana', session: 'tab-a', seq: 11 }, dana)).toBe(false);
    expect(mayMoveCurrentStep({ updated_by: 'dana', session: 'tab-a', seq: 9 }, dana)).toBe(true);
    expect(mayMoveCurrentStep({ updated_by: 'sam', session: 'tab-b', seq: 99 }, dana)).toBe(true);
    expect(mayMoveCurrentStep(undefined, dana)).toBe(true);
  });

  it('records the version at which each field changed (only the fields the tab says it changed)', () => {
    const s = stored({ purpose: 'a', inScope: 'b' }, { field_versions: { purpose: 2, inScope: 1 } });
    expect(nextFieldVersions(s, { purpose: 'a', inScope: 'c' }, 4)).toEqual({ purpose: 2, inScope: 4 });
    expect(nextFieldVersions(undefined, { purpose: 'x', inScope: '' }, 1, ['purpose'])).toEqual({ purpose: 1, inScope: 0 });
  });
});

describe('conflict texts', () => {
  it('says how long ago in words', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(relativeTime('2026-03-01T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-03-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-03-01T11:58:00Z', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-03-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-02-28T11:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-02-25T12:00:00Z', now)).toBe('4 days ago');
    expect(relativeTime(null, now)).toBe('some time ago');
  });
});

describe('choosing items of a draft', () => {
  it('lists a draft\'s items and keeps only the chosen ones', () => {
    const drafted = {
      strengths: [{ id: 's1', text: 'Brand', finding_ids: [], citations: [], ai_drafted: true }],
      weaknesses: [{ id: 'w1', text: 'Churn', finding_ids: [], citations: [], ai_drafted: true }],
      opportunities: [],
      threats: [],
      none: { strengths: false, weaknesses: false, opportunities: false, threats: false },
    };
    expect(draftItems('swot', drafted)).toEqual([
      { id: 's1', label: 'Brand' },
      { id: 'w1', label: 'Churn' },
    ]);
    expect(chooseDraftItems('swot', drafted, ['w1'])).toMatchObject({ strengths: [], weaknesses: [{ id: 'w1' }] });
    expect(chooseDraftItems('swot', drafted, undefined)).toBe(drafted);
  });
});

describe('the largest report the schemas allow (the bench\'s fixture)', () => {
  it('parses step by step with each step\'s own schema, so its size is of data the API accepts field by field', () => {
    const data = largestWizardData();
    for (const [step, schema] of Object.entries(STEP_DATA_SCHEMAS)) {
      const parsed = z.safeParse(schema, data[step]);
      expect(parsed.success, `${step}: ${parsed.success ? '' : parsed.error.message.slice(0, 300)}`).toBe(true);
    }
    // each step at its limit is far larger than the whole report's request body may be (2 MB)
    expect(jsonBytes(data.findings)).toBeGreaterThan(2 * 1024 * 1024);
  });
});

describe('a page reconciling its journal with the server (the SPA)', () => {
  const server = (over: Partial<Parameters<typeof reconcile>[0]> = {}) => ({
    data: { objectives: { purpose: 'stored', inScope: '', outOfScope: '', methodology: '' } },
    version: 4,
    stepVersions: { objectives: 2 },
    steps: { objectives: { version: 2, updated_by: 'dana', updated_by_name: 'Dana Reyes', updated_at: null, session: 'tab-a', seq: 7 } },
    completed: ['setup'] as WizardStepId[],
    ...over,
  });
  const journal = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({ state: { reportId: 'r', placeholderId: 'p', data, completed: ['setup', 'objectives'], current: 2, lastSaved: null, version: 3, stepVersions: { objectives: 1 } }, pending: true, savedAt: '', session: 'tab-a', seq: 8, ...extra }) as never;
  const mine = { objectives: { purpose: 'typed before the reload', inScope: '', outOfScope: '', methodology: '' } };

  it('keeps the tab\'s own unsaved work when the server\'s step is the version it was based on', () => {
    const r = reconcile(server({ stepVersions: { objectives: 1 }, steps: {} }), journal(mine, { session: 'tab-b' }), mine);
    expect(r).toMatchObject({ dirty: ['objectives'], conflicts: [], completed: ['setup', 'objectives'] });
    expect(r.data.objectives?.purpose).toBe('typed before the reload');
  });

  it('keeps it too when the server\'s step was written by this tab\'s own earlier request (the unload save landed late)', () => {
    const r = reconcile(server(), journal(mine), mine);
    expect(r).toMatchObject({ dirty: ['objectives'], conflicts: [] });
  });

  it('is a conflict when someone else saved the step after the journal\'s version', () => {
    const r = reconcile(server({ steps: { objectives: { version: 2, updated_by: 'sam', updated_by_name: 'Sam', updated_at: null } } }), journal(mine), mine);
    expect(r).toMatchObject({ dirty: [], conflicts: ['objectives'] });
    expect(r.data.objectives?.purpose).toBe('stored');
  });

  it('finishes a completion the server has not recorded, and ignores a journal that is not pending', () => {
    expect(reconcile(server(), journal(mine, { completing: ['objectives'] }), mine).completing).toEqual(['objectives']);
    expect(reconcile(server({ completed: ['setup', 'objectives'] }), journal(mine, { completing: ['objectives'] }), mine).completing).toEqual([]);
    expect(reconcile(server(), journal(mine, { pending: false }), mine)).toMatchObject({ dirty: [], conflicts: [] });
  });
});
