/**
 * Sign-in attempts, per username and client address. Every password check is reserved here first, with
 * one atomic conditional write, so parallel guesses can never check more passwords than the lockout
 * allows; and since the count is per address, nobody can lock an account out for everyone else.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, isConditionalCheckFailed, isExpired, tableName } from './table';

export interface LoginFailures {
  failures: number;
  /** epoch seconds until which sign-in is refused */
  locked_until?: number;
  expires_at: number;
}

export type Reservation = { ok: true; attempt: number } | { ok: false; lockedUntil: number };

/** While one check past the free attempts runs, parallel ones wait this long (the check takes far less). */
const HOLD_SECONDS = 10;

async function read(username: string, address: string): Promise<LoginFailures | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.loginFailures(username, address), ConsistentRead: true }));
  return Item as LoginFailures | undefined;
}

/**
 * Reserves one password check. The first `freeAttempts` in the window are free; after that one check at a
 * time, once the current lock has passed. Returns the attempt's number, or when the next one is allowed.
 */
export async function reserveAttempt(username: string, address: string, opts: { now: number; freeAttempts: number; windowSeconds: number }): Promise<Reservation> {
  const key = keys.loginFailures(username, address);
  const base = { ':one': 1, ':exp': opts.now + opts.windowSeconds, ':entity': 'LoginFailures', ':now': opts.now };
  for (let round = 0; round < 2; round++) {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD failures :one SET expires_at = :exp, entity = :entity',
          ConditionExpression: '(attribute_not_exists(failures) OR failures < :free) AND (attribute_not_exists(locked_until) OR locked_until <= :now)',
          ExpressionAttributeValues: { ...base, ':free': opts.freeAttempts },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, attempt: Number(out.Attributes?.failures ?? 1) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    try {
      // past the free attempts: one check at a time, and only after the lock has passed
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD failures :one SET expires_at = :exp, entity = :entity, locked_until = :hold',
          ConditionExpression: 'attribute_exists(locked_until) AND locked_until <= :now',
          ExpressionAttributeValues: { ...base, ':hold': opts.now + HOLD_SECONDS },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, attempt: Number(out.Attributes?.failures ?? 1) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    const current = await read(username, address);
    if (current && isExpired(current, opts.now)) {
      await clearLoginFailures(username, address); // a window that has passed: start again
      continue;
    }
    return { ok: false, lockedUntil: Math.max(current?.locked_until ?? opts.now + 1, opts.now + 1) };
  }
  return { ok: false, lockedUntil: opts.now + 1 };
}

export async function setLock(username: string, address: string, lockedUntil: number): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.loginFailures(username, address),
      UpdateExpression: 'SET locked_until = :until',
      ExpressionAttributeValues: { ':until': lockedUntil },
    }),
  );
}

/** Gives back an attempt that checked no password (Cognito failed, say): it does not count, and holds nothing. */
export async function refundAttempt(username: string, address: string, now: number): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.loginFailures(username, address),
      UpdateExpression: 'ADD failures :minus SET locked_until = :now',
      ExpressionAttributeValues: { ':minus': -1, ':now': now },
    }),
  );
}

export async function clearLoginFailures(username: string, address: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.loginFailures(username, address) }));
}

/** Forgets every address's attempts at a username (after its password was reset). */
export async function clearAllLoginFailures(username: string): Promise<void> {
  const { PK } = keys.loginFailures(username);
  const out = await documentClient().send(
    new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ProjectionExpression: 'PK, SK' }),
  );
  await Promise.all((out.Items ?? []).map((Key) => documentClient().send(new DeleteCommand({ TableName: tableName, Key: { PK: Key.PK as string, SK: Key.SK as string } }))));
}
