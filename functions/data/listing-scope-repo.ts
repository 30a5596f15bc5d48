/**
 * A user's listing scope (DESIGN.md "Access"): what the dashboard's lists take out (the confidential clients the
 * user is not on) and merge in (those they are on), with what the list of confidential clients (`STATS` /
 * `CONFIDENTIAL`, kept by teams-repo) keeps of them: report counts, sort keys, newest report times. Read in one
 * BatchGetItem with the user's clients item (`USER#user` / `CLIENTS`), or with the session check's items too.
 */
import { indexes, keys, USER_CLIENTS_KEPT } from './keys';
import { sessionStateKeys, sessionStateOf, type SessionState } from './sessions-repo';
import { getItems } from './table-ops';
import { queryAll } from './table-query';

/** Per confidential client, its report counts as kept in the list: [total, draft, in review, final]. */
export type ListedCounts = readonly [number, number, number, number];

export interface ConfidentialState {
  ids: string[];
  counts: Map<string, ListedCounts>;
  /** where each confidential client sorts in the list of clients (none kept for one made confidential before this was) */
  sortKeys: Map<string, string>;
  /** a time none of its reports is newer than (none kept for one made confidential before this was) */
  newest: Map<string, string>;
  /** whether the user's clients items are complete (USER_CLIENTS_KEPT) */
  userClientsKept: boolean;
}

/** What a user's lists take out (`hidden`) and merge in (`own`), with what the list of confidential clients keeps of them. */
export interface ListingScope {
  hidden: string[];
  own: string[];
  counts: Map<string, ListedCounts>;
  sortKeys: Map<string, string>;
  newest: Map<string, string>;
}

/** The `ids` string set of the list of confidential clients or of a user's clients. */
const idsOf = (item: Record<string, unknown> | undefined): string[] => {
  const raw = item?.ids;
  return raw instanceof Set ? [...(raw as Set<string>)].map(String) : Array.isArray(raw) ? raw.map(String) : [];
};

/**
 * The state from the list's item (undefined: no client was ever made confidential). A client made confidential
 * before the list held counts has none there: its counts are read from its item.
 */
export function confidentialStateOf(item: Record<string, unknown> | undefined): ConfidentialState {
  const ids = idsOf(item);
  const counts = new Map<string, ListedCounts>();
  const sortKeys = new Map<string, string>();
  const newest = new Map<string, string>();
  for (const id of ids) {
    const c = item?.[keys.confidentialCounts(id)];
    if (Array.isArray(c) && c.length === 4) counts.set(id, c.map(Number) as unknown as ListedCounts);
    const sk = item?.[keys.confidentialSortKey(id)];
    if (typeof sk === 'string') sortKeys.set(id, sk);
    const at = item?.[keys.confidentialNewest(id)];
    if (typeof at === 'string') newest.set(id, at);
  }
  return { ids, counts, sortKeys, newest, userClientsKept: item?.[USER_CLIENTS_KEPT] === true };
}

/** The ids of the clients whose team the user is on (the ByKind index; bounded by how many teams one person joins). */
async function clientsOfIndex(username: string): Promise<string[]> {
  const rows = await queryAll(keys.membershipByUserPartition(username), 'ORG#', { index: indexes.byKind, fields: ['organization_id'] });
  return rows.map((row) => String(row.organization_id));
}

/**
 * What a user's lists take out and merge in: the confidential clients they are not on (and the report counts
 * the list keeps of those), and those they are on. One BatchGetItem (the list of confidential clients and the
 * user's clients), whatever the number of clients; a Query more on a table whose user's clients are not kept yet.
 */
export async function listingScope(username: string): Promise<ListingScope> {
  const items = await getItems([keys.confidentialClients(), keys.userClients(username)]);
  return scopeFrom(username, items);
}

/** The scope from a batch that read the list of confidential clients and the user's clients (and maybe more). */
async function scopeFrom(username: string, items: readonly Record<string, unknown>[]): Promise<ListingScope> {
  const listKey = keys.confidentialClients();
  const mineKey = keys.userClients(username);
  const state = confidentialStateOf(items.find((i) => i.PK === listKey.PK && i.SK === listKey.SK));
  const mineItem = items.find((i) => i.PK === mineKey.PK && i.SK === mineKey.SK);
  return scopeOf(state, state.userClientsKept ? idsOf(mineItem) : await clientsOfIndex(username));
}

function scopeOf(state: ConfidentialState, mine: readonly string[]): ListingScope {
  const on = new Set(mine);
  return { hidden: state.ids.filter((id) => !on.has(id)), own: state.ids.filter((id) => on.has(id)), counts: state.counts, sortKeys: state.sortKeys, newest: state.newest };
}

/**
 * The session check's items and a user's listing scope in one BatchGetItem (the caller refuses the request on
 * the session state before it uses the scope). A `listing` route's grant puts the four items' partitions in one
 * IAM statement (LISTING_CHECK_KEYS), as a BatchGetItem's leading keys must all fall in one. Read eventually
 * consistent, as the session check alone is.
 */
export async function sessionAndListingScope(username: string): Promise<{ session: SessionState; scope: ListingScope }> {
  const items = await getItems([...sessionStateKeys(username), keys.confidentialClients(), keys.userClients(username)]);
  const session = sessionStateOf(username, items);
  // an ended session learns nothing more (not even whether the index has to be read)
  if (session.status !== 'active') return { session, scope: scopeOf(confidentialStateOf(undefined), []) };
  return { session, scope: await scopeFrom(username, items) };
}
