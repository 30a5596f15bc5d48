/**
 * The rules of progress per step (DESIGN.md "Third round: Progress per step"), pure so that they are tested
 * without I/O: whether an incoming step is unchanged, the same tab's own earlier request landing late, a
 * conflict with someone else's save, or a write (and of what: the tab's data, or the stored data with the
 * fields the tab changed laid over it); and how stored progress splits into step items and assembles back.
 */
import { canonical, changedFields, sameData } from '@shared/domain/same-data';

export { canonical, changedFields, sameData };

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A step as stored: its data, its version, the version at which each top-level field last changed, its last writer. */
export interface StoredStep {
  data: unknown;
  version: number;
  field_versions: Record<string, number>;
  updated_by: string | null;
  session?: string;
  seq?: number;
}

/** Who is saving: the signed-in user and, from the SPA, the tab (session) and that tab's request number (seq). */
export interface Caller {
  user: string;
  session?: string;
  seq?: number;
}

/**
 * How the request says what its data is based on:
 * - `overwrite`: nothing (the spec's plain call): the request's data wins;
 * - `step`: the step's version the tab loaded, and (optionally) the fields the tab changed since;
 * - `whole`: the whole progress' version the tab loaded (before per-step versions); `moved` when it is not the stored one.
 */
export type BaseMode = { kind: 'overwrite' } | { kind: 'step'; expected: number; changedFields?: readonly string[] } | { kind: 'whole'; moved: boolean };

export type StepPlan =
  /** the stored data is already this: nothing is written, no version is bumped */
  | { kind: 'unchanged' }
  /** the same tab has stored a later save of this step: this (earlier) request leaves it alone */
  | { kind: 'superseded' }
  /** someone else saved this step after the tab loaded it, and the data differs */
  | { kind: 'conflict' }
  | { kind: 'write'; data: Record<string, unknown> };

/** The stored step's request number when this caller's own tab wrote it (same user, same tab session), else undefined. */
function ownTabSeq(stored: Pick<StoredStep, 'updated_by' | 'session' | 'seq'> | undefined, caller: Caller): number | undefined {
  if (!stored || !caller.session || caller.seq === undefined) return undefined;
  return stored.session === caller.session && stored.updated_by === caller.user ? stored.seq : undefined;
}

/** True when the stored step was written by this caller's own tab with a later request than this one. */
export function laterFromSameTab(stored: Pick<StoredStep, 'updated_by' | 'session' | 'seq'> | undefined, caller: Caller): boolean {
  const seq = ownTabSeq(stored, caller);
  return seq !== undefined && seq > caller.seq!;
}

/** True when the stored step was written by an earlier request of this caller's own tab. */
function earlierFromSameTab(stored: Pick<StoredStep, 'updated_by' | 'session' | 'seq'> | undefined, caller: Caller): boolean {
  const seq = ownTabSeq(stored, caller);
  return seq !== undefined && seq <= caller.seq!;
}

/** The stored data with the given fields of the incoming data laid over it. */
function overlay(stored: unknown, incoming: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const next = { ...asRecord(stored) };
  for (const f of fields) {
    if (f in incoming) next[f] = incoming[f];
  }
  return next;
}

/** What to do with one step of a save. */
export function planStep(stored: StoredStep | undefined, incoming: Record<string, unknown>, mode: BaseMode, caller: Caller): StepPlan {
  if (stored && sameData(stored.data, incoming)) return { kind: 'unchanged' };
  if (laterFromSameTab(stored, caller)) return { kind: 'superseded' };
  if (!stored || mode.kind === 'overwrite') return { kind: 'write', data: incoming };
  if (mode.kind === 'whole') return mode.moved ? { kind: 'conflict' } : { kind: 'write', data: incoming };
  if (stored.version === mode.expected) return { kind: 'write', data: incoming };
  // the stored version moved since the tab loaded the step
  const own = earlierFromSameTab(stored, caller);
  if (mode.changedFields) {
    const theirs = asRecord(stored.data);
    const clash = mode.changedFields.some((f) => (stored.field_versions[f] ?? 0) > mode.expected && !sameData(theirs[f], incoming[f]));
    if (own || !clash) {
      const data = overlay(stored.data, incoming, mode.changedFields);
      return sameData(data, stored.data) ? { kind: 'unchanged' } : { kind: 'write', data };
    }
    return { kind: 'conflict' };
  }
  return own ? { kind: 'write', data: incoming } : { kind: 'conflict' };
}

/**
 * The version at which each top-level field last changed, after writing `next` as `version`. When the tab says
 * which fields it changed, only those count as changed by this write (the others hold what the tab loaded, or
 * its schema's defaults for a step it never had).
 */
export function nextFieldVersions(stored: StoredStep | undefined, next: Record<string, unknown>, version: number, changedByTab?: readonly string[]): Record<string, number> {
  const before = asRecord(stored?.data);
  const out: Record<string, number> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(next)])) {
    if (next[key] === undefined) continue;
    const differs = !stored || !sameData(before[key], next[key]);
    const changed = differs && (!changedByTab || changedByTab.includes(key));
    out[key] = changed ? version : (stored?.field_versions[key] ?? 0);
  }
  return out;
}

/** Whether the PROGRESS item's current step may be set by this request (a later request of the same tab has set it). */
export const mayMoveCurrentStep = (stored: { updated_by: string | null; session?: string; seq?: number } | undefined, caller: Caller) => !laterFromSameTab(stored, caller);

/** Completed steps: once completed, a step stays completed (a union, in the wizard's order). */
export function mergeCompleted(order: readonly string[], ...lists: ReadonlyArray<Iterable<string>>): string[] {
  const all = new Set<string>();
  for (const list of lists) for (const id of list) all.add(id);
  return [...order.filter((id) => all.has(id)), ...[...all].filter((id) => !order.includes(id)).sort()];
}

/**
 * A stored progress of the single-item layout (wizard_data with every step, one version) as step items: each
 * step keeps the record's version, so a tab that loaded it saves against the same number.
 */
export function splitLegacy(wizardData: Record<string, unknown>, version: number, updatedBy: string | null, updatedAt: string | null) {
  return Object.entries(wizardData).map(([step, data]) => ({ step, data, version, field_versions: {}, updated_by: updatedBy, updated_by_name: null, updated_at: updatedAt }));
}

/** The spec's wizard_data (step id → data) from step items. */
export function assemble(steps: Iterable<{ step: string; data: unknown }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of steps) out[s.step] = s.data;
  return out;
}
