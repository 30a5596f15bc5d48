import { decodeJwt } from 'jose';
import { STORAGE_KEYS } from '@shared/constants';
import type { User } from '@shared/schemas/auth';

/** The session in browser storage, as the spec names it: `token`, and `user` as JSON. */
export interface StoredSession {
  token: string;
  user: User;
}

export function readSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const rawUser = localStorage.getItem(STORAGE_KEYS.user);
    if (!token || !rawUser) return null;
    const user: unknown = JSON.parse(rawUser);
    return isStoredUser(user) ? { token, user: { username: user.username, name: user.name, email: user.email, ...(user.is_admin === true ? { is_admin: true } : {}) } } : null;
  } catch {
    return null;
  }
}

/**
 * The stored copy has User's shape (the server then verifies the session and answers with the user). Checked by
 * hand rather than with the zod schema: this module is in the entry, and zod is not needed before the first paint.
 */
function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return typeof u.username === 'string' && typeof u.name === 'string' && typeof u.email === 'string' && (u.is_admin === undefined || typeof u.is_admin === 'boolean');
}

export function writeSession(session: StoredSession): void {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function writeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/**
 * Every per-user copy the app keeps in this browser starts with this: the wizard's temporary data, its copy per
 * report and the placeholder id (features/wizard/lib/local-store.ts), data set aside (set-aside.ts), and the
 * editor's unsynced section drafts (features/editor/lib/local-drafts.ts).
 */
const LOCAL_COPY_PREFIX = 'assay.';

/**
 * At an explicit sign-out the next person at this browser must not find the last one's client data. (Not when a
 * session merely expires: then the copies keep unsaved work for the same user's next sign-in.)
 */
export function clearLocalCopies(): void {
  const doomed: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(LOCAL_COPY_PREFIX)) doomed.push(key);
  }
  doomed.forEach((key) => localStorage.removeItem(key));
}

/** Seconds-since-epoch expiry of a JWT, read without verifying (the server verifies). */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}
