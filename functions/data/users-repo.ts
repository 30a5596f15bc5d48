import { indexes, keys } from './keys';
import { tableName } from './table';
import { deleteItem, getItem, queryPage, transact, updateIf, type TransactItem } from './table-ops';
import { queryRange } from './table-query';

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
  const outcome = await transact([
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
  ]);
  if (outcome.ok) return;
  if (outcome.failed.includes(0)) throw new IdentityTakenError('username');
  if (outcome.failed.includes(1)) throw new IdentityTakenError('email');
  throw outcome.error;
}

/** The user exists in Cognito but has not proven the mailbox yet. */
export async function markUnverified(username: string, email: string): Promise<void> {
  const outcome = await setStatus(username, email, 'unverified');
  if (!outcome.ok) throw outcome.error;
}
/**
 * The mailbox is proven: the account may sign in. Only an account still waiting for its confirmation
 * (`unverified`) becomes active, in one conditional write: a deactivated account stays deactivated whatever
 * code is shown. False when the account is not (or no longer) waiting.
 */
export async function activateIdentity(username: string, email: string): Promise<boolean> {
  return (await setStatus(username, email, 'active', 'unverified')).ok;
}

/** Sets the status on the profile and on the email claim, in one transaction (`from`: only while the profile is at it). */
async function setStatus(username: string, email: string, status: UserProfile['status'], from?: UserProfile['status']) {
  const profile: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.userProfile(username),
      // the list keys too, for profiles written before the administrators' list existed
      UpdateExpression: 'SET #status = :status, GSI1PK = :gpk, GSI1SK = :gsk',
      ...(from ? { ConditionExpression: '#status = :from' } : {}),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':gpk': keys.userByName(username).GSI1PK, ':gsk': keys.userByName(username).GSI1SK, ...(from ? { ':from': from } : {}) },
    },
  };
  const claim: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.userEmail(email),
      UpdateExpression: 'SET #status = :status',
      // the claim must still be this account's (a claim taken over after it lapsed is someone else's)
      ConditionExpression: 'username = :username',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':username': username },
    },
  };
  return transact([profile, claim]);
}

/** Undoes a claim after a failed registration (explicit, tested clean-up). */
export async function releaseIdentity(username: string, email: string): Promise<void> {
  await Promise.all([deleteItem(keys.userProfile(username)), deleteItem(keys.userEmail(email))]);
}

/** The profile whatever its status (registration, verification). */
export async function getIdentity(username: string): Promise<UserProfile | undefined> {
  return (await getItem(keys.userProfile(username), { consistent: true })) as UserProfile | undefined;
}

export async function getProfile(username: string): Promise<UserProfile | undefined> {
  const item = await getItem(keys.userProfile(username));
  return item && item.status === 'active' ? (item as unknown as UserProfile) : undefined;
}

/** The username of an active account (a deactivated one keeps its email claim, but gets no reset codes). */
export async function findUsernameByEmail(email: string): Promise<string | undefined> {
  const item = await getItem(keys.userEmail(email));
  if (!item || item.status !== 'active') return undefined;
  return (await getProfile(String(item.username))) ? String(item.username) : undefined;
}

const LIST_FIELDS = ['username', 'name', 'email', 'status', 'created_at', 'deactivated_at', 'deactivated_by'] as const;

/** A page of every account by username: a Query of the ByKind index (`USERS`), never a Scan. */
export async function listProfiles(limit: number, cursor?: string): Promise<{ items: UserProfile[]; next_cursor: string | null }> {
  const page = await queryPage({
    index: indexes.byKind,
    pk: keys.userByName('').GSI1PK,
    limit,
    cursor,
    resume: {
      fields: ['username'],
      startKey: ({ username }) => ({ ...keys.userProfile(username), ...keys.userByName(username) }),
      after: (last) => ({ username: String(last.username) }),
    },
  });
  const items = page.items.map((i) => Object.fromEntries(LIST_FIELDS.filter((f) => i[f] !== undefined).map((f) => [f, i[f]])) as unknown as UserProfile);
  return { items, next_cursor: page.next_cursor };
}

/** An administrator deactivates the account; false when there is no such account. Idempotent. */
export async function markDeactivated(username: string, by: string, at: string): Promise<boolean> {
  return updateIf({
    Key: keys.userProfile(username),
    UpdateExpression: 'SET #status = :status, deactivated_at = if_not_exists(deactivated_at, :at), deactivated_by = if_not_exists(deactivated_by, :by)',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': 'deactivated', ':at': at, ':by': by },
  });
}

/** How many accounts the staff search reads at most (one bounded walk of the `USERS` partition). */
const STAFF_SEARCH_READ_LIMIT = 2000;

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
    const out = await queryRange({
      index: indexes.byKind,
      pk: keys.userByName('').GSI1PK,
      fields: ['username', 'name', 'email', 'status'],
      limit: Math.min(500, STAFF_SEARCH_READ_LIMIT - read),
      start,
    });
    for (const item of out.items) {
      read++;
      if (item.status !== 'active') continue;
      const name = typeof item.name === 'string' ? item.name : '';
      const email = typeof item.email === 'string' ? item.email : '';
      const words = [String(item.username), name, email, ...name.split(/\s+/)].map((w) => w.toLowerCase());
      if (words.some((w) => w.startsWith(p))) found.push({ username: String(item.username), name, email });
      if (found.length >= limit) return found;
    }
    start = out.lastKey;
  } while (start && read < STAFF_SEARCH_READ_LIMIT);
  return found;
}
