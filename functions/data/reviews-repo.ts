/**
 * Review requests (DESIGN.md "Collaboration"): one item per section reviewed, `REPORT#id` /
 * `REVIEW#<section>#<id>` (ids UUIDv7, so a section's latest review is the last of its prefix). A request and
 * its audit entry are one transaction; a decision is a conditional update (only a pending review is decided,
 * so two reviewers deciding at once get one success) with its audit entry in the same transaction.
 */
import type { Person, Review, ReviewStatus } from '@shared/schemas/reviews';
import type { SectionKey } from '@shared/schemas/report-document';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { tableName } from './table';
import { queryAll } from './table-query';
import { getItem, newItemPut, transact, type TransactItem } from './table-ops';

const FIELDS = [
  'id',
  'request_id',
  'section',
  'section_title',
  'reviewers',
  'requested_by',
  'requested_at',
  'due',
  'note',
  'version',
  'status',
  'decided_by',
  'decided_at',
  'decided_version',
  'comment',
] as const;

function toReview(item: Record<string, unknown>): Review {
  const review = Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as unknown as Review;
  return { ...review, reviewers: (item.reviewers as Person[] | undefined) ?? [], note: typeof item.note === 'string' ? item.note : '' };
}

/**
 * Each written section's version, length and last writer (one Query of the current-section items, no bodies): what
 * the states and Final's gate need. Here rather than in the sections' repository, whose S3 code the status change need not carry.
 */
export async function sectionFacts(reportId: string): Promise<{ key: SectionKey; version: number; chars: number; updated_by: string | null }[]> {
  const items = await queryAll(keys.reportPartition(reportId), keys.sectionSkPrefix, { consistent: true, fields: ['key', 'version', 'chars', 'updated_by'] });
  return items.map((item) => ({
    key: item.key as SectionKey,
    version: Number(item.version ?? 0),
    chars: Number(item.chars ?? 0),
    updated_by: typeof item.updated_by === 'string' ? item.updated_by : null,
  }));
}

/**
 * Transaction items that hold only while each section is still at the version read (version 0: not written),
 * for a write that rests on the sections' reviews (Final's gate). Each is named by its section's key.
 */
export function sectionVersionChecks(reportId: string, sections: readonly { key: SectionKey; version: number }[]): { key: SectionKey; item: TransactItem }[] {
  return sections.map(({ key, version }) => ({
    key,
    item: {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.section(reportId, key),
        ...(version > 0
          ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } }
          : { ConditionExpression: 'attribute_not_exists(PK) OR attribute_not_exists(version) OR version = :zero', ExpressionAttributeValues: { ':zero': 0 } }),
      },
    },
  }));
}

/** Every review of a report (all sections), oldest first per section. */
export async function listReviews(reportId: string): Promise<Review[]> {
  const items = await queryAll(keys.reportPartition(reportId), keys.reviewSkPrefix, { consistent: true, fields: FIELDS });
  return items.map(toReview);
}

export async function getReview(reportId: string, section: SectionKey, reviewId: string): Promise<Review | undefined> {
  const item = await getItem(keys.review(reportId, section, reviewId), { consistent: true });
  return item ? toReview(item) : undefined;
}

/** Stores the reviews of one request and its audit entry, all or none. */
export async function insertReviews(reportId: string, reviews: readonly Review[], audit: NewAuditEntry): Promise<void> {
  await transact([
    ...reviews.map((r) => newItemPut({ ...keys.review(reportId, r.section, r.id), entity: 'Review', report_id: reportId, ...r })),
    auditPut(audit),
  ]);
}

/**
 * Records a decision on a review still pending; false when it was decided meanwhile (nothing changed then). The
 * audit entry is written with it.
 */
export async function decideReview(
  reportId: string,
  review: Review,
  decision: { status: Exclude<ReviewStatus, 'pending'>; by: Person; at: string; version: number; comment: string },
  audit: NewAuditEntry,
): Promise<boolean> {
  const outcome = await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.review(reportId, review.section, review.id),
        UpdateExpression: 'SET #status = :status, decided_by = :by, decided_at = :at, decided_version = :version, #comment = :comment',
        ConditionExpression: 'attribute_exists(PK) AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#comment': 'comment' },
        ExpressionAttributeValues: {
          ':status': decision.status,
          ':by': decision.by,
          ':at': decision.at,
          ':version': decision.version,
          ':comment': decision.comment,
          ':pending': 'pending',
        },
      },
    },
    auditPut(audit),
  ]);
  return outcome.ok;
}
