import { z } from 'zod';

/**
 * Reads and validates a slice of the environment at cold start. Handler code is identical locally and
 * in the cloud; only this configuration differs (endpoint overrides come from AWS_ENDPOINT_URL_*).
 */
export function readConfig<S extends z.ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env): z.output<z.ZodObject<S>> {
  const parsed = z.object(shape).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid function configuration: ${problems}`);
  }
  return parsed.data;
}

export const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

export const csvList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
