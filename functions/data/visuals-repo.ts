/**
 * A report's visuals: one item each under the report (`VISUAL#<id>`), with `version` for optimistic locking,
 * and a count item (`VISUALCOUNT`) kept in step by every create and delete in the same transaction, so a
 * report holds a bounded number of visuals even under parallel writers. Both go when the report is deleted
 * (the cascade removes every item of the report's partition).
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Visual } from '@shared/schemas/visuals';
import { keys } from './keys';
import { backoff, cancellationCodes, documentClient, isConditionalCheckFailed, lostToConcurrentTransaction, queryAll, tableName, TRANSACTION_RETRIES } from './table';

const FIELDS = ['id', 'report_id', 'type', 'title', 'caption', 'binding', 'options', 'status', 'version', 'updated_by', 'updated_at', 'created_at'] as const;

function toVisual(item: Record<string, unknown>): Visual {
  return Object.fromEntries(FIELDS.map((f) => [f, item[f]])) as unknown as Visual;
}

const itemOf = (visual: Visual) => ({ ...keys.visual(visual.report_id, visual.id), entity: 'Visual', ...visual });

/** Every visual of a report, oldest first. */
export async function listVisuals(reportId: string): Promise<Visual[]> {
  const found = (await queryAll(keys.reportPartition(reportId), keys.visualSkPrefix, { consistent: true })).map(toVisual);
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

export async function getVisual(reportId: string, id: string): Promise<Visual | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.visual(reportId, id), ConsistentRead: true }));
  return Item ? toVisual(Item) : undefined;
}

export type InsertOutcome = { ok: true } | { ok: false; reason: 'report-missing' | 'full' };

/** Stores a new visual if the report exists and holds fewer than `max` visuals (one transaction). */
export async function insertVisual(visual: Visual, max: number): Promise<InsertOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: tableName, Key: keys.report(visual.report_id), ConditionExpression: 'attribute_exists(PK)' } },
            { Put: { TableName: tableName, Item: itemOf(visual), ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: tableName,
                Key: keys.visualCount(visual.report_id),
                UpdateExpression: 'ADD visual_count :one SET entity = :e',
                ConditionExpression: 'attribute_not_exists(visual_count) OR visual_count < :max',
                ExpressionAttributeValues: { ':one': 1, ':max': max, ':e': 'VisualCount' },
              },
            },
          ],
        }),
      );
      return { ok: true };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed') return { ok: false, reason: 'report-missing' };
      if (codes?.[2] === 'ConditionalCheckFailed') return { ok: false, reason: 'full' };
      if (lostToConcurrentTransaction(codes) && attempt < TRANSACTION_RETRIES) {
        await backoff(attempt);
        continue;
      }
      throw error;
    }
  }
}

/** Replaces a visual if it is still at `expected`; false when someone saved it since (or it is gone). */
export async function replaceVisual(visual: Visual, expected: number): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName,
        Item: itemOf(visual),
        ConditionExpression: 'attribute_exists(PK) AND version = :v',
        ExpressionAttributeValues: { ':v': expected },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Deletes a visual and counts it off; false when it was already gone. */
export async function removeVisual(reportId: string, id: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
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
          ],
        }),
      );
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed') return false;
      if (codes?.[1] === 'ConditionalCheckFailed') {
        // the count is missing (never expected): delete the visual alone rather than count below zero
        try {
          await documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.visual(reportId, id), ConditionExpression: 'attribute_exists(PK)' }));
          return true;
        } catch (inner) {
          if (isConditionalCheckFailed(inner)) return false;
          throw inner;
        }
      }
      if (lostToConcurrentTransaction(codes) && attempt < TRANSACTION_RETRIES) {
        await backoff(attempt);
        continue;
      }
      throw error;
    }
  }
}
