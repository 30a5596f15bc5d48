/**
 * Ending sessions in our own layer, the same locally and in AWS (cognito-local has no global sign-out):
 * - a per-user "sessions valid after" second: access tokens signed in before it are refused, and
 * - a record per refresh token handed out at sign-in (its SHA-256, never the token), so the refresh route knows
 *   when that session began: Cognito keeps `auth_time` across refreshes, cognito-local does not.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, tableName } from './table';
import { refreshTokenHash } from './token-hash';

/**
 * The first second whose sign-ins are still valid, or 0. Eventually consistent (half the read cost of a
 * strong read): a revocation reaches every reader within DynamoDB's replication lag, typically well under
 * a second.
 */
export async function sessionsValidAfter(username: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName, Key: keys.sessionsRevoked(username), ProjectionExpression: 'valid_after' }),
  );
  return typeof Item?.valid_after === 'number' ? Item.valid_after : 0;
}

/**
 * Ends every session signed in up to and including `nowSeconds`; the mark only moves forward, so two
 * revocations racing each other keep the later one.
 */
export async function revokeSessions(username: string, validAfter: number): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.sessionsRevoked(username),
        UpdateExpression: 'SET valid_after = :v, entity = :e',
        ConditionExpression: 'attribute_not_exists(valid_after) OR valid_after < :v',
        ExpressionAttributeValues: { ':v': validAfter, ':e': 'SessionsRevoked' },
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return; // a later mark is already there
    throw error;
  }
}

export interface RefreshSession {
  username: string;
  /** the session's sign-in second (the access token's auth_time) */
  auth_time: number;
}

/** Kept as long as Cognito honours the refresh token, then removed by the table's TTL. */
export async function recordRefreshSession(token: string, session: RefreshSession, expiresAt: number): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.refreshSession(refreshTokenHash(token)), entity: 'RefreshSession', ...session, expires_at: expiresAt },
    }),
  );
}

export async function getRefreshSession(token: string): Promise<RefreshSession | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.refreshSession(refreshTokenHash(token)) }));
  if (!Item || typeof Item.username !== 'string' || typeof Item.auth_time !== 'number') return undefined;
  if (typeof Item.expires_at === 'number' && Item.expires_at <= Math.floor(Date.now() / 1000)) return undefined;
  return { username: Item.username, auth_time: Item.auth_time };
}

export async function forgetRefreshSession(token: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.refreshSession(refreshTokenHash(token)) }));
}
