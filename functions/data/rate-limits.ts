/** Fixed-window counters in the table: one atomic ADD per event, expiring with their window. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, nowSeconds, tableName } from './table';

/** Counts one event for `subject` in the current window of `windowSeconds` and returns the count so far. */
export async function countEvent(name: string, subject: string, windowSeconds: number, now = nowSeconds()): Promise<number> {
  const window = Math.floor(now / windowSeconds);
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.rateCounter(name, subject, window),
      UpdateExpression: 'ADD events :one SET expires_at = :exp, entity = :entity',
      ExpressionAttributeValues: { ':one': 1, ':exp': (window + 2) * windowSeconds, ':entity': 'RateCounter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.events ?? 1);
}
