/**
 * Wizard progress, stored per step (DESIGN.md "Third round: Progress per step"):
 * - `REPORT#id` / `STEP#<step>`: one step's data with its own `version`, the version at which each of its
 *   top-level fields last changed, and its last writer (user, display name, time, tab session and sequence);
 * - `REPORT#id` / `PROGRESS`: current step, completed steps (a string set, so completing is a union),
 *   last save and a counter of saves (`version`), written by every save, last writer wins.
 * A step too large for an item keeps its data in S3 (one object per write, never reused).
 *
 * The single-item layout before it (`PROGRESS` holding every step in `wizard_data`, or in S3 under
 * `data_key`) is still read; the first write splits it into step items in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { WIZARD_STEP_IDS } from '@shared/domain/wizard-steps';
import type { Progress } from '@shared/schemas/wizard';
import { INLINE_ITEM_BYTES, itemSize } from './item-size';
import { keys } from './keys';
import { deleteObject, getObjectText, putObject } from './object-store';
import { tableName } from './table';
import { queryAll } from './table-query';
import { getItem, newItemPut, transact, type TransactItem, type TransactOutcome } from './table-ops';

/** A step's data goes to S3 when its item would be larger than this (an item is at most 400 KB). */
const INLINE_PROGRESS_BYTES = INLINE_ITEM_BYTES;

export interface StepRecord {
  step: string;
  data: unknown;
  version: number;
  field_versions: Record<string, number>;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: string | null;
  session?: string;
  seq?: number;
  /** where the data lives when it is too large for the item */
  data_key?: string;
  /** read from the single-item layout: not an item of its own yet */
  legacy?: true;
}

export interface ProgressMeta {
  /** false when no PROGRESS item exists yet */
  exists: boolean;
  version: number;
  current_step: number;
  completed_steps: string[];
  last_saved: string | null;
  updated_by: string | null;
  session?: string;
  seq?: number;
  /** the single-item layout, not yet split: its S3 object, if its data lived there */
  legacy?: { data_key?: string };
}

export interface ProgressItems {
  meta: ProgressMeta;
  steps: Map<string, StepRecord>;
}

const stepOrder = (a: string, b: string) => (WIZARD_STEP_IDS as readonly string[]).indexOf(a) - (WIZARD_STEP_IDS as readonly string[]).indexOf(b);

async function jsonObject(key: string): Promise<unknown> {
  const text = await getObjectText(key);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

function completedOf(item: Record<string, unknown>): string[] {
  const set = item.completed_set instanceof Set ? [...(item.completed_set as Set<string>)] : [];
  const list = Array.isArray(item.completed_steps) ? (item.completed_steps as string[]) : [];
  const all = new Set([...list, ...set]);
  return [...all].sort(stepOrder);
}

/** Every item of a report's progress, each step's data loaded (from S3 where it lives there). */
export async function readProgressItems(reportId: string): Promise<ProgressItems> {
  const [progress, stepItems] = await Promise.all([
    getItem(keys.reportProgress(reportId), { consistent: true }),
    queryAll(keys.reportPartition(reportId), keys.wizardStepSkPrefix, { consistent: true }),
  ]);
  const item = progress ?? {};
  const meta: ProgressMeta = {
    exists: Boolean(progress),
    version: Number(item.version ?? 0),
    current_step: Number(item.current_step ?? 0),
    completed_steps: completedOf(item),
    last_saved: (item.last_saved as string | undefined) ?? null,
    updated_by: (item.updated_by as string | undefined) ?? null,
    ...(typeof item.session === 'string' ? { session: item.session } : {}),
    ...(item.seq !== undefined ? { seq: Number(item.seq) } : {}),
  };
  const steps = new Map<string, StepRecord>();
  await Promise.all(
    stepItems.map(async (s) => {
      const dataKey = s.data_key as string | undefined;
      const record: StepRecord = {
        step: String(s.step),
        data: dataKey ? await jsonObject(dataKey) : s.data,
        version: Number(s.version ?? 0),
        field_versions: (s.field_versions as Record<string, number> | undefined) ?? {},
        updated_by: (s.updated_by as string | undefined) ?? null,
        updated_by_name: (s.updated_by_name as string | undefined) ?? null,
        updated_at: (s.updated_at as string | undefined) ?? null,
        ...(typeof s.session === 'string' ? { session: s.session } : {}),
        ...(s.seq !== undefined ? { seq: Number(s.seq) } : {}),
        ...(dataKey ? { data_key: dataKey } : {}),
      };
      steps.set(record.step, record);
    }),
  );
  // the single-item layout: every step in wizard_data (or in S3), all at the record's version
  const legacyKey = item.data_key as string | undefined;
  if (item.wizard_data !== undefined || legacyKey) {
    meta.legacy = legacyKey ? { data_key: legacyKey } : {};
    const data = (legacyKey ? await jsonObject(legacyKey) : item.wizard_data) as Record<string, unknown> | undefined;
    for (const [step, value] of Object.entries(data ?? {})) {
      if (steps.has(step)) continue;
      steps.set(step, {
        step,
        data: value,
        version: meta.version,
        field_versions: {},
        updated_by: meta.updated_by,
        updated_by_name: null,
        updated_at: meta.last_saved,
        legacy: true,
      });
    }
  }
  return { meta, steps: new Map([...steps.entries()].sort(([a], [b]) => stepOrder(a, b))) };
}

/** The spec's progress record, assembled from the items (undefined when nothing was ever saved). */
export async function readProgress(reportId: string, viewer?: string): Promise<Progress | undefined> {
  const { meta, steps } = await readProgressItems(reportId);
  if (!meta.exists && steps.size === 0) return undefined;
  return assembleProgress(reportId, { meta, steps }, viewer);
}

export function assembleProgress(reportId: string, { meta, steps }: ProgressItems, viewer?: string): Progress {
  const list = [...steps.values()];
  return {
    report_id: reportId,
    wizard_data: Object.fromEntries(list.map((s) => [s.step, s.data])),
    completed_steps: meta.completed_steps,
    current_step: meta.current_step,
    last_saved: meta.last_saved,
    version: meta.version,
    updated_by: meta.updated_by,
    step_versions: Object.fromEntries(list.map((s) => [s.step, s.version])),
    steps: Object.fromEntries(
      list.map((s) => [
        s.step,
        {
          version: s.version,
          updated_by: s.updated_by,
          updated_by_name: s.updated_by_name,
          updated_at: s.updated_at,
          // a tab's own session and sequence are shown to its user only
          ...(viewer && s.updated_by === viewer && s.session !== undefined ? { session: s.session, seq: s.seq } : {}),
        },
      ]),
    ),
  };
}

/** One step item to write: `expected` is the stored version it replaces (0: it must not exist yet). */
export interface StepWrite {
  step: string;
  data: Record<string, unknown>;
  version: number;
  expected: number;
  field_versions: Record<string, number>;
  updated_by: string;
  updated_by_name: string;
  updated_at: string;
  session?: string;
  seq?: number;
  /** the S3 object the stored item points at, removed once this write has replaced it */
  previous_key?: string;
}

export interface MetaWrite {
  last_saved: string;
  updated_by: string;
  updated_by_name: string;
  /** set the current step (omitted: left as stored) */
  current_step?: number;
  session?: string;
  seq?: number;
  /** steps to add to the completed set */
  completed_add: readonly string[];
  /** only when the stored save counter is still this (a save based on the whole progress' version) */
  expected_version?: number;
  /** only when no later request of this tab has set the current step meanwhile */
  guard_seq?: boolean;
}

export interface ProgressWrite {
  report_id: string;
  steps: readonly StepWrite[];
  meta: MetaWrite;
  /** split the single-item layout in the same transaction: the stored steps not written now become items */
  migrate?: { steps: readonly StepRecord[]; legacy_key?: string };
  /** a pending AI draft of a step, marked accepted in the same transaction */
  accept_draft?: { step: string; at: string; by: string; count: number };
}

/**
 * Why a write did not happen: it lost a race (read again and decide again), or a condition of one of the
 * other parts written with it failed (`failed` names that part).
 */
export type WriteOutcome = { ok: true } | { ok: false; retry: true } | { ok: false; retry: false; failed: string };

/** Another repository's item, written in the same transaction as the progress (setup: the organization and report). */
export interface TransactionPart {
  name: string;
  item: TransactItem;
}

interface StepBody {
  data?: Record<string, unknown>;
  data_key?: string;
}

/** A step's item, its data inline or (when too large) in a new S3 object written first. */
async function stepItem(reportId: string, w: { step: string; data: unknown } & Record<string, unknown>, written: string[]) {
  const { data, ...rest } = w;
  const base = { ...keys.wizardStep(reportId, w.step), entity: 'WizardStep', report_id: reportId, ...rest };
  let body: StepBody = { data: data as Record<string, unknown> };
  if (itemSize({ ...base, data }) > INLINE_PROGRESS_BYTES) {
    const key = keys.wizardStepObject(reportId, w.step, randomUUID());
    await putObject(key, JSON.stringify(data), 'application/json');
    written.push(key);
    body = { data_key: key };
  }
  return { ...base, ...body };
}

/**
 * Writes the steps and the PROGRESS item in one transaction. Each step is conditional on the version it
 * replaces; PROGRESS is last writer wins (a counter, a union of completed steps), conditional only where
 * asked (a whole-progress version, a later request of the same tab). A write that lost to another one
 * (a failed condition, an overlapping transaction) answers `retry`: the caller reads again and decides.
 */
export async function writeProgressItems(input: ProgressWrite, also: readonly TransactionPart[] = []): Promise<WriteOutcome> {
  const { report_id: reportId, meta } = input;
  const written: string[] = [];
  const items: TransactItem[] = also.map((p) => p.item);
  let outcome: TransactOutcome;
  try {
    for (const w of input.steps) {
      const { previous_key: _previous, expected, ...fields } = w;
      const Item = await stepItem(reportId, fields, written);
      items.push({
        Put: {
          TableName: tableName,
          Item,
          ConditionExpression: expected === 0 ? 'attribute_not_exists(PK)' : 'version = :v',
          ...(expected === 0 ? {} : { ExpressionAttributeValues: { ':v': expected } }),
        },
      });
    }
    for (const s of input.migrate?.steps ?? []) {
      const Item = await stepItem(
        reportId,
        { step: s.step, data: s.data, version: s.version, field_versions: {}, updated_by: s.updated_by ?? 'unknown', ...(s.updated_at ? { updated_at: s.updated_at } : {}) },
        written,
      );
      items.push(newItemPut(Item));
    }
    items.push(progressUpdate(reportId, meta, Boolean(input.migrate)));
    if (input.accept_draft) {
      items.push({
        Update: {
          TableName: tableName,
          Key: keys.pendingDraft(reportId, input.accept_draft.step),
          UpdateExpression: 'SET #status = :accepted, accepted_at = :at, accepted_by = :by, accepted_count = :count',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':accepted': 'accepted', ':at': input.accept_draft.at, ':by': input.accept_draft.by, ':count': input.accept_draft.count },
        },
      });
    }
    outcome = await transact(items, { retryConflicts: false });
  } catch (error) {
    // nothing was written: the objects of this attempt go too
    await Promise.all(written.map((k) => deleteObject(k).catch(() => undefined)));
    throw error;
  }
  if (!outcome.ok) {
    await Promise.all(written.map((k) => deleteObject(k).catch(() => undefined)));
    // a condition of one of the other parts (setup: the organization, the report) failed: say which
    const failed = outcome.reason === 'condition' ? also.find((_, i) => outcome.failed.includes(i)) : undefined;
    return failed ? { ok: false, retry: false, failed: failed.name } : { ok: false, retry: true };
  }
  // the objects the replaced items pointed at (and the single-item layout's) are not referenced any more
  const stale = [...input.steps.map((s) => s.previous_key), input.migrate?.legacy_key].filter((k): k is string => Boolean(k));
  await Promise.all(stale.map((k) => deleteObject(k).catch(() => undefined)));
  return { ok: true };
}

function progressUpdate(reportId: string, meta: MetaWrite, migrate: boolean): TransactItem {
  const set = ['entity = :entity', 'report_id = :rid', 'last_saved = :ls', 'updated_by = :by', 'updated_by_name = :byName'];
  const values: Record<string, unknown> = { ':entity': 'WizardProgress', ':rid': reportId, ':ls': meta.last_saved, ':by': meta.updated_by, ':byName': meta.updated_by_name, ':one': 1 };
  const names: Record<string, string> = {};
  if (meta.current_step !== undefined) {
    set.push('current_step = :cs');
    values[':cs'] = meta.current_step;
  }
  if (meta.session !== undefined && meta.seq !== undefined && meta.current_step !== undefined) {
    set.push('#session = :session', 'seq = :seq');
    names['#session'] = 'session';
    values[':session'] = meta.session;
    values[':seq'] = meta.seq;
  }
  const add = ['version :one'];
  if (meta.completed_add.length) {
    add.push('completed_set :done');
    values[':done'] = new Set(meta.completed_add);
  }
  const conditions: string[] = [];
  if (migrate) conditions.push('(attribute_exists(wizard_data) OR attribute_exists(data_key))');
  if (meta.expected_version !== undefined) {
    conditions.push(meta.expected_version === 0 ? '(attribute_not_exists(version) OR version = :expected)' : 'version = :expected');
    values[':expected'] = meta.expected_version;
  }
  if (meta.guard_seq && meta.session !== undefined && meta.seq !== undefined) {
    names['#session'] = 'session';
    values[':session'] = meta.session;
    values[':seq'] = meta.seq;
    conditions.push('(attribute_not_exists(#session) OR #session <> :session OR updated_by <> :by OR seq <= :seq)');
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.reportProgress(reportId),
      UpdateExpression: `SET ${set.join(', ')} ADD ${add.join(', ')}${migrate ? ' REMOVE wizard_data, data_key' : ''}`,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}
