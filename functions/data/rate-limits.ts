/** Fixed-window counters in the table: one atomic ADD per event, expiring with their window. */
import { keys } from './keys';
import { nowSeconds } from './table';
import { increment } from './table-counters';

/** Counts `by` events (default one) for `subject` in the current window of `windowSeconds` and returns the count so far. */
export async function countEvent(name: string, subject: string, windowSeconds: number, now = nowSeconds(), by = 1): Promise<number> {
  const window = Math.floor(now / windowSeconds);
  const count = await increment({ key: keys.rateCounter(name, subject, window), counter: 'events', by, set: { expires_at: (window + 2) * windowSeconds, entity: 'RateCounter' } });
  return count ?? by;
}
