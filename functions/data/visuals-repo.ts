/**
 * A report's visuals: one item each under the report (`VISUAL#<id>`), with `version` for optimistic locking,
 * and a count item (`VISUALCOUNT`) kept in step by every create and delete in the same transaction, so a
 * report holds a bounded number of visuals even under parallel writers. Both go when the report is deleted
 * (the cascade removes every item of the report's partition). Every write holds only while the report is not Final
 * (./report-lock-repo.ts): one that meets a Final report throws ReportFinalError.
 */
import type { Visual } from '@shared/schemas/visuals';
import { keys } from './keys';
import { ReportFinalError, reportOpenCheck } from './report-lock-repo';
import { tableName } from './table';
import { queryAll } from './table-query';
import { getItem, newItemPut, transact, versionedPutItem } from './table-ops';

const FIELDS = ['id', 'report_id', 'type', 'title', 'caption', 'binding', 'table_data', 'options', 'status', 'version', 'updated_by', 'updated_at', 'created_at'] as const;

function toVisual(item: Record<string, unknown>): Visual {
  return Object.fromEntries(FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as unknown as Visual;
}

const itemOf = (visual: Visual) => ({ ...keys.visual(visual.report_id, visual.id), entity: 'Visual', ...visual });

/** Every visual of a report, oldest first. */
export async function listVisuals(reportId: string): Promise<Visual[]> {
  const found = (await queryAll(keys.reportPartition(reportId), keys.visualSkPrefix, { consistent: true })).map(toVisual);
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

export async function getVisual(reportId: string, id: string): Promise<Visual | undefined> {
  const item = await getItem(keys.visual(reportId, id), { consistent: true });
  return item ? toVisual(item) : undefined;
}

export type InsertOutcome = { ok: true } | { ok: false; reason: 'full' };

/** Stores a new visual if the report exists, is not Final, and holds fewer than `max` visuals (one transaction). */
export async function insertVisual(visual: Visual, max: number): Promise<InsertOutcome> {
  const outcome = await transact([
    reportOpenCheck(visual.report_id),
    newItemPut(itemOf(visual)),
    {
      Update: {
        TableName: tableName,
        Key: keys.visualCount(visual.report_id),
        UpdateExpression: 'ADD visual_count :one SET entity = :e',
        ConditionExpression: 'attribute_not_exists(visual_count) OR visual_count < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':e': 'VisualCount' },
      },
    },
  ]);
  if (outcome.ok) return { ok: true };
  if (outcome.failed.includes(0)) throw new ReportFinalError(visual.report_id);
  if (outcome.failed.includes(2)) return { ok: false, reason: 'full' };
  throw outcome.error;
}

export type ReplaceOutcome = { ok: true } | { ok: false; current: Visual | undefined };

/**
 * Stores `visual` (at version `expected + 1`) if the stored one is still at `expected` and the report is not
 * Final; otherwise the visual as the other writer left it (undefined: deleted).
 */
export async function replaceVisual(visual: Visual, expected: number): Promise<ReplaceOutcome> {
  const outcome = await transact([versionedPutItem(itemOf(visual), expected), reportOpenCheck(visual.report_id)]);
  if (outcome.ok) return { ok: true };
  if (outcome.failed.includes(1)) throw new ReportFinalError(visual.report_id);
  return { ok: false, current: await getVisual(visual.report_id, visual.id) };
}

/** Deletes a visual and counts it off, while the report is not Final; false when it was already gone. */
export async function removeVisual(reportId: string, id: string): Promise<boolean> {
  const outcome = await transact([
    reportOpenCheck(reportId),
    { Delete: { TableName: tableName, Key: keys.visual(reportId, id), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Update: {
        TableName: tableName,
        Key: keys.visualCount(reportId),
        UpdateExpression: 'ADD visual_count :minus',
        ConditionExpression: 'visual_count > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      },
    },
  ]);
  if (outcome.ok) return true;
  if (outcome.failed.includes(0)) throw new ReportFinalError(reportId);
  if (outcome.failed.includes(1)) return false;
  // the count is missing (never expected): delete the visual alone rather than count below zero
  const alone = await transact([reportOpenCheck(reportId), { Delete: { TableName: tableName, Key: keys.visual(reportId, id), ConditionExpression: 'attribute_exists(PK)' } }]);
  if (alone.ok) return true;
  if (alone.failed.includes(0)) throw new ReportFinalError(reportId);
  return false;
}
