/**
 * The client evidence library (DESIGN.md "Library"): a client's evidence items, the reports that use
 * each, taking items into a report (a reference, never a copy), duplicates found on upload, and deleting an
 * item that reports use.
 */
import * as z from 'zod/mini';
import { Dimension } from './analysis';
import { uuidField } from './common';
import { EvidenceItem, EvidenceType } from './evidence';
import { CitationPlace } from './report-document';

/** A report that uses a library item. */
const ItemUse = z.object({ report_id: z.string(), title: z.string(), status: z.string() });

/** A library item: the evidence item (its `report_id` is the report it was first added to) and its uses. */
export const LibraryItem = z.object({ ...EvidenceItem.shape, organization_id: z.string(), used_by: z.array(ItemUse) });
export type LibraryItem = z.infer<typeof LibraryItem>;

export const LibraryParams = z.object({ id: uuidField('id') });
export const LibraryItemParams = z.object({ id: uuidField('id'), evidence_id: uuidField('evidence_id') });

const day = (field: string) => z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)));

/** Filters of the library: type, added from/to (inclusive days), used by a report, linked to a dimension. */
export const LibraryQuery = z.object({
  type: z.optional(EvidenceType),
  from: day('from'),
  to: day('to'),
  report: z.optional(uuidField('report')),
  dimension: z.optional(Dimension),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** A client's library, oldest first, with the client's reports that use any of it (for the report filter). */
export const LibraryList = z.object({ items: z.array(LibraryItem), reports: z.array(ItemUse) });
export type LibraryList = z.infer<typeof LibraryList>;

/**
 * Take items from the client's library into a report. `replace`: an item just added to this report that
 * duplicates one of them (the duplicate offer): it is taken out of the report and, used nowhere else, deleted.
 */
export const TakeFromLibraryBody = z.object({
  evidence_ids: z.array(uuidField('evidence_ids'), { error: 'evidence_ids must be a list of evidence ids' }).check(
    z.minLength(1, 'evidence_ids must name at least one item'),
    z.maxLength(50, 'evidence_ids may name at most 50 items'),
  ),
  replace: z.optional(uuidField('replace')),
});
export const TakeFromLibraryResponse = z.object({ success: z.literal(true), added: z.number(), items: z.array(EvidenceItem) });

/** Where a library item is used: per report, the citations that would break if it were deleted. */
export const LibraryItemUsage = z.object({
  reports: z.array(z.object({ report_id: z.string(), title: z.string(), places: z.array(CitationPlace) })),
});
export type LibraryItemUsage = z.infer<typeof LibraryItemUsage>;

export const LibraryDeleted = z.object({ success: z.literal(true), reports: z.number() });


