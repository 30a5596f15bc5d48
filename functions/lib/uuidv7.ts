/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made later sort later, so a
 * Query over keys that end in them lists oldest to newest (and newest first with ScanIndexForward false).
 */
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

export function uuidv7(now = Date.now()): string {
  // within one millisecond, a 12-bit counter keeps ids made here in order
  if (now === lastMs) counter = (counter + 1) & 0xfff;
  else {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  const ms = BigInt(now);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When a UUIDv7 was made (Unix milliseconds), or NaN for an id that is not one. */
export function uuidv7Time(id: string): number {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{12}7[0-9a-f]{19}$/i.test(hex)) return Number.NaN;
  return Number.parseInt(hex.slice(0, 12), 16);
}
