/**
 * Client teams (DESIGN.md "Access"): one item per member in the client's partition (`ORG#id` / `MEMBER#user`),
 * whose ByKind index keys (`USER#user` / `ORG#id`) give the other direction, a user's clients. The client item
 * keeps `lead_count`, so that "the last lead cannot leave" is a condition of the same transaction, and
 * `confidential`; `STATS` / `CONFIDENTIAL` lists the confidential clients' ids for the lists (a user's listing
 * scope reads it: listing-scope-repo.ts).
 */
import type { Organization } from '@shared/schemas/organizations';
import type { TeamMember, TeamRole } from '@shared/schemas/teams';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys, USER_CLIENTS_KEPT } from './keys';
import { confidentialStateOf, type ConfidentialState } from './listing-scope-repo';
import { toOrganization } from './organization-item';
import { tableName } from './table';
import { AGAIN, getItem, getItems, retryOnRace, transact, updateItem, updateWith, type TransactItem } from './table-ops';
import { queryAll } from './table-query';

const MEMBER_FIELDS = ['username', 'name', 'email', 'role', 'added_at', 'added_by'] as const;

function toMember(item: Record<string, unknown>): TeamMember {
  return Object.fromEntries(MEMBER_FIELDS.map((f) => [f, typeof item[f] === 'string' ? item[f] : ''])) as TeamMember;
}

export type NewMember = { organizationId: string; username: string; name: string; email: string; role: TeamRole; by: string; now: string };

/** The stored membership item (both directions' keys). */
function membershipItem(m: NewMember) {
  return {
    ...keys.membership(m.organizationId, m.username),
    ...keys.membershipByUser(m.username, m.organizationId),
    entity: 'Membership',
    organization_id: m.organizationId,
    username: m.username,
    name: m.name,
    email: m.email,
    role: m.role,
    added_at: m.now,
    added_by: m.by,
  };
}

/** A transaction item that puts the membership if the user is not on the team yet. */
function membershipPut(m: NewMember): TransactItem {
  return { Put: { TableName: tableName, Item: membershipItem(m), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/**
 * The write that keeps the user's clients (keys.userClients) in step with one membership item: in the same
 * transaction as the membership's put or delete, so the two never disagree. Unconditional (a set's ADD and DELETE
 * are idempotent), so it never fails a transaction; a DELETE on a user without the item leaves an empty one.
 */
export function userClientsUpdate(username: string, organizationId: string, change: 'add' | 'remove'): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.userClients(username),
      UpdateExpression: `${change === 'add' ? 'ADD' : 'DELETE'} ids :id SET entity = :e`,
      ExpressionAttributeValues: { ':id': new Set([organizationId]), ':e': 'UserClients' },
    },
  };
}

/** The membership's put and the user's clients kept in step: the transaction items that put someone on a team. */
export function membershipPuts(m: NewMember): [TransactItem, TransactItem] {
  return [membershipPut(m), userClientsUpdate(m.username, m.organizationId, 'add')];
}

/** What the access check needs about one client and one user: read in one strongly consistent batch. */
export interface ClientAccess {
  exists: boolean;
  confidential: boolean;
  /** The caller's membership's role (none without a membership item). */
  role: TeamRole | undefined;
  createdBy: string | undefined;
  /** How many leads the team has (none recorded on a client created before teams existed). */
  leadCount: number;
  /** The client's record, read whole in the same batch for the operation (a projection would cost the same capacity). */
  organization: Organization | undefined;
}

export async function clientAccess(organizationId: string, username: string): Promise<ClientAccess> {
  const org = keys.organization(organizationId);
  const member = keys.membership(organizationId, username);
  const found = await getItems([org, member], { consistent: true });
  const orgItem = found.find((i) => i.SK === org.SK);
  const memberItem = found.find((i) => i.SK === member.SK);
  return {
    exists: !!orgItem,
    confidential: orgItem?.confidential === true,
    role: memberItem ? (memberItem.role as TeamRole) : undefined,
    createdBy: typeof orgItem?.created_by === 'string' ? orgItem.created_by : undefined,
    leadCount: typeof orgItem?.lead_count === 'number' ? orgItem.lead_count : 0,
    organization: orgItem ? toOrganization(orgItem) : undefined,
  };
}

/** One person's standing on one client, without the client's record (`clientAccesses`). */
export type ClientStandingFacts = Omit<ClientAccess, 'organization'>;

/** The key `clientAccesses` answers each pair under. */
export const standingKey = (organizationId: string, username: string) => `${organizationId}\u0000${username}`;

/**
 * What the access policy needs about many (client, person) pairs, in one batch (BatchGetItem, 100 keys a request):
 * each client's item once (projected to what the policy reads) and each person's membership. For checks over a
 * page of items (the bell, the digest, a notification's recipients), eventually consistent: a membership ended a
 * moment ago may still read as one for that moment.
 */
export async function clientAccesses(pairs: readonly { organizationId: string; username: string }[]): Promise<Map<string, ClientStandingFacts>> {
  const orgIds = [...new Set(pairs.map((p) => p.organizationId))];
  const memberKeys = [...new Map(pairs.map((p) => [standingKey(p.organizationId, p.username), keys.membership(p.organizationId, p.username)])).values()];
  const found = pairs.length ? await getItems([...orgIds.map((id) => keys.organization(id)), ...memberKeys], { fields: ['PK', 'SK', 'confidential', 'created_by', 'lead_count', 'role'] }) : [];
  const byKey = new Map(found.map((i) => [`${String(i.PK)}\u0000${String(i.SK)}`, i]));
  const out = new Map<string, ClientStandingFacts>();
  for (const { organizationId, username } of pairs) {
    const org = keys.organization(organizationId);
    const member = keys.membership(organizationId, username);
    const orgItem = byKey.get(`${org.PK}\u0000${org.SK}`);
    const memberItem = byKey.get(`${member.PK}\u0000${member.SK}`);
    out.set(standingKey(organizationId, username), {
      exists: !!orgItem,
      confidential: orgItem?.confidential === true,
      role: memberItem ? (memberItem.role as TeamRole) : undefined,
      createdBy: typeof orgItem?.created_by === 'string' ? orgItem.created_by : undefined,
      leadCount: typeof orgItem?.lead_count === 'number' ? orgItem.lead_count : 0,
    });
  }
  return out;
}

export async function listMembers(organizationId: string): Promise<TeamMember[]> {
  const items = await queryAll(keys.organization(organizationId).PK, keys.membershipSkPrefix, { consistent: true });
  return items.map(toMember);
}

export async function getMember(organizationId: string, username: string): Promise<TeamMember | undefined> {
  const item = await getItem(keys.membership(organizationId, username), { consistent: true });
  return item ? toMember(item) : undefined;
}

/**
 * Every confidential client's id, and the report counts of those whose counts the list keeps (one item). A
 * client made confidential before the list held counts has none there: its counts are read from its item.
 */
async function confidentialState(): Promise<ConfidentialState> {
  return confidentialStateOf(await getItem(keys.confidentialClients()));
}

/** Every confidential client's id (one item). */
export async function confidentialClientIds(): Promise<string[]> {
  return (await confidentialState()).ids;
}

/** The per-status report counts of some clients (to take the hidden ones out of the firm-wide counts). */
export async function clientCounts(organizationIds: readonly string[]): Promise<Record<string, unknown>[]> {
  return getItems(organizationIds.map((id) => keys.organization(id)), { fields: ['id', 'report_count', 'draft', 'in_review', 'final'] });
}

export type TeamOutcome = { ok: true } | { ok: false; reason: 'missing' | 'exists' | 'last-lead' | 'changed' };

const leadCount = (organizationId: string, delta: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.organization(organizationId),
    UpdateExpression: 'ADD lead_count :d',
    ConditionExpression: delta === 1 ? 'attribute_exists(PK)' : 'attribute_exists(PK) AND lead_count > :one',
    ExpressionAttributeValues: delta === 1 ? { ':d': 1 } : { ':d': -1, ':one': 1 },
  },
});

const orgExists = (organizationId: string): TransactItem => ({
  ConditionCheck: { TableName: tableName, Key: keys.organization(organizationId), ConditionExpression: 'attribute_exists(PK)' },
});

/** Adds a member (and counts a lead), with its audit entry, in one transaction. */
export async function addMember(m: NewMember, audit: NewAuditEntry): Promise<TeamOutcome> {
  const outcome = await transact([membershipPut(m), m.role === 'lead' ? leadCount(m.organizationId, 1) : orgExists(m.organizationId), auditPut(audit), userClientsUpdate(m.username, m.organizationId, 'add')]);
  if (outcome.ok) return { ok: true };
  if (outcome.failed.includes(0)) return { ok: false, reason: 'exists' };
  if (outcome.failed.includes(1)) return { ok: false, reason: 'missing' };
  throw outcome.error;
}

/** Removes a member if their role is still `role`; a lead only while another lead stays. */
export async function removeMember(organizationId: string, username: string, role: TeamRole, audit: NewAuditEntry): Promise<TeamOutcome> {
  const del: TransactItem = {
    Delete: {
      TableName: tableName,
      Key: keys.membership(organizationId, username),
      ConditionExpression: '#role = :role',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    },
  };
  const kept = userClientsUpdate(username, organizationId, 'remove');
  const outcome = await transact(role === 'lead' ? [del, leadCount(organizationId, -1), auditPut(audit), kept] : [del, auditPut(audit), kept]);
  if (outcome.ok) return { ok: true };
  if (outcome.failed.includes(0)) return { ok: false, reason: 'changed' };
  if (outcome.failed.includes(1)) return { ok: false, reason: 'last-lead' };
  throw outcome.error;
}

/** Changes a member's role from `from` to `to`, keeping the lead count (a demotion only while another lead stays). */
export async function changeRole(organizationId: string, username: string, from: TeamRole, to: TeamRole, audit: NewAuditEntry): Promise<TeamOutcome> {
  const update: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.membership(organizationId, username),
      UpdateExpression: 'SET #role = :to',
      ConditionExpression: '#role = :from',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':to': to, ':from': from },
    },
  };
  const items: TransactItem[] = [update];
  if (from === 'lead' && to !== 'lead') items.push(leadCount(organizationId, -1));
  if (from !== 'lead' && to === 'lead') items.push(leadCount(organizationId, 1));
  items.push(auditPut(audit));
  const outcome = await transact(items);
  if (outcome.ok) return { ok: true };
  if (outcome.failed.includes(0)) return { ok: false, reason: 'changed' };
  if (outcome.failed.includes(1)) return { ok: false, reason: from === 'lead' ? 'last-lead' : 'missing' };
  throw outcome.error;
}

const COUNTERS = ['report_count', 'draft', 'in_review', 'final'] as const;

/**
 * Makes the client confidential or open, keeping the list of confidential clients in step, with its audit
 * entry, in one transaction: the client leaves (or joins) the open list of clients, and its report counts are
 * copied into the list (or dropped from it), on the condition that they have not moved since they were read.
 * Then its reports are moved to its own list partitions (or back to the open ones): listReportsOf and
 * relist do that (reports-repo). Doing it again is harmless: it is also how a client made confidential before
 * the list kept counts and partitions is brought up to date.
 */
export async function setConfidential(organizationId: string, confidential: boolean, by: string, now: string, audit: NewAuditEntry | undefined): Promise<TeamOutcome> {
  return retryOnRace(8, async (): Promise<TeamOutcome | typeof AGAIN> => {
    const org = await getItem(keys.organization(organizationId), { consistent: true, fields: ['PK', 'GSI1SK', ...COUNTERS] });
    if (!org) return { ok: false, reason: 'missing' };
    const counts = COUNTERS.map((c) => Number(org[c] ?? 0));
    const sortKey = String(org.GSI1SK);
    const names: Record<string, string> = { '#conf': 'confidential', '#listed': 'counts_listed', '#gsk': 'GSI1SK' };
    const values: Record<string, unknown> = { ':c': confidential, ':now': now, ':by': by, ':gpk': keys.organizationListing(organizationId, confidential), ':gsk': sortKey };
    const unchanged = COUNTERS.map((c, i) => {
      names[`#k${i}`] = c;
      values[`:k${i}`] = counts[i];
      return counts[i] === 0 ? `(attribute_not_exists(#k${i}) OR #k${i} = :k${i})` : `#k${i} = :k${i}`;
    });
    if (confidential) values[':t'] = true;
    const outcome = await transact([
      {
        Update: {
          TableName: tableName,
          Key: keys.organization(organizationId),
          UpdateExpression: `SET #conf = :c, updated_at = :now, updated_by = :by, GSI1PK = :gpk${confidential ? ', #listed = :t' : ''}${confidential ? '' : ' REMOVE #listed'}`,
          // not renamed since its sort key was read (the list of confidential clients keeps it)
          ConditionExpression: ['attribute_exists(PK)', '#gsk = :gsk', ...unchanged].join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: keys.confidentialClients(),
          // none of its reports is newer than now: each later write of one raises it (reports-repo raiseListedNewest)
          UpdateExpression: confidential ? 'ADD ids :id SET #n = :n, #s = :s, #u = :now' : 'DELETE ids :id REMOVE #n, #s, #u',
          ExpressionAttributeNames: { '#n': keys.confidentialCounts(organizationId), '#s': keys.confidentialSortKey(organizationId), '#u': keys.confidentialNewest(organizationId) },
          ExpressionAttributeValues: { ':id': new Set([organizationId]), ...(confidential ? { ':n': counts, ':s': sortKey, ':now': now } : {}) },
        },
      },
      ...(audit ? [auditPut(audit)] : []),
    ]);
    if (outcome.ok) return { ok: true };
    // its reports' counts moved between the read and the write: read again
    if (!outcome.failed.includes(0)) throw outcome.error;
    return AGAIN;
  }, () => {
    throw new Error('could not change the confidentiality: the client kept changing');
  });
}

/**
 * The write that keeps a confidential client's place in the list of confidential clients when it is renamed
 * (in the rename's transaction; it holds only while the client is in that list).
 */
export function confidentialRename(organizationId: string, sortKey: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.confidentialClients(),
      UpdateExpression: 'SET #s = :s',
      ConditionExpression: 'contains(ids, :id)',
      ExpressionAttributeNames: { '#s': keys.confidentialSortKey(organizationId) },
      ExpressionAttributeValues: { ':s': sortKey, ':id': organizationId },
    },
  };
}

/** Drops a deleted client from the list of confidential clients (its membership items go with the partition). */
export function forgetConfidential(organizationId: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.confidentialClients(),
      UpdateExpression: 'DELETE ids :id REMOVE #n, #s, #u',
      ExpressionAttributeNames: { '#n': keys.confidentialCounts(organizationId), '#s': keys.confidentialSortKey(organizationId), '#u': keys.confidentialNewest(organizationId) },
      ExpressionAttributeValues: { ':id': new Set([organizationId]) },
    },
  };
}

/** Adds clients to a user's clients item (a set union: never loses a concurrent add). The migration's write. */
export async function addUserClients(username: string, organizationIds: readonly string[]): Promise<void> {
  if (!organizationIds.length) return;
  await updateWith({ Key: keys.userClients(username), UpdateExpression: 'ADD ids :ids SET entity = :e', ExpressionAttributeValues: { ':ids': new Set(organizationIds), ':e': 'UserClients' } });
}

/**
 * Takes a client out of a user's clients item if the user is not on its team (a membership removed while the
 * migration read the team): the membership's absence is a condition of the same transaction. True if taken out.
 */
export async function dropUserClientUnlessMember(username: string, organizationId: string): Promise<boolean> {
  const outcome = await transact([
    { ConditionCheck: { TableName: tableName, Key: keys.membership(organizationId, username), ConditionExpression: 'attribute_not_exists(PK)' } },
    userClientsUpdate(username, organizationId, 'remove'),
  ]);
  if (outcome.ok) return true;
  if (outcome.failed.includes(0)) return false;
  throw outcome.error;
}

/** Marks the table's users' clients items complete (USER_CLIENTS_KEPT): the lists read them from now on. */
export async function markUserClientsKept(): Promise<void> {
  await updateItem(keys.confidentialClients(), { [USER_CLIENTS_KEPT]: true });
}

/** Whether the table's users' clients items are marked complete. */
export async function userClientsKept(): Promise<boolean> {
  return (await getItem(keys.confidentialClients(), { consistent: true }))?.[USER_CLIENTS_KEPT] === true;
}
