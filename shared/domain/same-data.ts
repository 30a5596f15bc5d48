/**
 * Comparing step data the way the wizard and the server both must: keys in any order (DynamoDB does not keep
 * the order of a map, JSON.parse keeps the sender's), `undefined` as absent. And the top-level fields in which
 * two versions differ (what a tab changed since it loaded a step).
 */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }
    return v;
  });
}

export const sameData = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function changedFields(before: unknown, after: unknown): string[] {
  const a = asRecord(before);
  const b = asRecord(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !sameData(a[k], b[k])).sort();
}
