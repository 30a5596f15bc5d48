/**
 * Who is told about a review, and in which words: a request goes to its reviewers; an approval or a
 * request for changes goes to whoever asked. Delivered through the notifications module's `notify` (the bell,
 * and email per the user's setting).
 */
import { reviewsDetails } from '@shared/messages/reviews';
import type { Person, Review } from '@shared/schemas/reviews';
import type { Report } from '@shared/schemas/reports';
import { logger } from '../../lib/logger';
import { notify } from '../notifications/notify';

export type ReviewNoticeKind = 'review_requested' | 'review_approved' | 'changes_requested';

export interface ReviewNotice {
  kind: ReviewNoticeKind;
  report: Pick<Report, 'id' | 'title' | 'organization_id'>;
  actor: Person;
  recipients: string[];
  sections: Pick<Review, 'id' | 'section' | 'section_title'>[];
  note: string;
}

/** The notification's input: one per notice, about its first section (the place a click opens). */
function noticeInput(n: ReviewNotice) {
  const titles = n.sections.map((s) => s.section_title);
  const first = n.sections[0];
  return {
    recipients: [...new Set(n.recipients)],
    kind: n.kind,
    actor: { id: n.actor.username, name: n.actor.name },
    report_id: n.report.id,
    org_id: n.report.organization_id,
    target: { ...(first ? { section: first.section, review: first.id } : {}) },
    text: reviewsDetails.reviewNotice[n.kind](n.actor.name, titles, n.report.title, n.note),
  };
}

/** Sends it; a failure to notify never undoes the review (it is logged). */
export async function sendReviewNotice(n: ReviewNotice): Promise<void> {
  try {
    await notify(noticeInput(n));
  } catch (error) {
    logger.error('review notification not sent', { reportId: n.report.id, kind: n.kind, error: error instanceof Error ? error.name : String(error) });
  }
}
