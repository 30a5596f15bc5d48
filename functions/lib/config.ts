import * as z from 'zod/mini';

/**
 * Reads and validates a slice of the environment at cold start. Handler code is identical locally and
 * in the cloud; only this configuration differs (endpoint overrides come from AWS_ENDPOINT_URL_*).
 */
export function readConfig<S extends z.core.$ZodLooseShape>(shape: S, env: NodeJS.ProcessEnv = process.env): z.output<z.ZodMiniObject<S>> {
  const parsed = z.safeParse(z.object(shape), env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid function configuration: ${problems}`);
  }
  return parsed.data;
}

export const nonEmpty = () => z.string().check(z.minLength(1));
export const optionalNonEmpty = () => z.optional(nonEmpty());

export const booleanFlag = (fallback: boolean) =>
  z.pipe(
    z.optional(z.enum(['true', 'false', '1', '0', ''])),
    z.transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1')),
  );

export const csvList = z.pipe(
  z.optional(z.string()),
  z.transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
);
