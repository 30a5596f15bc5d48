import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nonEmpty, readConfig } from '../lib/config';

const config = readConfig({ TABLE_NAME: nonEmpty() });

export const tableName = config.TABLE_NAME;

let client: DynamoDBDocumentClient | undefined;

/** The document client, created on first use and reused across invocations. */
export function documentClient(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** True when an item's TTL has passed (DynamoDB deletes expired items only eventually). */
export function isExpired(item: { expires_at?: number } | undefined, now = nowSeconds()): boolean {
  return item?.expires_at !== undefined && item.expires_at <= now;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
