import { z } from 'zod';
import { readConfig } from '../lib/config';

const config = readConfig({ TABLE_NAME: z.string().min(1) });

export const tableName = config.TABLE_NAME;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** True when an item's TTL has passed (DynamoDB deletes expired items only eventually). */
export function isExpired(item: { expires_at?: number } | undefined, now = nowSeconds()): boolean {
  return item?.expires_at !== undefined && item.expires_at <= now;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
