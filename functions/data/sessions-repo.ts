/**
 * Ending sessions in our own layer, the same locally and in AWS (cognito-local has no global sign-out):
 * - a per-user item `SESSIONS#<username>` / `REVOKED` holding
 *   - `valid_after`: access tokens signed in before this second are refused (reset, sign out everywhere,
 *     deactivation), and
 *   - `ended`: the sessions signed out one by one (sign-out in one browser), by their token key (Cognito's
 *     `origin_jti`, else the token's own `jti`) → until when their access tokens could still be valid;
 * - a record per refresh token handed out at sign-in (its SHA-256, never the token), so the refresh route knows
 *   when that session began (Cognito keeps `auth_time` across refreshes, cognito-local does not) and sign-out
 *   knows which access tokens the session was given.
 */
import { keys } from './keys';
import { AGAIN, deleteItem, getItem, getItems, putItem, retryOnRace, updateIf } from './table-ops';
import { refreshTokenHash } from './token-hash';

/**
 * The first second whose sign-ins are still valid, or 0. Eventually consistent (half the read cost of a
 * strong read): a revocation reaches every reader within DynamoDB's replication lag, typically well under
 * a second.
 */
export async function sessionsValidAfter(username: string): Promise<number> {
  const item = await getItem(keys.sessionsRevoked(username), { fields: ['valid_after'] });
  return typeof item?.valid_after === 'number' ? item.valid_after : 0;
}

/** What the check of every signed-in request reads: the user's revocation mark, ended sessions and account status. */
export interface SessionState {
  validAfter: number;
  /** token key → epoch second until which that signed-out session's access tokens could be valid */
  ended: Record<string, number>;
  /** the profile's status (`active`, `unverified`, `deactivated`, …), undefined when there is no profile */
  status: string | undefined;
}

/**
 * The user's `SESSIONS#` item and the status of the profile (`USER#`), read-only and eventually consistent, in one
 * BatchGetItem (one request: the check runs on every signed-in request). Every signed-in function may read these
 * two partitions and write neither.
 */
export async function sessionState(username: string): Promise<SessionState> {
  const items = await getItems(sessionStateKeys(username), { fields: ['PK', 'SK', 'valid_after', 'ended', 'status'] });
  return sessionStateOf(username, items);
}

/** The two items the session check reads (to batch them with others: listing-scope-repo sessionAndListingScope). */
export function sessionStateKeys(username: string) {
  return [keys.sessionsRevoked(username), keys.userProfile(username)];
}

/** The session state from a read of sessionStateKeys (other items in `items` are ignored). */
export function sessionStateOf(username: string, items: readonly Record<string, unknown>[]): SessionState {
  const revokedKey = keys.sessionsRevoked(username);
  const profileKey = keys.userProfile(username);
  const revoked = items.find((i) => i.PK === revokedKey.PK && i.SK === revokedKey.SK);
  const profile = items.find((i) => i.PK === profileKey.PK && i.SK === profileKey.SK);
  const ended: unknown = revoked?.ended;
  return {
    validAfter: typeof revoked?.valid_after === 'number' ? revoked.valid_after : 0,
    ended: ended && typeof ended === 'object' ? (ended as Record<string, number>) : {},
    status: typeof profile?.status === 'string' ? profile.status : undefined,
  };
}

/**
 * Ends every session signed in up to and including `nowSeconds`; the mark only moves forward, so two
 * revocations racing each other keep the later one.
 */
export async function revokeSessions(username: string, validAfter: number): Promise<void> {
  // a condition that fails means a later mark is already there
  await updateIf({
    Key: keys.sessionsRevoked(username),
    UpdateExpression: 'SET valid_after = :v, entity = :e',
    ConditionExpression: 'attribute_not_exists(valid_after) OR valid_after < :v',
    ExpressionAttributeValues: { ':v': validAfter, ':e': 'SessionsRevoked' },
  });
}

/**
 * Ends the access tokens of one signed-out session (by their token keys) until `until` (epoch seconds, when
 * the last of them expires anyway). Entries whose time has passed are dropped in the same write, so the map
 * holds only the sessions ended within one access-token lifetime.
 */
export async function endSessionTokens(username: string, tokenKeys: readonly string[], until: number, now: number): Promise<void> {
  if (!tokenKeys.length) return;
  const key = keys.sessionsRevoked(username);
  // another sign-out made (or a clean-up removed) the map between the read and the write: read again
  return retryOnRace(4, async () => {
    const item = await getItem(key, { fields: ['ended'], consistent: true });
    const current = item?.ended && typeof item.ended === 'object' ? (item.ended as Record<string, number>) : undefined;
    if (!current) {
      const made = await updateIf({
        Key: key,
        UpdateExpression: 'SET ended = :m, entity = :e',
        ConditionExpression: 'attribute_not_exists(ended)',
        ExpressionAttributeValues: { ':m': Object.fromEntries(tokenKeys.map((k) => [k, until])), ':e': 'SessionsRevoked' },
      });
      return made ? undefined : AGAIN;
    }
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = tokenKeys.map((k, i) => {
      names[`#k${i}`] = k;
      values[`:u${i}`] = until;
      return `ended.#k${i} = :u${i}`;
    });
    const gone = Object.entries(current)
      .filter(([k, exp]) => exp <= now && !tokenKeys.includes(k))
      .slice(0, 50)
      .map(([k], i) => {
        names[`#x${i}`] = k;
        return `ended.#x${i}`;
      });
    const written = await updateIf({
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}${gone.length ? ` REMOVE ${gone.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(ended)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    return written ? undefined : AGAIN;
  }, () => {
    throw new Error('signed-out session could not be recorded');
  });
}

export interface RefreshSession {
  username: string;
  /** the session's sign-in second (the access token's auth_time) */
  auth_time: number;
  /** the token keys of the access tokens handed out in this session (sign-in and every refresh) */
  token_keys: string[];
}

/** Kept as long as Cognito honours the refresh token, then removed by the table's TTL. */
export async function recordRefreshSession(token: string, session: RefreshSession, expiresAt: number): Promise<void> {
  const { token_keys, ...rest } = session;
  await putItem({
    ...keys.refreshSession(refreshTokenHash(token)),
    entity: 'RefreshSession',
    ...rest,
    ...(token_keys.length ? { token_keys: new Set(token_keys) } : {}),
    expires_at: expiresAt,
  });
}

/** Notes the key of an access token a refresh just handed out (in the cloud the same `origin_jti` as at sign-in). */
export async function addRefreshTokenKey(token: string, tokenKey: string): Promise<void> {
  // a condition that fails means it was signed out meanwhile: nothing to note
  await updateIf({
    Key: keys.refreshSession(refreshTokenHash(token)),
    UpdateExpression: 'ADD token_keys :k',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':k': new Set([tokenKey]) },
  });
}

export async function getRefreshSession(token: string): Promise<RefreshSession | undefined> {
  const Item = await getItem(keys.refreshSession(refreshTokenHash(token)), { consistent: true });
  if (!Item || typeof Item.username !== 'string' || typeof Item.auth_time !== 'number') return undefined;
  if (typeof Item.expires_at === 'number' && Item.expires_at <= Math.floor(Date.now() / 1000)) return undefined;
  const tokenKeys = Item.token_keys instanceof Set ? [...(Item.token_keys as Set<string>)] : [];
  return { username: Item.username, auth_time: Item.auth_time, token_keys: tokenKeys };
}

export async function forgetRefreshSession(token: string): Promise<void> {
  await deleteItem(keys.refreshSession(refreshTokenHash(token)));
}
