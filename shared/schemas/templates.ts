/**
 * The firm's own templates: Word (`.dotx`/`.docx`) and PowerPoint (`.potx`/`.pptx`) packages that
 * exports are built on. An administrator uploads the firm's; a client's lead uploads one for that client only.
 * Uploaded like a logo (a presigned POST to a staging key), then checked once by their bytes (zip magic, size,
 * zip-bomb guard, content types, no macros, the layouts a deck needs) before they are kept.
 */
import * as z from 'zod/mini';
import { requiredString, uuidField } from './common';

/** The largest template accepted (a firm's deck with its pictures is rarely above a few MB). */
export const TEMPLATE_MAX_BYTES = 20 * 1024 * 1024;
/** Zip-bomb guard of a template: what its parts may expand to, how many it may have, how much one may compress. */
export const TEMPLATE_ZIP_LIMITS = {
  maxEntries: 1_000,
  maxTotalUncompressedBytes: 100 * 1024 * 1024,
  ratioCheckAboveBytes: 1024 * 1024,
  maxCompressionRatio: 100,
} as const;

export const TEMPLATE_KINDS = ['docx', 'pptx'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The slide layouts a deck is built on, each found in a template by its `type` attribute. */
export const TEMPLATE_LAYOUTS = ['title', 'title-and-content', 'two-content', 'section', 'blank'] as const;
export type TemplateLayout = (typeof TEMPLATE_LAYOUTS)[number];

/**
 * What an uploaded template may not keep, because it would fetch something from outside the template when it is
 * opened (stripped, and named in the template's notes): by what the link was.
 */
export const TEMPLATE_LINK_KINDS = ['picture', 'object', 'attachedTemplate', 'hyperlink', 'frame', 'media', 'subDocument', 'mailMerge', 'other'] as const;
export type TemplateLinkKind = (typeof TEMPLATE_LINK_KINDS)[number];

/** How many templates a list holds at most (firm-wide, and per client). */
export const TEMPLATES_MAX = 50;

const organizationId = z.optional(uuidField('organization_id'));

/** POST /api/templates/presign: where to send the file. Without organization_id a firm template (administrators). */
export const TemplatePresignBody = z.object({
  file_name: requiredString('file_name', { max: 255, trim: true }),
  file_size: z.number({ error: 'file_size must be a number' }).check(z.int('file_size must be a whole number'), z.gte(1, 'file_size must be at least 1 byte'), z.lte(1e12, 'file_size must be at most 1 TB')),
  organization_id: organizationId,
});
export type TemplatePresignBody = z.infer<typeof TemplatePresignBody>;

export const TemplateUploadParams = z.object({ file_id: uuidField('file_id') });
/** POST /api/templates/uploads/{file_id}: check the uploaded file and keep it as a template. */
export const ProcessTemplateBody = z.object({
  name: z.optional(requiredString('name', { max: 120, trim: true })),
  organization_id: organizationId,
});
export type ProcessTemplateBody = z.infer<typeof ProcessTemplateBody>;

export const TemplateParams = z.object({ template_id: uuidField('template_id') });
export const TemplateScopeQuery = z.object({ organization_id: organizationId });

export const TemplateInfo = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  /** firm-wide, or one client's */
  scope: z.enum(['firm', 'client']),
  organization_id: z.nullable(z.string()),
  file_name: z.string(),
  size: z.number(),
  /** PowerPoint: each layout the deck uses and the template's layout it maps to (its name), or the fallback used */
  layouts: z.array(z.object({ layout: z.enum(TEMPLATE_LAYOUTS), name: z.string(), fallback: z.boolean() })),
  /** what the export does where the template lacks something, and what the check removed from it (stated, not silent) */
  notes: z.array(z.string()),
  /** a short-lived link to the template's own thumbnail (docProps/thumbnail.jpeg), or null */
  thumbnail_url: z.nullable(z.string()),
  /** short-lived links to previews rendered on the server with LibreOffice (a deck's layouts, a document's first pages); empty where it is not installed */
  preview_urls: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
});
export type TemplateInfo = z.infer<typeof TemplateInfo>;

export const TemplateResponse = z.object({ success: z.literal(true), template: TemplateInfo });
export const TemplateList = z.object({ items: z.array(TemplateInfo) });
export type TemplateList = z.infer<typeof TemplateList>;
export const TemplateDeleted = z.object({ success: z.literal(true), id: z.string() });
