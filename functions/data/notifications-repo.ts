/**
 * Notifications: one item per notification in the recipient's inbox partition (`INBOX#<user>`, see
 * keys.ts), kept 90 days (TTL), and the inbox's state item (`NOTIF~STATE`: unread count, when all were last
 * marked read) at the end of the same range, so a poll is one Query. A notification for a daily digest also
 * carries the sparse ByKind keys of the `DIGEST` queue until the digest mails it.
 */
import type { EmailSetting, Notification, NotificationKind, NotificationTarget } from '@shared/schemas/notifications';
import { indexes, keys, type ItemKey } from './keys';
import { tableName } from './table';
import { getItem, transact, updateIf, updateItem, type Item } from './table-ops';
import { queryRange } from './table-query';

/** How long a notification is kept. */
const NOTIFICATION_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface NewNotification {
  recipient: string;
  id: string;
  at: string;
  kind: NotificationKind;
  actor: { id: string; name: string };
  report_id: string;
  org_id: string;
  target: NotificationTarget;
  text: string;
  /** what the recipient's setting made of it: mailed at once, queued for the digest (with the address), or no email */
  email: { setting: EmailSetting; to?: string };
}

export interface StoredNotification extends Notification {
  email_to?: string;
  recipient: string;
}

export interface InboxState {
  unread: number;
  /** notifications made at or before this time count as read (mark all read) */
  all_read_at?: string;
}

const stateOf = (row: Item | undefined): InboxState => ({
  unread: Math.max(0, Number(row?.unread ?? 0)),
  ...(typeof row?.all_read_at === 'string' ? { all_read_at: row.all_read_at } : {}),
});

function toNotification(row: Item, state: InboxState): StoredNotification {
  const created = String(row.created_at);
  return {
    id: String(row.id),
    recipient: String(row.recipient),
    kind: row.kind as NotificationKind,
    actor: row.actor as { id: string; name: string },
    report_id: String(row.report_id),
    org_id: String(row.org_id),
    target: row.target ?? {},
    text: typeof row.text === 'string' ? row.text : '',
    created_at: created,
    read: typeof row.read_at === 'string' || (state.all_read_at !== undefined && created <= state.all_read_at),
    ...(typeof row.email_to === 'string' ? { email_to: row.email_to } : {}),
  };
}

/** Stores a notification and counts it unread, together. */
export async function putNotification(n: NewNotification): Promise<void> {
  const digest = n.email.setting === 'daily' && n.email.to ? { ...keys.notificationDigest(n.recipient, n.at, n.id), email_to: n.email.to } : {};
  const item = {
    ...keys.notification(n.recipient, n.at, n.id),
    ...digest,
    entity: 'Notification',
    id: n.id,
    recipient: n.recipient,
    kind: n.kind,
    actor: n.actor,
    report_id: n.report_id,
    org_id: n.org_id,
    target: n.target,
    text: n.text,
    created_at: n.at,
    email: n.email.setting,
    expires_at: Math.floor(Date.parse(n.at) / 1000) + NOTIFICATION_TTL_SECONDS,
  };
  await transact([
    { Put: { TableName: tableName, Item: item } },
    {
      Update: {
        TableName: tableName,
        Key: keys.notificationState(n.recipient),
        UpdateExpression: 'ADD unread :one SET latest_at = :at, entity = :entity',
        ExpressionAttributeValues: { ':one': 1, ':at': n.at, ':entity': 'InboxState' },
      },
    },
  ]);
}

const notExpired = (row: Item, now: number) => !(typeof row.expires_at === 'number' && row.expires_at <= now);

/**
 * The inbox in one Query: its newest `limit` notifications, or (with `since`) only those made after it,
 * oldest first, and the state item that ends the range (unread count).
 */
export async function readInbox(username: string, opts: { since?: string; limit: number }): Promise<{ items: StoredNotification[]; state: InboxState }> {
  const state = keys.notificationState(username);
  const out = await queryRange({
    pk: state.PK,
    // after every notification made at `since` (the client has them): '~' sorts after every id
    sk: { between: [opts.since ? `${keys.notificationSkFrom(opts.since)}#~` : keys.notificationSkPrefix, state.SK] },
    // newest first without `since` (the state item comes first); with it, from `since` on (the state item last)
    newestFirst: opts.since === undefined,
    limit: opts.limit + 1,
  });
  const rows = out.items;
  const stateRow = rows.find((r) => r.SK === state.SK);
  const inbox = stateOf(stateRow);
  const now = Math.floor(Date.now() / 1000);
  const items = rows.filter((r) => r.SK !== state.SK && notExpired(r, now)).map((r) => toNotification(r, inbox));
  items.sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at)));
  // a poll that found more than `limit` new ones missed the state row: read it apart (rare)
  if (!stateRow && opts.since !== undefined && rows.length > opts.limit) return { items, state: stateOf(await getItem(state)) };
  return { items, state: inbox };
}

export async function inboxState(username: string): Promise<InboxState> {
  return stateOf(await getItem(keys.notificationState(username), { consistent: true }));
}

/**
 * Marks one notification read and counts it down, together; nothing happens to one that is already read (its
 * own mark, or made before "mark all read") or that does not exist.
 */
export async function markNotificationRead(username: string, at: string, id: string, now: string): Promise<void> {
  await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.notification(username, at, id),
        UpdateExpression: 'SET read_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(read_at)',
        ExpressionAttributeValues: { ':now': now },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.notificationState(username),
        UpdateExpression: 'ADD unread :minus',
        ConditionExpression: 'unread > :zero AND (attribute_not_exists(all_read_at) OR all_read_at < :at)',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':at': at },
      },
    },
  ]);
}

/** Mark all read: the count is zero and everything made until now reads as read (one write, whatever the number). */
export async function markAllNotificationsRead(username: string, now: string): Promise<void> {
  await updateItem(keys.notificationState(username), { unread: 0, all_read_at: now, entity: 'InboxState' });
}

/** A page of the digest queue (every recipient's, grouped by recipient, oldest first within each). */
export async function digestQueuePage(limit: number, start?: Item): Promise<{ items: (StoredNotification & { key: ItemKey })[]; next?: Item }> {
  const out = await queryRange({ index: indexes.byKind, pk: keys.notificationDigestPartition(), limit, start });
  const now = Math.floor(Date.now() / 1000);
  const items = out.items.filter((r) => notExpired(r, now)).map((r) => ({ ...toNotification(r, { unread: 0 }), key: { PK: String(r.PK), SK: String(r.SK) } }));
  return { items, ...(out.lastKey ? { next: out.lastKey } : {}) };
}

/** Takes a notification off the digest queue once mailed (the sparse index keys go; the item stays in the inbox). */
export async function markDigested(key: ItemKey, now: string): Promise<void> {
  // a condition that fails means it is gone meanwhile (expired): nothing to take off
  await updateIf({
    Key: key,
    UpdateExpression: 'REMOVE GSI1PK, GSI1SK, email_to SET emailed_at = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':now': now },
  });
}
