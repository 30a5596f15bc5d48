/**
 * Queries of the single table or of one of its indexes, written once: `queryRange` sends one Query request (a
 * partition, a condition on its sort key, a filter, a projection, a start key) and answers its rows and where it
 * stopped; `queryAll` follows the pages of a partition to the end. A list shown a page at a time behind an opaque
 * cursor is table-ops' `queryPage`, which reads through `queryRange` as well.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '@shared/resources/table';
import { joinPlaceholders, projection, tableName } from './table';
import { documentClient } from './table-client';

type Item = Record<string, unknown>;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** The key attribute names of the table, or of one of its indexes. */
export function keyNames(index: IndexName | undefined): { pk: string; sk: string } {
  const def = index ? tableDefinition.globalSecondaryIndexes.find((i) => i.indexName === index) : tableDefinition;
  if (!def) throw new Error(`no index ${index}`);
  return { pk: def.partitionKey.name, sk: def.sortKey.name };
}

/** Which sort keys of the partition: those starting with a prefix ('' for all), between two (inclusive), or one side of one. */
export type SortKeyCondition = { beginsWith: string } | { between: readonly [string, string] } | { op: '<' | '<=' | '>' | '>='; value: string };

export interface RangeQuery {
  /** an index of the table, or (undefined) the table itself */
  index?: IndexName;
  /** the partition's key value */
  pk: string;
  /** default: the whole partition */
  sk?: SortKeyCondition;
  /**
   * a FilterExpression over the rows read (they still count towards `limit`), with its own placeholders; none may be
   * named `#f<n>` (the projection's), `:pk` or `:sk…` (the key condition's)
   */
  filter?: { expression: string; names?: Record<string, string>; values?: Item };
  /** read only these fields of each row */
  fields?: readonly string[];
  consistent?: boolean;
  newestFirst?: boolean;
  /** at most this many rows read (before the filter) */
  limit?: number;
  /** where the previous request stopped (its `lastKey`) */
  start?: Item;
}

export interface RangeRead {
  /** the rows read that passed the filter */
  items: Item[];
  /** where the next request resumes (undefined: the range is read to its end) */
  lastKey: Item | undefined;
  /** how many rows were read, before the filter */
  scanned: number;
}

function sortKeyCondition(sk: SortKeyCondition | undefined, name: string): { expression: string; values: Item } {
  // DynamoDB refuses an empty string in a key condition: the whole partition is asked for without one
  if (!sk || ('beginsWith' in sk && !sk.beginsWith)) return { expression: '', values: {} };
  if ('beginsWith' in sk) return { expression: ` AND begins_with(${name}, :sk)`, values: { ':sk': sk.beginsWith } };
  if ('between' in sk) return { expression: ` AND ${name} BETWEEN :sk AND :sk2`, values: { ':sk': sk.between[0], ':sk2': sk.between[1] } };
  return { expression: ` AND ${name} ${sk.op} :sk`, values: { ':sk': sk.value } };
}

/** One Query request: the rows of a partition's range (of the table or an index), and where it stopped. */
export async function queryRange(q: RangeQuery): Promise<RangeRead> {
  const key = keyNames(q.index);
  const sk = sortKeyCondition(q.sk, key.sk);
  const { ProjectionExpression, ExpressionAttributeNames } = projection(q.fields);
  const names = joinPlaceholders(ExpressionAttributeNames, q.filter?.names);
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName,
      ...(q.index ? { IndexName: q.index } : {}),
      KeyConditionExpression: `${key.pk} = :pk${sk.expression}`,
      ...(q.filter ? { FilterExpression: q.filter.expression } : {}),
      ...(ProjectionExpression ? { ProjectionExpression } : {}),
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: joinPlaceholders<unknown>({ ':pk': q.pk, ...sk.values }, q.filter?.values),
      ...(q.consistent ? { ConsistentRead: true } : {}),
      ...(q.newestFirst ? { ScanIndexForward: false } : {}),
      ...(q.limit !== undefined ? { Limit: q.limit } : {}),
      ...(q.start ? { ExclusiveStartKey: q.start } : {}),
    }),
  );
  return { items: out.Items ?? [], lastKey: out.LastEvaluatedKey, scanned: out.ScannedCount ?? 0 };
}

/**
 * Every item of one partition (of the table, or of `index`) whose sort key starts with `skPrefix` ('' for the
 * whole partition), following the pages to the end, or until at least `max` items are read (the page that
 * passes it is kept whole). For the bounded lists: a report's sections, versions, visuals, evidence,
 * tombstones, all of its items when it is deleted; a team; a user's clients.
 */
export async function queryAll(
  pk: string,
  skPrefix: string,
  opts: { index?: IndexName; consistent?: boolean; fields?: readonly string[]; newestFirst?: boolean; max?: number } = {},
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const read = await queryRange({ index: opts.index, pk, sk: { beginsWith: skPrefix }, fields: opts.fields, consistent: opts.consistent, newestFirst: opts.newestFirst, start });
    items.push(...read.items);
    start = read.lastKey;
  } while (start && (opts.max === undefined || items.length < opts.max));
  return items;
}
