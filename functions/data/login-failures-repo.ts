/**
 * Sign-in attempts, per username and client address. Every password check is reserved here first, with
 * one atomic conditional write, so parallel guesses can never check more passwords than the lockout
 * allows; and since the count is per address, nobody can lock an account out for everyone else.
 */
import { keys } from './keys';
import { isExpired } from './table';
import { increment } from './table-counters';
import { AGAIN, deleteItem, getItem, retryOnRace, updateItem } from './table-ops';
import { queryRange } from './table-query';

export interface LoginFailures {
  failures: number;
  /** epoch seconds until which sign-in is refused */
  locked_until?: number;
  expires_at: number;
}

export type Reservation = { ok: true; attempt: number } | { ok: false; lockedUntil: number };

/** While one check past the free attempts runs, parallel ones wait this long (the check takes far less). */
const HOLD_SECONDS = 10;

async function read(username: string, address: string): Promise<LoginFailures | undefined> {
  return (await getItem(keys.loginFailures(username, address), { consistent: true })) as LoginFailures | undefined;
}

/**
 * Reserves one password check. The first `freeAttempts` in the window are free; after that one check at a
 * time, once the current lock has passed. Returns the attempt's number, or when the next one is allowed.
 */
export async function reserveAttempt(username: string, address: string, opts: { now: number; freeAttempts: number; windowSeconds: number }): Promise<Reservation> {
  const key = keys.loginFailures(username, address);
  const counted = { expires_at: opts.now + opts.windowSeconds, entity: 'LoginFailures' };
  // a window that had passed is cleared and the reservation tried once more
  return retryOnRace(2, async (): Promise<Reservation | typeof AGAIN> => {
    const free = await increment({
      key,
      counter: 'failures',
      by: 1,
      set: counted,
      condition: {
        expression: '(attribute_not_exists(failures) OR failures < :free) AND (attribute_not_exists(locked_until) OR locked_until <= :now)',
        values: { ':free': opts.freeAttempts, ':now': opts.now },
      },
    });
    if (free !== undefined) return { ok: true, attempt: free };
    // past the free attempts: one check at a time, and only after the lock has passed
    const held = await increment({
      key,
      counter: 'failures',
      by: 1,
      set: { ...counted, locked_until: opts.now + HOLD_SECONDS },
      condition: { expression: 'attribute_exists(locked_until) AND locked_until <= :now', values: { ':now': opts.now } },
    });
    if (held !== undefined) return { ok: true, attempt: held };
    const current = await read(username, address);
    if (current && isExpired(current, opts.now)) {
      await clearLoginFailures(username, address); // a window that has passed: start again
      return AGAIN;
    }
    return { ok: false, lockedUntil: Math.max(current?.locked_until ?? opts.now + 1, opts.now + 1) };
  }, () => ({ ok: false, lockedUntil: opts.now + 1 }));
}

export async function setLock(username: string, address: string, lockedUntil: number): Promise<void> {
  await updateItem(keys.loginFailures(username, address), { locked_until: lockedUntil });
}

/** Gives back an attempt that checked no password (Cognito failed, say): it does not count, and holds nothing. */
export async function refundAttempt(username: string, address: string, now: number): Promise<void> {
  await increment({ key: keys.loginFailures(username, address), counter: 'failures', by: -1, set: { locked_until: now } });
}

export async function clearLoginFailures(username: string, address: string): Promise<void> {
  await deleteItem(keys.loginFailures(username, address));
}

/** Forgets every address's attempts at a username (after its password was reset). */
export async function clearAllLoginFailures(username: string): Promise<void> {
  const { PK } = keys.loginFailures(username);
  const { items } = await queryRange({ pk: PK, fields: ['PK', 'SK'] });
  await Promise.all(items.map((key) => deleteItem({ PK: key.PK as string, SK: key.SK as string })));
}
