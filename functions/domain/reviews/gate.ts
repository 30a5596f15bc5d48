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
}

/** Each section's state (all nine, in report order) and every review, newest first. */
export async function reviewState(reportId: string): Promise<SectionsState> {
  const [states, reviews] = await Promise.all([sectionFacts(reportId), listReviews(reportId)]);
  const byKey = new Map(states.map((s) => [s.key, s]));
  const latest = latestBySection(reviews);
  const sections = SECTION_KEYS.map((key): SectionReview => {
    const current = byKey.get(key);
    const review = latest.get(key) ?? null;
    return { key, title: SECTION_TITLES[key], version: current?.version ?? 0, chars: current?.chars ?? 0, state: sectionState(current?.version ?? 0, review), review };
  });
  reviews.sort((a, b) => (a.requested_at === b.requested_at ? b.id.localeCompare(a.id) : b.requested_at.localeCompare(a.requested_at)));
  return { sections, reviews };
}

/** What keeps a report from Final (sections written and not approved), and the approved versions when nothing does. */
export async function finalGate(reportId: string): Promise<{ unapproved: SectionReview[]; approved: SectionReview[]; sections: SectionReview[] }> {
  const { sections } = await reviewState(reportId);
  const unapproved = unapprovedSections(sections);
  return { unapproved, approved: sections.filter((s) => s.chars > 0 && s.state === 'approved'), sections };
}

