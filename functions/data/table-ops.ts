/**
 * Table helpers: the ways the repositories read and write the single table, written once. A repository says
 * what is stored under which key; these say how (conditions, pages, retries) and turn the races DynamoDB
 * reports as errors into typed outcomes. Only the table helpers (this file, table-query.ts, table-counters.ts)
 * send requests; every retry lives in them:
 * - `getItem` / `getItems`: one item, or many in BatchGetItem requests (keys left unprocessed asked again);
 * - `queryPage`: one page of a partition (of the table or an index) behind an opaque cursor (./cursor.ts);
 *   `queryRange` and `queryAll` (table-query.ts): one Query request, every page of a partition;
 * - `putItem` / `updateItem` / `updateWith` / `deleteItem`: unconditional writes (the item replaced or deleted
 *   when asked);
 * - `putIf` / `updateIf` / `deleteIf`: a conditional write that answers whether its condition held;
 * - `deleteAll`: BatchWriteItem deletes, items left unprocessed sent again;
 * - `versionedPut` / `versionedUpdate`: optimistic locking on `version`; the loser gets the current item;
 * - `transact`: a transaction whose cancellation says which item's condition failed, or that it only met
 *   another transaction (retried with backoff unless the caller retries itself);
 * - `retryOnRace`: a read-then-write tried again while what it read moves before its write;
 * - `increment` (table-counters.ts): an atomic counter, on a condition when one is given.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
  type DeleteCommandInput,
  type PutCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import type { ItemKey } from './keys';
import { backoff, cancellationCodes, isConditionalCheckFailed, placeholders, projection, tableName, TRANSACTION_RETRIES } from './table';
import { documentClient } from './table-client';
import { queryRange, type IndexName } from './table-query';

export type Item = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------- reads

/** One item by its key (undefined when there is none). Eventually consistent unless `consistent`. */
export async function getItem(key: ItemKey, opts: { consistent?: boolean; fields?: readonly string[] } = {}): Promise<Item | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName, Key: key, ...projection(opts.fields), ...(opts.consistent ? { ConsistentRead: true } : {}) }),
  );
  return Item;
}

/**
 * Items by their keys (BatchGetItem, 100 keys a request, one request after the other), the keys DynamoDB leaves
 * unprocessed asked again after a short jittered pause, each request sent at most TRANSACTION_RETRIES times (then
 * it throws); the items come back in no particular order (match them by key). Some fields only with `fields`
 * (include the key attributes to tell the items apart).
 */
export async function getItems(itemKeys: readonly ItemKey[], opts: { consistent?: boolean; fields?: readonly string[] } = {}): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < itemKeys.length; i += 100) {
    let pending: Item[] | undefined = itemKeys.slice(i, i + 100).map((k) => ({ PK: k.PK, SK: k.SK }));
    for (let attempt = 0; pending?.length && attempt < TRANSACTION_RETRIES; attempt++) {
      if (attempt > 0) await backoff(attempt);
      const out: BatchGetCommandOutput = await documentClient().send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ...projection(opts.fields), ...(opts.consistent ? { ConsistentRead: true } : {}) } } }),
      );
      found.push(...(out.Responses?.[tableName] ?? []));
      pending = out.UnprocessedKeys?.[tableName]?.Keys;
    }
    if (pending?.length) throw new Error('could not read the items: DynamoDB kept leaving keys unprocessed');
  }
  return found;
}

/** How a page cursor is spelled: the few values it carries, where they resume, and how the next one is made. */
export interface PageCursor<K extends string> {
  fields: readonly K[];
  /** where a decoded cursor resumes (the ExclusiveStartKey), or undefined when it points outside the list */
  startKey(values: Record<K, string>): Item | undefined;
  /** the cursor that follows `last`: the page's last item, with the keys DynamoDB stopped at */
  after(last: Item): Record<K, string>;
}

export interface PageQuery<K extends string> {
  /** an index of the table, or (undefined) the table itself */
  index?: IndexName;
  /** the partition's key value */
  pk: string;
  /** only sort keys that start with this */
  skPrefix?: string;
  newestFirst?: boolean;
  /** read only these fields of each item (the cursor still comes from the key DynamoDB stopped at) */
  fields?: readonly string[];
  limit: number;
  cursor: string | undefined;
  /** how the cursor is spelled; default (table queries only): the sort key, which must start with `skPrefix` */
  resume?: PageCursor<K>;
  /** rows of the partition that are not items of the list (the totals): read with the page, returned apart */
  aside?: (row: Item) => boolean;
  /** rows the caller may not see (confidential clients it is not on): read, then dropped */
  exclude?: (row: Item) => boolean;
  /** read this many rows more than `limit`, so that excluded rows do not shorten the page */
  extra?: number;
  /** at most this many items; the cursor then follows the last one returned */
  want?: number;
}

export interface Page {
  items: Item[];
  /** the rows `aside` picked out */
  aside: Item[];
  next_cursor: string | null;
}

/** The default cursor of a table partition: the last item's sort key, kept inside the list's prefix. */
function sortKeyCursor(pk: string, skPrefix = ''): PageCursor<'sk'> {
  return {
    fields: ['sk'],
    startKey: ({ sk }) => (sk.startsWith(skPrefix) ? { PK: pk, SK: sk } : undefined),
    after: (last) => ({ sk: String(last.SK) }),
  };
}

/**
 * One page of a partition. A cursor that does not decode, or points outside the list, throws
 * InvalidCursorError at once, before anything is read (so a caller may start other reads beside the page).
 */
export function queryPage<K extends string = 'sk'>(q: PageQuery<K>): Promise<Page> {
  if (q.index && !q.resume) throw new Error('a page of an index needs its own cursor');
  const resume = q.resume ?? (sortKeyCursor(q.pk, q.skPrefix) as unknown as PageCursor<K>);
  const values = decodeCursor(q.cursor, resume.fields);
  if (values === 'invalid') throw new InvalidCursorError();
  const start = values ? resume.startKey(values) : undefined;
  if (values && !start) throw new InvalidCursorError();
  return readPage(q, resume, start);
}

async function readPage<K extends string>(q: PageQuery<K>, resume: PageCursor<K>, start: Item | undefined): Promise<Page> {
  const out = await queryRange({
    index: q.index,
    pk: q.pk,
    sk: { beginsWith: q.skPrefix ?? '' },
    fields: q.fields,
    newestFirst: q.newestFirst,
    limit: q.limit + (q.exclude ? (q.extra ?? 0) : 0),
    start,
  });
  const rows = out.items;
  const { aside, exclude } = q;
  let items = aside ? rows.filter((r) => !aside(r)) : rows;
  if (!exclude) {
    const last = out.lastKey && items.length ? { ...items[items.length - 1], ...out.lastKey } : undefined;
    return { items, aside: aside ? rows.filter(aside) : [], next_cursor: last ? encodeCursor(resume.after(last)) : null };
  }
  // the last row read, whether shown or not, is where the next page resumes, unless the page was cut at `want`
  const lastRead = rows.length && out.lastKey ? rows[rows.length - 1] : undefined;
  items = items.filter((r) => !exclude(r));
  const want = q.want ?? q.limit;
  let resumeAt: Item | undefined = lastRead && !(aside?.(lastRead) ?? false) ? lastRead : lastRead && items.length ? items[items.length - 1] : undefined;
  if (items.length > want) {
    items = items.slice(0, want);
    resumeAt = items[want - 1];
  }
  return { items, aside: aside ? rows.filter(aside) : [], next_cursor: resumeAt ? encodeCursor(resume.after(resumeAt)) : null };
}

// --------------------------------------------------------------------------------------------------- writes

/** `SET` of every field whose value is not undefined, each through placeholders (no reserved-word clashes). */
export function setExpression(fields: Item): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Item } {
  const { pairs, names, values } = placeholders(fields, 's');
  return { UpdateExpression: `SET ${pairs.map(([n, v]) => `${n} = ${v}`).join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** The stamps of an item's first version: who made it and when, at version 1. */
export const firstVersion = (by: string, now: string) => ({ created_at: now, updated_at: now, created_by: by, updated_by: by, version: 1 });

/** Puts the item, unconditionally; with `returnPrevious`, answers the item it replaced (undefined: there was none). */
export async function putItem(item: Item & ItemKey, opts: { returnPrevious?: boolean } = {}): Promise<Item | undefined> {
  const out = await documentClient().send(new PutCommand({ TableName: tableName, Item: item, ...(opts.returnPrevious ? { ReturnValues: 'ALL_OLD' } : {}) }));
  return out.Attributes;
}

/** Sets `fields` on the item (created if missing), unconditionally. */
export async function updateItem(key: ItemKey, fields: Item): Promise<void> {
  await documentClient().send(new UpdateCommand({ TableName: tableName, Key: key, ...setExpression(fields) }));
}

/**
 * An update written as DynamoDB expressions (ADD to numbers and sets, DELETE from sets, REMOVE, nested paths),
 * unconditional (the item is created if missing); a conditional one is `updateIf`, a counter `increment`.
 */
export async function updateWith(input: Omit<UpdateCommandInput, 'TableName' | 'ConditionExpression' | 'ReturnValues'>): Promise<void> {
  await documentClient().send(new UpdateCommand({ TableName: tableName, ...input }));
}

/** Deletes the item, unconditionally; with `returnPrevious`, answers the item deleted (undefined: there was none). */
export async function deleteItem(key: ItemKey, opts: { returnPrevious?: boolean } = {}): Promise<Item | undefined> {
  const out = await documentClient().send(new DeleteCommand({ TableName: tableName, Key: key, ...(opts.returnPrevious ? { ReturnValues: 'ALL_OLD' } : {}) }));
  return out.Attributes;
}

/** True when the write was made; false when its condition failed (then nothing changed). */
async function held(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export const putIf = (input: Omit<PutCommandInput, 'TableName'> & { ConditionExpression: string }) =>
  held(documentClient().send(new PutCommand({ TableName: tableName, ...input })));
export const updateIf = (input: Omit<UpdateCommandInput, 'TableName'> & { ConditionExpression: string }) =>
  held(documentClient().send(new UpdateCommand({ TableName: tableName, ...input })));
export const deleteIf = (input: Omit<DeleteCommandInput, 'TableName'> & { ConditionExpression: string }) =>
  held(documentClient().send(new DeleteCommand({ TableName: tableName, ...input })));

/**
 * Deletes the items (BatchWriteItem, 25 a request, one request after the other), the items DynamoDB leaves
 * unprocessed sent again after a growing pause, each request sent at most TRANSACTION_RETRIES times (then it throws).
 */
export async function deleteAll(itemKeys: readonly ItemKey[]): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let pending: Item[] | undefined = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending?.length && attempt < TRANSACTION_RETRIES; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out: BatchWriteCommandOutput = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = out.UnprocessedItems?.[tableName];
    }
    if (pending?.length) throw new Error(`could not delete ${pending.length} items`);
  }
}

// -------------------------------------------------------------------------------------- optimistic locking

/** What a versioned write did: stored (and, when asked, what it replaced), or lost to the `current` item. */
export type Versioned = { ok: true; previous?: Item } | { ok: false; current: Item | undefined };

/** The item must still be at `expected` (0: there must be none yet). */
function versionCondition(expected: number) {
  return expected === 0
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : { ConditionExpression: 'attribute_exists(PK) AND version = :expected', ExpressionAttributeValues: { ':expected': expected } };
}

/** A transaction item: puts `item` if its key holds no item yet. */
export function newItemPut(item: Item & ItemKey) {
  return { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** A transaction item: puts `item` at version `expected + 1` if the stored one is still at `expected`. */
export function versionedPutItem(item: Item & ItemKey, expected: number) {
  return { Put: { TableName: tableName, Item: { ...item, version: expected + 1 }, ...versionCondition(expected) } };
}

/** A transaction item: sets `fields` and moves `version` to `expected + 1` if the item is still at `expected` (≥ 1). */
export function versionedUpdateItem(key: ItemKey, fields: Item, expected: number) {
  const set = setExpression({ ...fields, version: expected + 1 });
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: set.UpdateExpression,
      ConditionExpression: 'attribute_exists(PK) AND version = :expected',
      ExpressionAttributeNames: set.ExpressionAttributeNames,
      ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':expected': expected },
    },
  };
}

/** After a lost race: the item as the winner left it (a strongly consistent read). */
async function lost(key: ItemKey, error: unknown): Promise<Versioned> {
  if (!isConditionalCheckFailed(error)) throw error;
  return { ok: false, current: await getItem(key, { consistent: true }) };
}

/** Puts `item` at version `expected + 1` if the stored one is still at `expected` (0: none stored yet). */
export async function versionedPut(item: Item & ItemKey, expected: number): Promise<Versioned> {
  try {
    await documentClient().send(new PutCommand(versionedPutItem(item, expected).Put));
    return { ok: true };
  } catch (error) {
    return lost({ PK: item.PK, SK: item.SK }, error);
  }
}

/** Sets `fields` and moves `version` on, if the item is still at `expected`; `previous` is what it replaced, when asked. */
export async function versionedUpdate(key: ItemKey, fields: Item, expected: number, opts: { returnPrevious?: boolean } = {}): Promise<Versioned> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({ ...versionedUpdateItem(key, fields, expected).Update, ...(opts.returnPrevious ? { ReturnValues: 'ALL_OLD' } : {}) }),
    );
    return { ok: true, ...(opts.returnPrevious ? { previous: out.Attributes } : {}) };
  } catch (error) {
    return lost(key, error);
  }
}

// ------------------------------------------------------------------------------------------- transactions

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What a transaction did. `condition`: an item's condition failed (`failed` holds their positions; `error` is
 * DynamoDB's, for a caller that did not expect it). `conflict`: it only met other transactions (nothing
 * failed); returned only when the caller retries itself.
 */
export type TransactOutcome =
  | { ok: true }
  | { ok: false; reason: 'condition'; failed: number[]; error: Error }
  | { ok: false; reason: 'conflict'; error: Error };

/**
 * Writes the items all or none. A transaction that only met other transactions (hot items such as the
 * totals) is tried again after a short jittered pause, up to TRANSACTION_RETRIES times, then its error is
 * thrown; with `retryConflicts: false` it is answered as `conflict` at once (for callers that read again
 * before retrying). A cancellation for any other reason (throttling, validation) is thrown.
 */
export function transact(items: TransactItem[]): Promise<Exclude<TransactOutcome, { reason: 'conflict' }>>;
export function transact(items: TransactItem[], opts: { retryConflicts: false }): Promise<TransactOutcome>;
export async function transact(items: TransactItem[], opts: { retryConflicts?: false } = {}): Promise<TransactOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const failed = codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length) return { ok: false, reason: 'condition', failed, error: error as Error };
      if (!codes.includes('TransactionConflict')) throw error;
      if (opts.retryConflicts === false) return { ok: false, reason: 'conflict', error: error as Error };
      if (attempt >= TRANSACTION_RETRIES) throw error;
      await backoff(attempt);
    }
  }
}

// ------------------------------------------------------------------------------------ read-then-write retries

/** An attempt's answer that what it read moved before its write (nothing was written): try again at once. */
export const AGAIN: unique symbol = Symbol('again');
/** The same, after a short jittered pause (the write met a hot item, such as the totals, or another writer). */
export const AGAIN_AFTER_PAUSE: unique symbol = Symbol('again after a pause');
export type Again = typeof AGAIN | typeof AGAIN_AFTER_PAUSE;

/**
 * A read-then-write, tried until it settles: `attempt` reads what its write depends on and writes on the condition
 * that it has not moved, then answers its result, or AGAIN / AGAIN_AFTER_PAUSE when it lost that race. At most
 * `tries` attempts (`attempt` is given its number, from 0); after the last, `exhausted` answers (or throws).
 * Whatever else an attempt throws ends it at once.
 */
export async function retryOnRace<T>(tries: number, attempt: (n: number) => Promise<T | Again>, exhausted: () => T | Promise<T>): Promise<T> {
  for (let n = 0; n < tries; n++) {
    const answer = await attempt(n);
    if (answer === AGAIN) continue;
    if (answer === AGAIN_AFTER_PAUSE) {
      await backoff(n);
      continue;
    }
    return answer;
  }
  return exhausted();
}
