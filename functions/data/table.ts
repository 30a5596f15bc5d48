/**
 * The single table's name and the small rules every table helper shares: expiry, how DynamoDB's refusals are
 * told apart, the pause before a retry, projections. The client itself is table-client.ts; the helpers that send
 * requests are table-ops.ts (items, conditional and versioned writes, transactions, retries of a read-then-write),
 * table-query.ts (queries) and table-counters.ts (atomic counters).
 */
import { nowSeconds } from '../lib/clock';
import { nonEmpty, readConfig } from '../lib/config';

export { nowSeconds };

const config = readConfig({ TABLE_NAME: nonEmpty() });

export const tableName = config.TABLE_NAME;

/** True when an item's TTL has passed (DynamoDB deletes expired items only eventually). */
export function isExpired(item: { expires_at?: number } | undefined, now = nowSeconds()): boolean {
  return item?.expires_at !== undefined && item.expires_at <= now;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * Why each item of a cancelled transaction failed (`None`, `ConditionalCheckFailed`, `TransactionConflict`,
 * …), or undefined when the error is not a cancelled transaction.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * A short, jittered pause before a retry: a transaction that met another one (hot items such as the totals), a
 * read-then-write whose item moved, keys or items a batch left unprocessed.
 */
export const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** Math.min(attempt, 6)));

/** How many times a transaction that only met other transactions is tried again; how often a batch is sent at most. */
export const TRANSACTION_RETRIES = 8;

/** A ProjectionExpression that reads only `fields` (each through a name placeholder: no reserved-word clashes). */
export function projection(fields: readonly string[] | undefined) {
  if (!fields) return {};
  return { ProjectionExpression: fields.map((_, i) => `#f${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) };
}

/** Two sets of expression placeholders together; one that both define is a caller's mistake (one would silently replace the other). */
export function joinPlaceholders<V>(a: Record<string, V>, b: Record<string, V> | undefined): Record<string, V>;
export function joinPlaceholders<V>(a: Record<string, V> | undefined, b: Record<string, V> | undefined): Record<string, V> | undefined;
export function joinPlaceholders<V>(a: Record<string, V> | undefined, b: Record<string, V> | undefined): Record<string, V> | undefined {
  if (!a || !b) return a ?? b;
  for (const k of Object.keys(b)) if (k in a) throw new Error(`placeholder ${k} is defined twice`);
  return { ...a, ...b };
}

/** Placeholders for `fields`, undefined values left out: `#<tag>0` for the first name, `:<tag>0` for its value. */
export function placeholders(fields: Record<string, unknown>, tag: string): { pairs: [name: string, value: string][]; names: Record<string, string>; values: Record<string, unknown> } {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const pairs = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([field, value], i): [string, string] => {
      names[`#${tag}${i}`] = field;
      values[`:${tag}${i}`] = value;
      return [`#${tag}${i}`, `:${tag}${i}`];
    });
  return { pairs, names, values };
}
