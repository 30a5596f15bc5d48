/**
 * Exports (spec section 2 "Export page", section 5 "Export", section 9 "Export formats") and the brand of
 * step 10 "Finalize & Brand": the contracts of the export routes, the export worker's event, and the logo.
 *
 * An export is a job: POST answers 202 with its id at once, a worker builds the file in the background,
 * GET reads its status and progress and, once done, a short-lived download link.
 */
import * as z from 'zod/mini';
import { exportsTexts } from '../messages/exports';
import { requiredString, uuidField } from './common';
import { LogoKeyField } from './logo-key';
import { DEFAULT_PRIMARY_COLOR, SECTION_KEYS, SectionKeyField } from './report-document';

/** Spec section 9: the single-file formats; "all" is a zip of exactly these (the one list of them). */
export const SINGLE_FORMATS = ['docx', 'pdf', 'pptx'] as const;
export type SingleFormat = (typeof SINGLE_FORMATS)[number];
/** Spec section 9: docx, pdf, pptx, and all (a zip of the three). */
export const EXPORT_FORMATS = [...SINGLE_FORMATS, 'all'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const ExportFormatField = z.enum(EXPORT_FORMATS, { error: `format must be one of: ${EXPORT_FORMATS.join(', ')}` });

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What the worker is doing, for the progress bar's label. */
export const EXPORT_STAGES = ['queued', 'loading', ...SINGLE_FORMATS, 'zip', 'saving', 'done', 'failed'] as const;
export type ExportStage = (typeof EXPORT_STAGES)[number];

/** How long a download link works. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

const uuid = uuidField;

/**
 * POST /api/reports/{id}/exports. The sections are exported in report order whatever order they come in;
 * an empty list is refused with the spec's own words (section 5, "Export").
 */
/** Optional sections of an export: the comparison with the baseline, the sector benchmark, the sources of the report's figures. */
export const EXPORT_EXTRAS = ['comparison', 'benchmark', 'figures'] as const;
export type ExportExtra = (typeof EXPORT_EXTRAS)[number];
const ExportExtraField = z.enum(EXPORT_EXTRAS, { error: `extras must be some of: ${EXPORT_EXTRAS.join(', ')}` });

export const CreateExportBody = z
  .object({
    format: ExportFormatField,
    extras: z._default(z.array(ExportExtraField, { error: 'extras must be a list' }).check(z.maxLength(EXPORT_EXTRAS.length, `extras may hold at most ${EXPORT_EXTRAS.length} names`)), []),
    sections: z._default(
      z
        .array(SectionKeyField, { error: 'sections must be a list of section keys' })
        .check(z.maxLength(SECTION_KEYS.length, `sections may hold at most ${SECTION_KEYS.length} keys`)),
      [],
    ),
  })
  .check(z.refine((b) => b.sections.length > 0, { error: exportsTexts.noSections }));
export type CreateExportBody = z.infer<typeof CreateExportBody>;

export const ExportParams = z.object({ id: uuid('id'), export_id: uuid('export_id') });
export const ExportListQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
  limit: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 50')),
      z.pipe(z.transform(Number), z.number().check(z.gte(1, 'limit must be at least 1'), z.lte(50, 'limit must be at most 50'))),
    ),
  ),
});

export const CreateExportResponse = z.object({
  success: z.literal(true),
  export_id: z.string(),
  status: z.literal('queued'),
});
export type CreateExportResponse = z.infer<typeof CreateExportResponse>;

/** One export as the list and the status route show it. */
export const ExportJob = z.object({
  id: z.string(),
  report_id: z.string(),
  format: ExportFormatField,
  /** the sections exported, in report order */
  sections: z.array(SectionKeyField),
  /** the optional sections asked for */
  extras: z.optional(z.array(ExportExtraField)),
  /** the version of each exported section the file was made from (recorded when the worker read them) */
  section_versions: z.record(z.string(), z.number()),
  /** the report's own version (title, owner, status) when the export was asked for */
  report_version: z.number(),
  /**
   * an export of a Final report: the approved version of each exported section it was made from, who
   * approved it and when; null for other exports (and for a Final report set Final by a lead's override, the
   * sections that were approved)
   */
  approvals: z.nullable(z.record(z.string(), z.object({ version: z.number(), approved_by: z.string(), approved_at: z.string() }))),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100 */
  progress: z.number(),
  stage: z.enum(EXPORT_STAGES),
  /** why it failed, in words a user can act on */
  error: z.nullable(z.string()),
  file_name: z.nullable(z.string()),
  /** bytes */
  size: z.nullable(z.number()),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.nullable(z.string()),
  /** what the file says of itself that a user should know (a PDF on a Word template: its fonts set in a stand-in) */
  notes: z.optional(z.array(z.string())),
});
export type ExportJob = z.infer<typeof ExportJob>;

/** GET …/exports/{export_id}: the job, and once done a presigned link (short expiry) that downloads the file. */
export const ExportStatusResponse = z.extend(ExportJob, {
  download_url: z.nullable(z.string()),
  download_expires_in: z.nullable(z.number()),
});
export type ExportStatusResponse = z.infer<typeof ExportStatusResponse>;

export const ExportList = z.object({ items: z.array(ExportJob), next_cursor: z.nullable(z.string()) });
export type ExportList = z.infer<typeof ExportList>;

/** What the API function hands the export worker (an asynchronous Lambda invocation). */
export const ExportJobEvent = z.object({ report_id: uuid('report_id'), export_id: uuid('export_id') });
export type ExportJobEvent = z.infer<typeof ExportJobEvent>;

// ── brand (step 10) ────────────────────────────────────────────────────────────────────────────────────

/** Logos: PNG, JPEG or SVG, up to 2 MB and 4096 × 4096 pixels (a PDF writer decodes PNGs whole). */
export const LOGO_KINDS = ['png', 'jpg', 'svg'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
export const LOGO_MIME_TYPES: Record<LogoKind, string> = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 4096;

export { LOGO_KEY_PATTERN } from './logo-key';

const hex = (field: string) => z.string({ error: `${field} is required` }).check(z.regex(/^#[0-9a-fA-F]{6}$/, `${field} must be a colour like #1e293b`));

export const LogoPresignBody = z.object({
  file_name: requiredString('file_name', { max: 255, trim: true }),
  file_size: z.number({ error: 'file_size must be a number' }).check(z.int('file_size must be a whole number'), z.gte(1, 'file_size must be at least 1 byte'), z.lte(1e12, 'file_size must be at most 1 TB')),
});
export const LogoParams = z.object({ id: uuid('id'), file_id: uuid('file_id') });

export const LogoResponse = z.object({
  success: z.literal(true),
  logo_key: z.string(),
  content_type: z.string(),
  width: z.number(),
  height: z.number(),
  /** a short-lived link to show the logo */
  url: z.string(),
});
export type LogoResponse = z.infer<typeof LogoResponse>;

/** PUT /api/reports/{id}/brand: the brand chosen in step 10, kept on the report's organization as its default. */
export const SaveBrandBody = z.object({
  primaryColor: z._default(hex('primaryColor'), DEFAULT_PRIMARY_COLOR),
  secondaryColor: z._default(z.union([z.literal(''), hex('secondaryColor')]), ''),
  logo_key: z._default(LogoKeyField, ''),
});
export type SaveBrandBody = z.infer<typeof SaveBrandBody>;

export const BrandResponse = z.object({
  organization_id: z.nullable(z.string()),
  brand: z.object({ primaryColor: z.string(), secondaryColor: z.string(), logo_key: z.string() }),
  /** a short-lived link to show the logo, or null when there is none */
  logo_url: z.nullable(z.string()),
});
export type BrandResponse = z.infer<typeof BrandResponse>;
