import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Progress, WizardData } from '@shared/schemas/wizard';
import { INLINE_ITEM_BYTES, itemSize } from './item-size';
import { keys } from './keys';
import { deleteObject, getObjectText, putObject } from './object-store';
import { documentClient, isConditionalCheckFailed, tableName } from './table';

/**
 * wizard_data goes to S3 when the item would be larger than this, measured as DynamoDB measures items (an
 * item is at most 400 KB; JSON length undercounts lists of small numbers).
 */
export const INLINE_PROGRESS_BYTES = INLINE_ITEM_BYTES;

interface ProgressRecord {
  report_id: string;
  wizard_data?: WizardData;
  data_key?: string;
  completed_steps: string[];
  current_step: number;
  last_saved: string;
  version: number;
  updated_by: string;
}

export async function readProgress(reportId: string): Promise<Progress | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.reportProgress(reportId), ConsistentRead: true }));
  if (!Item) return undefined;
  const record = Item as ProgressRecord;
  const wizardData = record.wizard_data ?? (record.data_key ? (JSON.parse((await getObjectText(record.data_key)) ?? '{}') as WizardData) : {});
  return {
    report_id: reportId,
    wizard_data: wizardData,
    completed_steps: record.completed_steps ?? [],
    current_step: record.current_step ?? 0,
    last_saved: record.last_saved ?? null,
    version: record.version ?? 0,
    updated_by: record.updated_by ?? null,
  };
}

export type SaveOutcome = { ok: true; version: number } | { ok: false; current?: Progress };

/**
 * Writes progress if the stored version is still `expected` (undefined: whatever is stored). Large data goes
 * to S3 first, under the new version's key, and is removed again if the write loses the race.
 */
export async function writeProgress(input: Omit<ProgressRecord, 'version' | 'data_key'> & { wizard_data: WizardData; expected?: number }): Promise<SaveOutcome> {
  const current = input.expected === undefined ? await readVersion(input.report_id) : input.expected;
  const version = current + 1;
  const serialized = JSON.stringify(input.wizard_data);
  const large = itemSize({ wizard_data: input.wizard_data, completed_steps: input.completed_steps, updated_by: input.updated_by }) > INLINE_PROGRESS_BYTES;
  const dataKey = large ? keys.progressObject(input.report_id, version) : undefined;
  if (dataKey) await putObject(dataKey, serialized, 'application/json');
  let previous: { Item?: Record<string, unknown> };
  try {
    previous = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.reportProgress(input.report_id), ProjectionExpression: 'data_key' }));
    await documentClient().send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.reportProgress(input.report_id),
          entity: 'WizardProgress',
          report_id: input.report_id,
          ...(dataKey ? { data_key: dataKey } : { wizard_data: input.wizard_data }),
          completed_steps: input.completed_steps,
          current_step: input.current_step,
          last_saved: input.last_saved,
          version,
          updated_by: input.updated_by,
        },
        ConditionExpression: current === 0 ? 'attribute_not_exists(PK) OR version = :zero' : 'version = :v',
        ExpressionAttributeValues: current === 0 ? { ':zero': 0 } : { ':v': current },
      }),
    );
  } catch (error) {
    // the item was not written (a newer version won, or DynamoDB failed): this version's object goes too
    if (dataKey) await deleteObject(dataKey).catch(() => undefined);
    if (!isConditionalCheckFailed(error)) throw error;
    return { ok: false, current: await readProgress(input.report_id) };
  }
  const oldKey = previous.Item?.data_key as string | undefined;
  if (oldKey && oldKey !== dataKey) await deleteObject(oldKey).catch(() => undefined);
  return { ok: true, version };
}

async function readVersion(reportId: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName, Key: keys.reportProgress(reportId), ProjectionExpression: 'version', ConsistentRead: true }),
  );
  return Number(Item?.version ?? 0);
}
