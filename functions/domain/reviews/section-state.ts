/**
 * A section's review state, derived from its current version and its latest review. Pure: no I/O.
 *
 * | latest review                                   | state             |
 * |-------------------------------------------------|-------------------|
 * | none                                            | draft             |
 * | pending                                         | in_review         |
 * | changes requested                               | changes_requested |
 * | approved, of the current version, and it stands | approved          |
 * | approved, and it does not stand                 | stale             |
 *
 * An approval stands when it is of the current version, was given by someone who neither asked for the review
 * nor wrote that version (nobody approves their own work), and was given after the report was last reopened
 * (reopening a Final report takes every approval back).
 *
 * And Final's gate: every required section (REQUIRED_SECTIONS: the sections every export holds) written, and every
 * section with something written approved.
 */
import { REQUIRED_SECTIONS } from '@shared/schemas/report-document';
import type { ReviewStatus, SectionReviewState } from '@shared/schemas/reviews';

export interface ReviewFacts {
  status: ReviewStatus;
  /** the version approved or sent back (null while pending) */
  decided_version: number | null;
  requested_by: { username: string };
  decided_by: { username: string } | null;
  decided_at: string | null;
}

/** What an approval is held against: the section's last writer, and when its report was last reopened. */
export interface ApprovalContext {
  /** who wrote the section's current version */
  lastEditor?: string | null;
  /** approvals given before this time (the report's last reopening) no longer count */
  approvalsFrom?: string;
}

/** Whether an approval of the current version counts: given by someone other than the requester and the last editor, after the last reopening. */
function approvalStands(review: ReviewFacts, context: ApprovalContext): boolean {
  const by = review.decided_by?.username;
  if (!by || by === review.requested_by.username || (context.lastEditor && by === context.lastEditor)) return false;
  return !context.approvalsFrom || (review.decided_at !== null && review.decided_at > context.approvalsFrom);
}

export function sectionState(currentVersion: number, latest: ReviewFacts | undefined | null, context: ApprovalContext = {}): SectionReviewState {
  if (!latest) return 'draft';
  if (latest.status === 'pending') return 'in_review';
  if (latest.status === 'changes_requested') return 'changes_requested';
  return latest.decided_version === currentVersion && approvalStands(latest, context) ? 'approved' : 'stale';
}

export interface GateSection<K extends string = string> {
  key: K;
  title: string;
  chars: number;
  state: SectionReviewState;
}

const required = new Set<string>(REQUIRED_SECTIONS);

/** Whether a section must be written before its report goes Final. */
const isRequiredSection = (key: string): boolean => required.has(key);

/** The sections that keep a report from Final, in report order: a required one not written, or one written (an export would hold it) and not approved. */
export function unapprovedSections<S extends GateSection>(sections: readonly S[]): S[] {
  return sections.filter((s) => (s.chars > 0 ? s.state !== 'approved' : isRequiredSection(s.key)));
}

/** The latest review of each section, from reviews in any order (ids are UUIDv7: later ids sort later). */
export function latestBySection<R extends { id: string; section: string; requested_at: string }>(reviews: readonly R[]): Map<string, R> {
  const latest = new Map<string, R>();
  for (const r of reviews) {
    const seen = latest.get(r.section);
    if (!seen || r.requested_at > seen.requested_at || (r.requested_at === seen.requested_at && r.id > seen.id)) latest.set(r.section, r);
  }
  return latest;
}
