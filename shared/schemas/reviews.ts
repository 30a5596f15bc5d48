/**
 * Review and approval: an editor asks named reviewers to review sections of a report (or all of them),
 * with a due date and a note; a reviewer approves, or requests changes with a comment. An approval is of a
 * section's version: a later save makes it stale. A report becomes Final only when every section with something
 * written (what an export holds) is approved, unless a lead overrides with a reason.
 */
import * as z from 'zod/mini';
import { usernameField } from './auth';
import { uuidField } from './common';
import { SECTION_KEYS, SectionKeyField } from './report-document';
import { TeamRoleField } from './teams';

/** What a review request of one section is: waiting, approved, or sent back with changes requested. */
export const REVIEW_STATUSES = ['pending', 'approved', 'changes_requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A section's state in the editor's list (derived: functions/domain/reviews/section-state.ts). */
export const SECTION_REVIEW_STATES = ['draft', 'in_review', 'changes_requested', 'approved', 'stale'] as const;
export type SectionReviewState = (typeof SECTION_REVIEW_STATES)[number];

const REVIEW_DECISIONS = ['approve', 'request_changes'] as const;

/** Most reviewers one request may name. */
const MAX_REVIEWERS = 10;
export const MAX_REVIEW_NOTE = 2000;
export const MAX_REVIEW_COMMENT = 5000;

const dueField = z.string({ error: 'due must be a date such as 2026-12-01' }).check(
  z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'due must be a date such as 2026-12-01',
  }),
);

const boundedText = (field: string, max: number) =>
  z._default(
    z.string({ error: `${field} must be text` }).check(z.trim(), z.refine((v) => [...v].length <= max, { error: `${field} must be at most ${max} characters` })),
    '',
  );

/** POST /api/reports/{id}/reviews: who reviews which sections, by when, and why. */
export const RequestReviewBody = z.object({
  sections: z
    .array(SectionKeyField, { error: 'sections must be a list of section keys' })
    .check(z.minLength(1, 'choose at least one section to review'), z.maxLength(SECTION_KEYS.length, `sections may hold at most ${SECTION_KEYS.length} keys`)),
  reviewers: z
    .array(usernameField, { error: 'reviewers must be a list of usernames' })
    .check(z.minLength(1, 'name at least one reviewer'), z.maxLength(MAX_REVIEWERS, `name at most ${MAX_REVIEWERS} reviewers`)),
  due: dueField,
  note: boundedText('note', MAX_REVIEW_NOTE),
});
export type RequestReviewBody = z.infer<typeof RequestReviewBody>;

/** POST …/reviews/{key}/{review_id}/decision: approve, or request changes (which needs a comment). */
export const ReviewDecisionBody = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: `decision must be one of: ${REVIEW_DECISIONS.join(', ')}` }),
    comment: boundedText('comment', MAX_REVIEW_COMMENT),
    /** the section version the reviewer read (optional): a newer one answers 409, so nobody approves unseen text */
    version: z.optional(z.number({ error: 'version must be a number' }).check(z.int('version must be a whole number'), z.gte(0, 'version must be at least 0'))),
  })
  .check(z.refine((b) => b.decision !== 'request_changes' || b.comment.length > 0, { error: 'comment: say what should change', path: ['comment'] }));
export type ReviewDecisionBody = z.infer<typeof ReviewDecisionBody>;

export const ReviewParams = z.object({ id: uuidField('id'), key: SectionKeyField, review_id: uuidField('review_id') });

export const Person = z.object({ username: z.string(), name: z.string() });
export type Person = z.infer<typeof Person>;

/** One section's review request and its outcome. */
export const Review = z.object({
  id: z.string(),
  /** the request it was made by (one request may cover several sections: one review each) */
  request_id: z.string(),
  section: SectionKeyField,
  section_title: z.string(),
  reviewers: z.array(Person),
  requested_by: Person,
  requested_at: z.string(),
  due: z.string(),
  note: z.string(),
  /** the section's version when review was requested */
  version: z.number(),
  status: z.enum(REVIEW_STATUSES),
  decided_by: z.nullable(Person),
  decided_at: z.nullable(z.string()),
  /** the section version approved (or sent back) */
  decided_version: z.nullable(z.number()),
  comment: z.nullable(z.string()),
});
export type Review = z.infer<typeof Review>;

export const SectionReview = z.object({
  key: SectionKeyField,
  title: z.string(),
  version: z.number(),
  /** characters written (0: nothing to export, so nothing to approve) */
  chars: z.number(),
  state: z.enum(SECTION_REVIEW_STATES),
  /** the section's latest review, if any */
  review: z.nullable(Review),
});
export type SectionReview = z.infer<typeof SectionReview>;

export const Reviewer = z.object({ username: z.string(), name: z.string(), role: TeamRoleField });
export type Reviewer = z.infer<typeof Reviewer>;

/** GET /api/reports/{id}/reviews: each section's state, the reviews, who may be named, and what the caller may do. */
export const ReviewSummary = z.object({
  report_id: z.string(),
  /** the caller's username (whose pending reviews the panel lists first) */
  me: z.string(),
  sections: z.array(SectionReview),
  /** reviews, newest first (at most REVIEW_LIST_LIMIT) */
  items: z.array(Review),
  /** team members who may approve (reviewers and leads) */
  reviewers: z.array(Reviewer),
  /** sections with something written that are not approved (what blocks Final) */
  unapproved: z.array(z.object({ key: SectionKeyField, title: z.string(), state: z.enum(SECTION_REVIEW_STATES) })),
  final_ready: z.boolean(),
  can_request: z.boolean(),
  can_approve: z.boolean(),
  can_override: z.boolean(),
  /** whether the caller may reopen the report when it is Final (its leads) */
  can_reopen: z.boolean(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const REVIEW_LIST_LIMIT = 200;

export const ReviewRequested = z.object({ success: z.literal(true), request_id: z.string(), reviews: z.array(Review) });
export const ReviewDecided = z.object({ success: z.literal(true), review: Review });
