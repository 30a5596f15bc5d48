import { DynamoDBClient, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { currentMeter, meterEnabled } from '../lib/capacity-meter';
import { nowSeconds } from '../lib/clock';
import { nonEmpty, readConfig } from '../lib/config';
import { withHarnessFaults } from '../lib/harness-faults';

export { nowSeconds };

const config = readConfig({ TABLE_NAME: nonEmpty() });

export const tableName = config.TABLE_NAME;

/** True when an item's TTL has passed (DynamoDB deletes expired items only eventually). */
export function isExpired(item: { expires_at?: number } | undefined, now = nowSeconds()): boolean {
  return item?.expires_at !== undefined && item.expires_at <= now;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

type Consumed = { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number };

let client: DynamoDBDocumentClient | undefined;

/** The document client, created on first use and reused across invocations. */
export function documentClient(): DynamoDBDocumentClient {
  if (client) return client;
  const base = withHarnessFaults(new DynamoDBClient({}), 'dynamodb', DynamoDBServiceException);
  // The SDK's logger middleware filters every call's input and output for its (no-op) logger: a walk over each
  // item read (about 3% of a list's CPU in a profile of the handlers). No logger is configured: taken out.
  base.middlewareStack.remove('loggerMiddleware');
  if (meterEnabled) {
    base.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as Record<string, unknown>;
        input.ReturnConsumedCapacity ??= 'TOTAL';
        const out = await next(args);
        const current = currentMeter();
        const output = out.output as { ConsumedCapacity?: Consumed | Consumed[] };
        if (current && output.ConsumedCapacity) {
          for (const c of [output.ConsumedCapacity].flat()) {
            current.read += c.ReadCapacityUnits ?? (c.WriteCapacityUnits ? 0 : (c.CapacityUnits ?? 0));
            current.write += c.WriteCapacityUnits ?? 0;
          }
        }
        return out;
      },
      { step: 'initialize', name: 'assayCapacityMeter' },
    );
  }
  client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}

/**
 * Why each item of a cancelled transaction failed (`None`, `ConditionalCheckFailed`, `TransactionConflict`,
 * …), or undefined when the error is not a cancelled transaction.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** A transaction lost only to another one running at the same time (no condition failed): worth retrying. */
export function lostToConcurrentTransaction(codes: readonly string[] | undefined): boolean {
  return Boolean(codes?.length && codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed'));
}

/** A short, jittered pause before retrying a transaction that met another one (hot items such as the totals). */
export const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** Math.min(attempt, 6)));

/** How many times a transaction that only met other transactions is tried again. */
export const TRANSACTION_RETRIES = 8;

/** A ProjectionExpression that reads only `fields` (each through a name placeholder: no reserved-word clashes). */
export function projection(fields: readonly string[] | undefined) {
  if (!fields) return {};
  return { ProjectionExpression: fields.map((_, i) => `#f${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) };
}

/**
 * Every item of one partition whose sort key starts with `skPrefix` ('' for the whole partition), following
 * the pages to the end (for the bounded lists under one report: its sections, versions, visuals, evidence,
 * tombstones, or all of its items when it is deleted).
 */
export async function queryAll(
  pk: string,
  skPrefix: string,
  opts: { consistent?: boolean; fields?: readonly string[]; newestFirst?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await documentClient().send(
      new QueryCommand({
        TableName: tableName,
        // DynamoDB refuses an empty string in a key condition: the whole partition is asked for without one
        KeyConditionExpression: skPrefix ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
        ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':sk': skPrefix } : { ':pk': pk },
        ...projection(opts.fields),
        ...(opts.consistent ? { ConsistentRead: true } : {}),
        ...(opts.newestFirst ? { ScanIndexForward: false } : {}),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item of one index partition whose sort key starts with `skPrefix`, following the pages to the end. */
export async function queryAllIndex(index: string, pkName: string, pk: string, skName: string, skPrefix: string, fields?: readonly string[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await documentClient().send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: `${pkName} = :pk AND begins_with(${skName}, :sk)`,
        ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
        ...projection(fields),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
