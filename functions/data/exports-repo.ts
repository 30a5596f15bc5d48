/**
 * Export jobs: one item per export under the report (`EXPORT#<uuidv7>`), written when the export is asked
 * for, then moved along by the worker (queued → running → done | failed) with its progress. A job that is
 * done or failed is never changed again: every update after the first is conditional on the job still running.
 */
import type { ExportFormat, ExportStage, ExportStatus } from '@shared/schemas/exports';
import type { EXPORT_EXTRAS } from '@shared/schemas/exports';

type ExportExtra = (typeof EXPORT_EXTRAS)[number];
import type { SectionKey } from '@shared/schemas/report-document';
import { keys } from './keys';
import { queryAll } from './table-query';
import { AGAIN, getItem, newItemPut, putIf, queryPage, retryOnRace, setExpression, updateIf } from './table-ops';

export interface ExportRecord {
  id: string;
  report_id: string;
  format: ExportFormat;
  sections: SectionKey[];
  /** the optional sections asked for (comparison, benchmark) */
  extras?: ExportExtra[];
  section_versions: Record<string, number>;
  approvals: Record<string, { version: number; approved_by: string; approved_at: string }> | null;
  report_version: number;
  status: ExportStatus;
  progress: number;
  stage: ExportStage;
  error: string | null;
  file_key: string | null;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** what the file says of itself that a user should know (a PDF's fonts set in a stand-in); absent when nothing */
  notes?: string[];
}

const FIELDS = [
  'id', 'report_id', 'format', 'sections', 'extras', 'section_versions', 'report_version', 'approvals', 'status', 'progress', 'stage', 'error',
  'file_key', 'file_name', 'content_type', 'size', 'created_by', 'created_at', 'updated_at', 'completed_at',
] as const;

function recordOf(item: Record<string, unknown>): ExportRecord {
  const out = Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as unknown as ExportRecord;
  out.sections ??= [];
  out.extras ??= [];
  out.section_versions ??= {};
  out.report_version ??= 0;
  out.progress ??= 0;
  if (Array.isArray(item.notes) && item.notes.length) out.notes = item.notes as string[];
  return out;
}

/**
 * Takes one of a report's export slots for `exportId`, atomically: one conditional ADD to the set of the report's
 * running exports, so parallel starts can never pass the cap (8 at once: exactly `max` get one). When the set is
 * full, slots of exports that can no longer be running (`stale`: their worker's time is long over) are freed and
 * the claim is tried once more. False when every slot is taken.
 */
export async function claimExportSlot(reportId: string, exportId: string, max: number, stale: (id: string) => boolean): Promise<boolean> {
  const key = keys.exportSlots(reportId);
  return retryOnRace(
    2,
    async () => {
      const claimed = await updateIf({
        Key: key,
        UpdateExpression: 'ADD active :id SET entity = :e',
        ConditionExpression: 'attribute_not_exists(active) OR size(active) < :max',
        ExpressionAttributeValues: { ':id': new Set([exportId]), ':max': max, ':e': 'ExportSlots' },
      });
      if (claimed) return true;
      const item = await getItem(key, { consistent: true });
      const gone = [...((item?.active as Set<string> | undefined) ?? [])].filter(stale);
      if (!gone.length) return false;
      await updateIf({ Key: key, UpdateExpression: 'DELETE active :gone', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':gone': new Set(gone) } });
      return AGAIN;
    },
    () => false,
  );
}

/** Gives an export's slot back (done, failed, or never started). Harmless when it holds none. */
export async function releaseExportSlot(reportId: string, exportId: string): Promise<void> {
  await updateIf({ Key: keys.exportSlots(reportId), UpdateExpression: 'DELETE active :id', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':id': new Set([exportId]) } });
}

/** Stores a new job (its id is new: the write never replaces one). */
export async function insertExport(record: ExportRecord): Promise<void> {
  const item = { ...keys.exportJob(record.report_id, record.id), entity: 'Export', ...record };
  if (!(await putIf(newItemPut(item).Put))) throw new Error(`export ${record.id} exists already`);
}

export async function getExport(reportId: string, exportId: string): Promise<ExportRecord | undefined> {
  const item = await getItem(keys.exportJob(reportId, exportId), { consistent: true });
  return item ? recordOf(item) : undefined;
}

/** A report's exports, newest first, a page at a time. */
export async function listExports(reportId: string, limit: number, cursor?: string): Promise<{ items: ExportRecord[]; next_cursor: string | null }> {
  const page = await queryPage({ pk: keys.reportPartition(reportId), skPrefix: keys.exportSkPrefix, newestFirst: true, limit, cursor });
  return { items: page.items.map(recordOf), next_cursor: page.next_cursor };
}

export type ExportPatch = Partial<Pick<ExportRecord, 'status' | 'progress' | 'stage' | 'error' | 'file_key' | 'file_name' | 'content_type' | 'size' | 'completed_at' | 'section_versions' | 'notes'>>;

/**
 * Applies a change to a job that is still queued or running. Returns false when the job is gone or already
 * finished (done or failed), in which case nothing changes.
 */
export async function updateActiveExport(reportId: string, exportId: string, patch: ExportPatch, now: string): Promise<boolean> {
  const set = setExpression({ ...patch, updated_at: now });
  return updateIf({
    Key: keys.exportJob(reportId, exportId),
    UpdateExpression: set.UpdateExpression,
    ConditionExpression: 'attribute_exists(PK) AND (#status = :queued OR #status = :running)',
    ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#status': 'status' },
    ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':queued': 'queued', ':running': 'running' },
  });
}

/**
 * Moves a queued job to running, once: an asynchronous invocation may be delivered more than once, and only
 * the first delivery may build the file. False when the job is gone or no longer queued.
 */
export async function claimExport(reportId: string, exportId: string, now: string): Promise<boolean> {
  return updateIf({
    Key: keys.exportJob(reportId, exportId),
    UpdateExpression: 'SET #status = :running, stage = :loading, progress = :p, updated_at = :now',
    ConditionExpression: 'attribute_exists(PK) AND #status = :queued',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':loading': 'loading', ':p': 5, ':now': now },
  });
}

export interface SectionState {
  key: SectionKey;
  version: number;
  chars: number;
}

/** The version and length of each written section of a report (no bodies: what an export request needs to check). */
export async function sectionStates(reportId: string): Promise<SectionState[]> {
  const items = await queryAll(keys.reportPartition(reportId), keys.sectionSkPrefix, { consistent: true, fields: ['key', 'version', 'chars'] });
  return items.map((item) => ({ key: item.key as SectionKey, version: Number(item.version ?? 0), chars: Number(item.chars ?? 0) }));
}
