/**
 * Building blocks for every contract. Schemas use `zod/mini`, zod's tree-shakable build, so each
 * Lambda bundle and the SPA carry only the validators they use.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini loads no locale by default; English messages for anything our own messages do not cover.
z.config(en());

/** Error body of every 4xx/5xx answer: `{ "detail": "…" }` (what the spec calls "server detail text"). */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const describeType = (input: unknown): string =>
  input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;

const stringOf = (field: string) =>
  z.string({
    error: (iss) =>
      iss.input === undefined ? `${field} is required` : `${field} must be a string, not ${describeType(iss.input)}`,
  });

/**
 * A required string field with length bounds, whose messages name the field.
 * Lengths are counted in Unicode code points, as a person would count them.
 */
export function requiredString(field: string, opts: { min?: number; max: number; trim?: boolean }) {
  const min = opts.min ?? 1;
  return stringOf(field).check(
    ...(opts.trim ? [z.trim()] : []),
    z.refine((v: string) => [...v].length >= min, {
      error: min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`,
      abort: true,
    }),
    z.refine((v: string) => [...v].length <= opts.max, { error: `${field} must be at most ${opts.max} characters`, abort: true }),
  );
}

/** An email address: trimmed, lower-cased, at most 254 characters. */
export function emailField(field = 'email') {
  return z.pipe(
    stringOf(field).check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: `${field} is required`, abort: true }),
      z.maxLength(254, { error: `${field} must be at most 254 characters`, abort: true }),
    ),
    z.email({ error: `${field} must be a valid email address` }),
  );
}

/** Formats a zod error as one readable sentence for the `detail` of a 400. */
export function formatZodError(error: z.core.$ZodError, where = 'body'): string {
  const parts = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const last = issue.path.length ? String(issue.path[issue.path.length - 1]) : '';
    if (issue.code === 'invalid_type' && issue.path.length === 0) return `${where} must be a JSON object`;
    const msg = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return path && !msg.startsWith(last) && !msg.startsWith(path) ? `${path}: ${msg}` : msg;
  });
  return [...new Set(parts)].join('; ');
}

/** The largest version number accepted anywhere: versions count saves, so this is never reached honestly. */
const MAX_VERSION = 1_000_000_000;

/** A version the client read: a whole number from `min` to MAX_VERSION. */
export function versionInput(min = 0, field = 'version') {
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a number`) })
    .check(z.int(`${field} must be a whole number`), z.gte(min, `${field} must be at least ${min}`), z.lte(MAX_VERSION, `${field} must be at most ${MAX_VERSION}`));
}

export const Ok = z.object({ success: z.literal(true), message: z.optional(z.string()) });
export type Ok = z.infer<typeof Ok>;

/**
 * The one UUID check: z.uuid() (8-4-4-4-12 hex digits with the RFC 9562 version and variant bits; the nil and
 * max UUIDs too). `field` names the value in both messages.
 */
export const uuidField = (field: string, message = `${field} must be a UUID`) =>
  z.uuid({ error: (issue) => (issue.input === undefined ? `${field} is required` : message) });

/** z.uuid()'s own pattern without its anchors, for the patterns that hold a UUID (placeholders, cursors). */
export const UUID_SOURCE = z.regexes.uuid().source.replace(/^\^|\$$/g, '');
