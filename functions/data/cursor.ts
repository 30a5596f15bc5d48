/** Opaque page cursors: the few key values needed to resume a Query, never a raw LastEvaluatedKey (so a
 * client cannot point a Query at another partition). */
export function encodeCursor(values: Record<string, string>): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

export function decodeCursor<K extends string>(cursor: string | undefined, keys: readonly K[]): Record<K, string> | null | 'invalid' {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof parsed !== 'object' || parsed === null) return 'invalid';
    for (const k of keys) if (typeof parsed[k] !== 'string' || (parsed[k]).length > 300) return 'invalid';
    return Object.fromEntries(keys.map((k) => [k, parsed[k] as string])) as Record<K, string>;
  } catch {
    return 'invalid';
  }
}

/** A page cursor that does not decode, or points outside the list it claims to continue. */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}
