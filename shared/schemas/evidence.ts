import * as z from 'zod/mini';
import { Dimension, Insight } from './analysis';
import { requiredString, UUID_SOURCE, uuidField, versionInput } from './common';

const EVIDENCE_TYPES = ['file', 'url', 'interview'] as const;
export const EvidenceType = z.enum(EVIDENCE_TYPES);
export type EvidenceType = z.infer<typeof EvidenceType>;

/** pending: not analysed yet; analyzed: text read and analysed; no_text: stored, nothing to read; failed: see `reason`. */
const EVIDENCE_STATUSES = ['pending', 'processing', 'analyzed', 'no_text', 'failed'] as const;
export const EvidenceStatus = z.enum(EVIDENCE_STATUSES);
export type EvidenceStatus = z.infer<typeof EvidenceStatus>;

/** A report id, or the temporary placeholder the wizard uses before setup has created the report. */
const REPORT_REF_PATTERN = new RegExp(`^(temp-)?(?:${UUID_SOURCE})$`, 'i');
/** The wizard's placeholder alone: `temp-<uuid>`. */
export const PLACEHOLDER_PATTERN = new RegExp(`^temp-(?:${UUID_SOURCE})$`, 'i');
export const reportRef = (field: string) =>
  z.string({ error: `${field} is required` }).check(z.trim(), z.regex(REPORT_REF_PATTERN, `${field} must be a report id or a temp-<uuid> placeholder`));

const uuid = uuidField;

/** Tags: an array, or the spec's comma-separated text (trimmed, blanks dropped). */
export const TagsField = z._default(
  z.pipe(
    z.union([z.string(), z.array(z.string())], { error: 'tags must be text or a list of text' }),
    z.transform((v) =>
      [...new Set((Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter(Boolean))].slice(0, 50).map((t) => t.slice(0, 60)),
    ),
  ),
  [],
);

/** An evidence item, with the spec's field names (section 3). */
export const EvidenceItem = z.object({
  id: z.string(),
  report_id: z.string(),
  type: EvidenceType,
  title: z.string(),
  source: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  linkedDimensions: z.array(Dimension),
  relevanceScore: z.number(),
  status: EvidenceStatus,
  fileSize: z.nullable(z.number()),
  fileType: z.nullable(z.string()),
  aiInsights: z.array(Insight),
  business_dimensions: z.array(Dimension),
  /** characters of extracted text */
  text_chars: z.number(),
  /** why there is no text, or why processing failed */
  reason: z.optional(z.string()),
  /** only on GET of one item: the extracted text */
  textContent: z.optional(z.string()),
  /** on a search: a snippet of the text around the match */
  match: z.optional(z.string()),
  /** a workbook or CSV file read as data: its sheets, tables and KPIs (GET …/tables reads them) */
  data: z.optional(z.object({ sheets: z.number(), tables: z.number(), kpis: z.number() })),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string(),
  version: z.number(),
});
export type EvidenceItem = z.infer<typeof EvidenceItem>;

const AiAnalysis = z.object({
  business_dimensions: z.array(Dimension),
  relevance_score: z.number(),
  key_insights: z.array(Insight),
});

/** The library item a new upload duplicates: the same content, or nearly the same text. */
export const DuplicateOffer = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['same_content', 'similar_text']),
  /** 1 for the same content; the estimated similarity of the texts (0.8 to 1) otherwise */
  similarity: z.number(),
});
export type DuplicateOffer = z.infer<typeof DuplicateOffer>;

/** POST /api/files/upload and POST /api/files/{file_id}/process (spec section 7). */
export const UploadResponse = z.object({
  success: z.literal(true),
  file_id: z.string(),
  text_extracted: z.number(),
  ai_analysis: AiAnalysis,
  processing_status: EvidenceStatus,
  evidence: EvidenceItem,
  /** the client's library already holds this content: the offer to use that item instead */
  duplicate: z.optional(DuplicateOffer),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/** The multipart fields of POST /api/files/upload besides `file`. */
export const UploadFields = z.object({
  report_id: reportRef('report_id'),
  storage_type: z._default(z.literal('local', { error: "storage_type must be 'local'" }), 'local'),
});
export type UploadFields = z.infer<typeof UploadFields>;

export const PresignBody = z.object({
  report_id: reportRef('report_id'),
  file_name: requiredString('file_name', { max: 255, trim: true }),
  file_size: z.number({ error: 'file_size must be a number' }).check(z.int('file_size must be a whole number'), z.gte(1, 'file_size must be at least 1 byte'), z.lte(1e12, 'file_size must be at most 1 TB')),
});

export const PresignResponse = z.object({
  success: z.literal(true),
  file_id: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  max_bytes: z.number(),
  expires_in: z.number(),
});
export type PresignResponse = z.infer<typeof PresignResponse>;

export const FileParams = z.object({ file_id: uuid('file_id') });
export const ProcessBody = z.object({ report_id: reportRef('report_id') });

export const ReportRefParams = z.object({ id: reportRef('id') });
export const EvidenceParams = z.object({ id: reportRef('id'), evidence_id: uuid('evidence_id') });

export const UrlEvidenceBody = z.object({
  url: requiredString('url', { max: 2048, trim: true }),
  title: requiredString('title', { max: 300, trim: true }),
  tags: TagsField,
  description: z._default(z.string().check(z.maxLength(5000, 'description must be at most 5000 characters')), ''),
});

export const InterviewEvidenceBody = z.object({
  title: requiredString('title', { max: 300, trim: true }),
  content: requiredString('content', { max: 200_000, trim: true }),
  source: z._default(z.string().check(z.maxLength(300, 'source must be at most 300 characters')), ''),
  tags: TagsField,
});

export const EvidenceCreated = z.object({ success: z.literal(true), evidence: EvidenceItem, duplicate: z.optional(DuplicateOffer) });

export const EVIDENCE_PAGE = { default: 100, max: 200 } as const;

export const EvidenceListQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(200, 'q must be at most 200 characters'))),
  type: z.optional(EvidenceType),
  limit: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${EVIDENCE_PAGE.max}`)),
      z.pipe(z.transform(Number), z.number().check(z.gte(1, 'limit must be at least 1'), z.lte(EVIDENCE_PAGE.max, `limit must be at most ${EVIDENCE_PAGE.max}`))),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
});
/** A page of a report's evidence, oldest first; `next_cursor` continues it (null: this was the last page). */
export const EvidenceList = z.object({ items: z.array(EvidenceItem), next_cursor: z.nullable(z.string()) });

export const UpdateEvidenceBody = z.object({
  title: z.optional(requiredString('title', { max: 300, trim: true })),
  tags: z.optional(TagsField),
  linkedDimensions: z.optional(z.array(Dimension, { error: 'linkedDimensions must be a list of the six dimensions' })),
  version: versionInput(1),
});

/** The wizard's placeholder alone (a report id is refused: evidence moves only out of a placeholder). */
export const placeholderRef = (field: string) =>
  z.string({ error: `${field} is required` }).check(z.trim(), z.regex(PLACEHOLDER_PATTERN, `${field} must be a temp-<uuid> placeholder, not a report id`));

export const ClaimBody = z.object({ placeholder_id: placeholderRef('placeholder_id') });
/** GET …/evidence/{evidence_id}/tables/{table_id}/rows */
export const TablePageParams = z.object({
  id: reportRef('id'),
  evidence_id: uuid('evidence_id'),
  table_id: z.string().check(z.regex(/^t\d{1,5}$/, 'table_id must be a table id like t1')),
});
export const ClaimResponse = z.object({ success: z.literal(true), moved: z.number() });
