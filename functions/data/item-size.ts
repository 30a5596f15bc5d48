/**
 * The size of an item as DynamoDB counts it (the 400 KB item limit), not as JSON: attribute names and
 * strings in UTF-8 bytes, numbers by their significant digits (up to 21 bytes), 3 bytes of overhead for
 * every list and map plus 1 byte per element. JSON length is a poor proxy: a list of small numbers is
 * larger in DynamoDB than in JSON.
 */
const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

function numberSize(n: number): number {
  const digits = String(Math.abs(n)).replace(/e[+-]?\d+$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.min(21, Math.ceil(Math.max(1, digits.length) / 2) + 1);
}

function attributeValueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(Number(value));
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) {
    let size = 3;
    for (const v of value) size += 1 + attributeValueSize(v);
    return size;
  }
  if (value instanceof Set) {
    let size = 0;
    for (const v of value) size += attributeValueSize(v);
    return size;
  }
  if (typeof value === 'object') {
    let size = 3;
    for (const [k, v] of Object.entries(value)) if (v !== undefined) size += 1 + utf8(k) + attributeValueSize(v);
    return size;
  }
  return 0;
}

/** The whole item's size in bytes, as DynamoDB measures it against its 400 KB limit. */
export function itemSize(item: Record<string, unknown>): number {
  let size = 0;
  for (const [k, v] of Object.entries(item)) if (v !== undefined) size += utf8(k) + attributeValueSize(v);
  return size;
}

/** Items up to this size are written inline; larger bodies go to S3 (headroom under the 400 KB limit). */
export const INLINE_ITEM_BYTES = 300 * 1024;
