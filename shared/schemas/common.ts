import { z } from 'zod';

/** Error body of every 4xx/5xx answer: `{ "detail": "…" }` (what the spec calls "server detail text"). */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

const describeType = (input: unknown): string =>
  input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;

/**
 * A required string field with length bounds, whose messages name the field.
 * Lengths are counted in Unicode code points, as a person would count them.
 */
export function requiredString(
  field: string,
  opts: { min?: number; max: number; trim?: boolean },
) {
  const min = opts.min ?? 1;
  const base = z.string({
    error: (iss) =>
      iss.input === undefined
        ? `${field} is required`
        : `${field} must be a string, not ${describeType(iss.input)}`,
  });
  return (opts.trim ? base.trim() : base)
    .refine((v) => [...v].length >= min, {
      message: min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`,
      abort: true,
    })
    .refine((v) => [...v].length <= opts.max, {
      message: `${field} must be at most ${opts.max} characters`,
    });
}

export function emailField(field = 'email') {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined ? `${field} is required` : `${field} must be a string, not ${describeType(iss.input)}`,
    })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(254, { message: `${field} must be at most 254 characters` })
    .pipe(z.email({ message: `${field} must be a valid email address` }))
    .transform((v) => v.toLowerCase());
}

/** Formats a ZodError as one readable sentence for the `detail` of a 400. */
export function formatZodError(error: z.ZodError, where?: string): string {
  const parts = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const last = issue.path.length ? String(issue.path[issue.path.length - 1]) : '';
    let msg = issue.message;
    if (issue.code === 'unrecognized_keys') msg = `unknown field(s): ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_type' && issue.path.length === 0) {
      msg = `${where ?? 'body'} must be a JSON object`;
      return msg;
    }
    return path && !msg.startsWith(last) ? `${path}: ${msg}` : msg;
  });
  return [...new Set(parts)].join('; ');
}

export const Ok = z.object({ success: z.literal(true), message: z.string().optional() });
export type Ok = z.infer<typeof Ok>;
