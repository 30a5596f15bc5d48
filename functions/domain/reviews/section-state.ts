/**
 * A section's review state, derived from its current version and its latest review. Pure: no I/O.
 *
 * | latest review                       | state             |
 * |-------------------------------------|-------------------|
 * | none                                | draft             |
 * | pending                             | in_review         |
 * | changes requested                   | changes_requested |
 * | approved, of the current version    | approved          |
 * | approved, of an earlier version     | stale             |
 *
 * And Final's gate: every section with something written (what an export holds) must be approved.
 */
import type { ReviewStatus, SectionReviewState } from '@shared/schemas/reviews';

export interface ReviewFacts {
  status: ReviewStatus;
  /** the version approved or sent back (null while pending) */
  decided_version: number | null;
}

export function sectionState(currentVersion: number, latest: ReviewFacts | undefined | null): SectionReviewState {
  if (!latest) return 'draft';
  if (latest.status === 'pending') return 'in_review';
  if (latest.status === 'changes_requested') return 'changes_requested';
  return latest.decided_version === currentVersion ? 'approved' : 'stale';
}

export interface GateSection<K extends string = string> {
  key: K;
  title: string;
  chars: number;
  state: SectionReviewState;
}

/** The sections that keep a report from Final: written (an export would hold them) and not approved, in report order. */
export function unapprovedSections<S extends GateSection>(sections: readonly S[]): S[] {
  return sections.filter((s) => s.chars > 0 && s.state !== 'approved');
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
