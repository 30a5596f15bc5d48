import * as z from 'zod/mini';
import { CURRENCIES, FY_STARTS, SECTORS, SETUP_DEFAULTS } from '../domain/options';
import { describeType, requiredString, uuidField, versionInput } from './common';
import { LogoKeyField } from './logo-key';

/** Accepts either spelling ('Technology' or 'technology') and keeps the canonical lower-case form. */
function caseInsensitiveEnum<const T extends readonly string[]>(field: string, values: T, normalise: (v: string) => string) {
  return z.pipe(
    z.string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a string, not ${describeType(iss.input)}`) }).check(
      z.trim(),
      z.overwrite(normalise),
    ),
    z.enum(values as unknown as [T[number], ...T[number][]], { error: `${field} must be one of: ${values.join(', ')}` }),
  );
}

const SectorField = caseInsensitiveEnum('sector', SECTORS, (v) => v.toLowerCase());
const FyStartField = caseInsensitiveEnum('fy_start', FY_STARTS, (v) => v.toLowerCase());
const CurrencyField = caseInsensitiveEnum('currency', CURRENCIES, (v) => v.toUpperCase());

const hexColor = (field: string) => z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, `${field} must be a colour like #1e293b`));

export const BrandSettings = z.object({
  primaryColor: z.optional(hexColor('brand_settings.primaryColor')),
  secondaryColor: z.optional(hexColor('brand_settings.secondaryColor')),
  logoUrl: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'brand_settings.logoUrl must be an http(s) URL' })])),
  /** the logo uploaded in step 10 "Finalize & Brand" (a key under a report's brand/ folder) */
  logo_key: z.optional(LogoKeyField),
});
export type BrandSettings = z.infer<typeof BrandSettings>;

const geographyField = z._default(z.string().check(z.trim(), z.maxLength(200, 'geography must be at most 200 characters')), '');

/** POST /api/organizations (spec: name, sector, geography, fy_start, currency, brand_settings). */
export const CreateOrganizationBody = z.object({
  name: requiredString('name', { max: 200, trim: true }),
  sector: z._default(SectorField, SETUP_DEFAULTS.sector),
  geography: geographyField,
  fy_start: z._default(FyStartField, SETUP_DEFAULTS.fyStart),
  currency: z._default(CurrencyField, SETUP_DEFAULTS.currency),
  brand_settings: z._default(BrandSettings, {}),
});
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>;

const versionField = versionInput(1);

/** PUT /api/organizations/{id}: the spec's fields, plus the version the client last read. */
export const UpdateOrganizationBody = z.extend(CreateOrganizationBody, { version: versionField });
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  sector: z.enum(SECTORS),
  geography: z.string(),
  fy_start: z.enum(FY_STARTS),
  currency: z.enum(CURRENCIES),
  brand_settings: BrandSettings,
  report_count: z.number(),
  /** only its team sees a confidential client; open to all signed-in staff otherwise */
  confidential: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string(),
  updated_by: z.string(),
  version: z.number(),
});
export type Organization = z.infer<typeof Organization>;

export const IdParams = z.object({
  id: uuidField('id'),
});

export const PageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(512, 'cursor is too long'))),
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d+$/, 'limit must be a whole number')),
      z.pipe(z.transform(Number), z.number().check(z.gte(1, 'limit must be at least 1'), z.lte(100, 'limit must be at most 100'))),
    ),
    25,
  ),
});

export const OrganizationPage = z.object({
  items: z.array(Organization),
  next_cursor: z.nullable(z.string()),
  total: z.number(),
});
export type OrganizationPage = z.infer<typeof OrganizationPage>;

export const CreatedResponse = z.object({ success: z.literal(true), id: z.string(), version: z.number() });
export type CreatedResponse = z.infer<typeof CreatedResponse>;

export const VersionedOk = z.object({ success: z.literal(true), version: z.number() });
export const DeletedResponse = z.object({ success: z.literal(true) });
