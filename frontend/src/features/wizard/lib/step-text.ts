/**
 * A step's data as plain text, for comparing two versions of it side by side: one "field: value" line per
 * field, lists as "- " items, internal fields (ids, citation records, AI marks) left out. Pure.
 */
const HIDDEN = new Set(['id', 'ai_drafted', 'citations', 'basis', 'computed_score', 'organizationVersion', 'reportVersion', 'organizationId', 'reportId']);

const label = (key: string) => key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function lines(value: unknown, indent: string): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [`${indent}${value}`];
  if (typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const inner = lines(item, `${indent}  `);
      return inner.length ? [`${indent}- ${inner[0]!.trimStart()}`, ...inner.slice(1)] : [];
    });
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => {
    if (HIDDEN.has(key)) return [];
    if (v !== null && typeof v === 'object') {
      const inner = lines(v, `${indent}  `);
      return inner.length ? [`${indent}${label(key)}:`, ...inner] : [];
    }
    const text = lines(v, '');
    return text.length ? [`${indent}${label(key)}: ${text[0]}`] : [];
  });
}

export const stepText = (data: unknown): string => lines(data, '').join('\n');
