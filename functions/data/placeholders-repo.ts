/**
 * Who a wizard placeholder (`temp-<uuid>`) belongs to: the user who filed its first item, recorded in that item's
 * transaction (`PENDING#temp-…` / `OWNER`) and kept as long as its newest item. Apart from evidence-repo so that
 * the access check, which every route runs, reads it without carrying the evidence's S3 code.
 */
import { keys } from './keys';
import { isExpired, nowSeconds, tableName } from './table';
import { getItem, type TransactItem } from './table-ops';

/**
 * Who created a placeholder (filed its first item): undefined while nobody has, or once its record expired
 * (then nothing of it is left either). A strongly consistent read of one small item.
 */
export async function placeholderCreator(ref: string): Promise<string | undefined> {
  const item = await getItem(keys.placeholderOwner(ref), { consistent: true, fields: ['created_by', 'expires_at'] });
  return item && !isExpired(item) && typeof item.created_by === 'string' ? item.created_by : undefined;
}

/** The placeholder is someone else's: its first item was filed by another user. */
export class PlaceholderTakenError extends Error {
  constructor() {
    super('placeholder taken');
    this.name = 'PlaceholderTakenError';
  }
}

/**
 * The write that records `by` as the placeholder's creator, for the transaction that files an item under it: it
 * fails when the placeholder is someone else's (an expired record counts as none), and keeps the record as long as
 * the newest item (`expiresAt`).
 */
export const ownedBy = (ref: string, by: string, expiresAt: number): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.placeholderOwner(ref),
    UpdateExpression: 'SET created_by = if_not_exists(created_by, :by), entity = :e, expires_at = :x',
    ConditionExpression: 'attribute_not_exists(created_by) OR created_by = :by OR expires_at <= :now',
    ExpressionAttributeValues: { ':by': by, ':e': 'PlaceholderOwner', ':x': expiresAt, ':now': nowSeconds() },
  },
});
