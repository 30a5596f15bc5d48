/**
 * Each section's review state and Final's gate: read by the reviews, the status change and the exports.
 * Kept apart from the review operations, so that what imports the gate does not carry the notifications (SES).
 */
import { SECTION_KEYS, SECTION_TITLES } from '@shared/schemas/report-document';
import type { Review, SectionReview } from '@shared/schemas/reviews';
import { listReviews, sectionFacts } from '../../data/reviews-repo';
import { latestBySection, sectionState, unapprovedSections } from './section-state';

export interface SectionsState {
  sections: SectionReview[];
  reviews: Review[];
  /** who wrote each written section's current version */
  lastEditors: Map<string, string | null>;
}

/**
 * Each section's state (all nine, in report order) and every review, newest first. `approvalsFrom`: when the report
 * was last reopened (its `approvals_from`): approvals given before it no longer count.
 */
export async function reviewState(reportId: string, approvalsFrom?: string): Promise<SectionsState> {
  const [states, reviews] = await Promise.all([sectionFacts(reportId), listReviews(reportId)]);
  const byKey = new Map(states.map((s) => [s.key, s]));
  const latest = latestBySection(reviews);
  const sections = SECTION_KEYS.map((key): SectionReview => {
    const current = byKey.get(key);
    const review = latest.get(key) ?? null;
    const state = sectionState(current?.version ?? 0, review, { lastEditor: current?.updated_by, ...(approvalsFrom ? { approvalsFrom } : {}) });
    return { key, title: SECTION_TITLES[key], version: current?.version ?? 0, chars: current?.chars ?? 0, state, review };
  });
  reviews.sort((a, b) => (a.requested_at === b.requested_at ? b.id.localeCompare(a.id) : b.requested_at.localeCompare(a.requested_at)));
  return { sections, reviews, lastEditors: new Map(states.map((s) => [s.key, s.updated_by])) };
}

/**
 * What keeps a report from Final (required sections not written, written sections not approved), and the approved
 * versions when nothing does.
 */
export async function finalGate(reportId: string, approvalsFrom?: string): Promise<{ unapproved: SectionReview[]; approved: SectionReview[]; sections: SectionReview[] }> {
  const { sections } = await reviewState(reportId, approvalsFrom);
  const unapproved = unapprovedSections(sections);
  return { unapproved, approved: sections.filter((s) => s.chars > 0 && s.state === 'approved'), sections };
}
