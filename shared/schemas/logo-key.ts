/**
 * Where a brand logo lives: `reports/<report id>/brand/logo-<upload id>.<png|jpg|svg>` in the evidence bucket
 * (so it goes with the report). Anything else is refused, so a brand can never point an export at another
 * object. Its own module, so the organization routes can check `brand_settings.logo_key` without the rest of
 * the export contracts.
 */
import * as z from 'zod/mini';

export const LOGO_KEY_PATTERN = /^reports\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/brand\/logo-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|svg)$/;

export const LogoKeyField = z.union([
  z.literal(''),
  z.string({ error: 'logo_key must be a string' }).check(z.regex(LOGO_KEY_PATTERN, 'logo_key must be a logo uploaded for a report')),
]);
