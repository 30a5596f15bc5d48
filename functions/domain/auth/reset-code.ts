import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';
import { RESET_CODE } from '@shared/constants';

/** A random numeric code, e.g. `048213`. */
export function generateResetCode(digits: number = RESET_CODE.digits): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Codes are stored only as a salted scrypt hash. */
export function hashResetCode(code: string, salt: string = randomBytes(16).toString('base64')): { hash: string; salt: string } {
  const hash = scryptSync(code.trim(), salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64');
  return { hash, salt };
}

export function resetCodeMatches(code: string, stored: { code_hash: string; salt: string }): boolean {
  const { hash } = hashResetCode(code, stored.salt);
  const a = Buffer.from(hash, 'base64');
  const b = Buffer.from(stored.code_hash, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}
