import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, isExpired, tableName } from './table';

export interface LoginFailures {
  failures: number;
  /** epoch seconds until which sign-in is refused */
  locked_until?: number;
  expires_at: number;
}

export async function getLoginFailures(username: string): Promise<LoginFailures | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName, Key: keys.loginFailures(username), ConsistentRead: true }),
  );
  if (!Item || isExpired(Item as LoginFailures)) return undefined;
  return Item as LoginFailures;
}

/**
 * Adds one failure atomically and returns the new count. A stale counter (past its TTL) starts again
 * from one. The lock, if the count calls for one, is set by `setLock`.
 */
export async function addLoginFailure(username: string, windowSeconds: number, now: number): Promise<number> {
  const expiresAt = now + windowSeconds;
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.loginFailures(username),
      UpdateExpression:
        'SET failures = if_not_exists(failures, :zero) + :one, expires_at = :exp, entity = :entity',
      ConditionExpression: 'attribute_not_exists(expires_at) OR expires_at > :now',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':exp': expiresAt, ':now': now, ':entity': 'LoginFailures' },
      ReturnValues: 'ALL_NEW',
    }),
  ).catch(async (error: Error) => {
    if (error.name !== 'ConditionalCheckFailedException') throw error;
    // an expired counter: start a fresh window
    return documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.loginFailures(username),
        UpdateExpression: 'SET failures = :one, expires_at = :exp, entity = :entity REMOVE locked_until',
        ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':entity': 'LoginFailures' },
        ReturnValues: 'ALL_NEW',
      }),
    );
  });
  return Number(Attributes?.failures ?? 1);
}

export async function setLock(username: string, lockedUntil: number): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.loginFailures(username),
      UpdateExpression: 'SET locked_until = :until',
      ExpressionAttributeValues: { ':until': lockedUntil },
    }),
  );
}

export async function clearLoginFailures(username: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.loginFailures(username) }));
}
