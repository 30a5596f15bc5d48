import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { indexes, keys } from './keys';
import { documentClient, tableName } from './table';

export interface UserProfile {
  username: string;
  name: string;
  email: string;
  /**
   * pending: registration in progress; unverified: the mailbox is not proven yet; active: may sign in;
   * deactivated: an administrator ended the account (the username and email stay taken)
   */
  status: 'pending' | 'unverified' | 'active' | 'deactivated';
  created_at: string;
  deactivated_at?: string;
  deactivated_by?: string;
}

/** A pending claim older than this was left by a crashed registration and may be taken over. */
const STALE_CLAIM_MS = 5 * 60 * 1000;
/**
 * An account whose mailbox was not proven within this time gives its username and email back: otherwise
 * anyone could block someone else's address for good by registering it.
 */
export const UNVERIFIED_CLAIM_MS = 24 * 60 * 60 * 1000;

export class IdentityTakenError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`${field} taken`);
    this.name = 'IdentityTakenError';
  }
}

/**
 * Claims the username and the email address together (a transaction), so that two registrations can
 * never share either. Claims start `pending` and become `active` once Cognito holds the user.
 */
export async function claimIdentity(profile: Omit<UserProfile, 'status' | 'created_at'>): Promise<void> {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const unverifiedBefore = new Date(now.getTime() - UNVERIFIED_CLAIM_MS).toISOString();
  const condition =
    'attribute_not_exists(PK) OR (#status = :pending AND created_at < :stale) OR (#status = :unverified AND created_at < :unverifiedBefore)';
  const values = { ':pending': 'pending', ':stale': staleBefore, ':unverified': 'unverified', ':unverifiedBefore': unverifiedBefore };
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.userProfile(profile.username),
                ...keys.userByName(profile.username),
                entity: 'UserProfile',
                ...profile,
                status: 'pending',
                created_at: now.toISOString(),
              },
              ConditionExpression: condition,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: values,
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...keys.userEmail(profile.email), entity: 'UserEmail', username: profile.username, status: 'pending', created_at: now.toISOString() },
              ConditionExpression: condition,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: values,
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') {
      const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new IdentityTakenError('username');
      if (reasons[1]?.Code === 'ConditionalCheckFailed') throw new IdentityTakenError('email');
    }
    throw error;
  }
}

/** The user exists in Cognito but has not proven the mailbox yet. */
export const markUnverified = (username: string, email: string) => setStatus(username, email, 'unverified');
/**
 * The mailbox is proven: the account may sign in. Only an account still waiting for its confirmation
 * (`unverified`) becomes active, in one conditional write: a deactivated account stays deactivated whatever
 * code is shown. False when the account is not (or no longer) waiting.
 */
export async function activateIdentity(username: string, email: string): Promise<boolean> {
  try {
    await setStatus(username, email, 'active', 'unverified');
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
    throw error;
  }
}

async function setStatus(username: string, email: string, status: UserProfile['status'], from?: UserProfile['status']): Promise<void> {
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName,
            Key: keys.userProfile(username),
            // the list keys too, for profiles written before the administrators' list existed
            UpdateExpression: 'SET #status = :status, GSI1PK = :gpk, GSI1SK = :gsk',
            ...(from ? { ConditionExpression: '#status = :from' } : {}),
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status, ':gpk': keys.userByName(username).GSI1PK, ':gsk': keys.userByName(username).GSI1SK, ...(from ? { ':from': from } : {}) },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.userEmail(email),
            UpdateExpression: 'SET #status = :status',
            // the claim must still be this account's (a claim taken over after it lapsed is someone else's)
            ConditionExpression: 'username = :username',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status, ':username': username },
          },
        },
      ],
    }),
  );
}

/** Undoes a claim after a failed registration (explicit, tested clean-up). */
export async function releaseIdentity(username: string, email: string): Promise<void> {
  await Promise.all([
    documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.userProfile(username) })),
    documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.userEmail(email) })),
  ]);
}

/** The profile whatever its status (registration, verification). */
export async function getIdentity(username: string): Promise<UserProfile | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.userProfile(username), ConsistentRead: true }));
  return Item as UserProfile | undefined;
}

export async function getProfile(username: string): Promise<UserProfile | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.userProfile(username) }));
  return Item && Item.status === 'active' ? (Item as UserProfile) : undefined;
}

/** The username of an active account (a deactivated one keeps its email claim, but gets no reset codes). */
export async function findUsernameByEmail(email: string): Promise<string | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.userEmail(email) }));
  if (!Item || Item.status !== 'active') return undefined;
  return (await getProfile(String(Item.username))) ? String(Item.username) : undefined;
}

const LIST_FIELDS = ['username', 'name', 'email', 'status', 'created_at', 'deactivated_at', 'deactivated_by'] as const;

/** A page of every account by username: a Query of the ByKind index (`USERS`), never a Scan. */
export async function listProfiles(limit: number, cursor?: string): Promise<{ items: UserProfile[]; next_cursor: string | null }> {
  const start = decodeCursor(cursor, ['username'] as const);
  if (start === 'invalid') throw new InvalidCursorError();
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName,
      IndexName: indexes.byKind,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.userByName('').GSI1PK },
      Limit: limit,
      ...(start ? { ExclusiveStartKey: { ...keys.userProfile(start.username), ...keys.userByName(start.username) } } : {}),
    }),
  );
  const items = (out.Items ?? []).map((i) => Object.fromEntries(LIST_FIELDS.filter((f) => i[f] !== undefined).map((f) => [f, i[f]])) as unknown as UserProfile);
  const last = out.LastEvaluatedKey ? items[items.length - 1] : undefined;
  return { items, next_cursor: last ? encodeCursor({ username: last.username }) : null };
}

/** An administrator deactivates the account; false when there is no such account. Idempotent. */
export async function markDeactivated(username: string, by: string, at: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.userProfile(username),
        UpdateExpression: 'SET #status = :status, deactivated_at = if_not_exists(deactivated_at, :at), deactivated_by = if_not_exists(deactivated_by, :by)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': 'deactivated', ':at': at, ':by': by },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** How many accounts the staff search reads at most (one bounded walk of the `USERS` partition). */
export const STAFF_SEARCH_READ_LIMIT = 2000;

/**
 * Active accounts whose username, name or email starts with `prefix` (any case), at most `limit` of them: the
 * team's autocomplete. A bounded Query of the ByKind `USERS` partition (usernames, names and emails only).
 */
export async function searchProfiles(prefix: string, limit: number): Promise<Pick<UserProfile, 'username' | 'name' | 'email'>[]> {
  const p = prefix.toLowerCase();
  const found: Pick<UserProfile, 'username' | 'name' | 'email'>[] = [];
  let start: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName,
        IndexName: indexes.byKind,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.userByName('').GSI1PK },
        ProjectionExpression: 'username, #name, email, #status',
        ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
        Limit: Math.min(500, STAFF_SEARCH_READ_LIMIT - read),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of out.Items ?? []) {
      read++;
      if (item.status !== 'active') continue;
      const name = String(item.name ?? '');
      const words = [String(item.username), name, String(item.email ?? ''), ...name.split(/\s+/)].map((w) => w.toLowerCase());
      if (words.some((w) => w.startsWith(p))) found.push({ username: String(item.username), name, email: String(item.email ?? '') });
      if (found.length >= limit) return found;
    }
    start = out.LastEvaluatedKey;
  } while (start && read < STAFF_SEARCH_READ_LIMIT);
  return found;
}
