/**
 * Review and approval: request a review of sections from named reviewers, decide it (approve or
 * request changes with a comment), each section's state, and Final's gate. Who may call each route is the access
 * policy's (checked before these run with the route's `clientAction`); the rules here are the reviews' own:
 * only reviewers and leads of the client's team may be named (the policy's `mayReview`), nobody names themself, only
 * a named reviewer or a lead decides, only a pending review is decided, an approval is of the version the reviewer
 * read, and nobody approves a review they asked for or a version they wrote (403).
 */
import { reviewsDetails } from '@shared/messages/reviews';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import {
  REVIEW_LIST_LIMIT,
  type Person,
  type RequestReviewBody,
  type Review,
  type ReviewDecisionBody,
  type Reviewer,
  type ReviewSummary,
} from '@shared/schemas/reviews';
import { decideReview, getReview, insertReviews, listReviews, sectionFacts } from '../../data/reviews-repo';
import { listMembers } from '../../data/teams-repo';
import { getProfile } from '../../data/users-repo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { uuidv7 } from '../../lib/uuidv7';
import { can, mayReview } from '../access/policy';
import { reviewDecided, reviewRequested } from '../audit/change-entries';
import { sendReviewNotice } from './notices';
import { reviewState } from './gate';
import { latestBySection, unapprovedSections } from './section-state';

/** A member of staff as the reviews show them: their profile's name, or the username without one. */
async function personOf(username: string): Promise<Person> {
  const profile = await getProfile(username);
  return { username, name: profile?.name ?? username };
}

/** The client's reviewers and leads: who may be named. */
async function eligibleReviewers(organizationId: string, confidential: boolean): Promise<Reviewer[]> {
  const members = await listMembers(organizationId);
  return members
    .filter((m) => mayReview(m.role, { confidential }))
    .map((m) => ({ username: m.username, name: m.name || m.username, role: m.role }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username));
}

export async function reviewSummary(caller: string, { report, client: access }: ReportInContext): Promise<ReviewSummary> {
  const reportId = report.id;
  const [{ sections, reviews }, reviewers] = await Promise.all([reviewState(reportId, report.approvals_from), eligibleReviewers(report.organization_id, access.confidential)]);
  const unapproved = unapprovedSections(sections);
  return {
    report_id: reportId,
    me: caller,
    sections,
    items: reviews.slice(0, REVIEW_LIST_LIMIT),
    reviewers,
    unapproved: unapproved.map((s) => ({ key: s.key, title: s.title, state: s.state })),
    final_ready: unapproved.length === 0,
    can_request: can(access.role, 'request_review', access),
    can_approve: can(access.role, 'approve', access),
    can_override: can(access.role, 'override_final', access),
    can_reopen: can(access.role, 'reopen', access),
  };
}

export async function requestReview(caller: string, { report, client: access }: ReportInContext, body: RequestReviewBody) {
  const reportId = report.id;
  const eligible = new Map((await eligibleReviewers(report.organization_id, access.confidential)).map((r) => [r.username, r]));
  const named = [...new Set(body.reviewers)];
  // nobody reviews their own request
  if (named.includes(caller)) throw new ForbiddenError(reviewsDetails.reviewSelf);
  const refused = named.filter((u) => !eligible.has(u));
  if (refused.length) throw new BadRequestError(reviewsDetails.reviewersNotEligible(refused));
  const today = new Date().toISOString().slice(0, 10);
  if (body.due < today) throw new BadRequestError(reviewsDetails.reviewDueInPast(today));
  const sections = SECTION_KEYS.filter((k) => body.sections.includes(k));
  const states = new Map((await sectionFacts(reportId)).map((s) => [s.key, s]));
  const empty = sections.filter((k) => (states.get(k)?.chars ?? 0) === 0);
  if (empty.length) throw new BadRequestError(reviewsDetails.reviewSectionsEmpty(empty.map((k) => SECTION_TITLES[k])));
  const now = new Date().toISOString();
  const requestId = uuidv7();
  const requester = await personOf(caller);
  const reviewers = named.map((u) => ({ username: u, name: eligible.get(u)!.name }));
  const reviews: Review[] = sections.map((section) => ({
    id: uuidv7(),
    request_id: requestId,
    section,
    section_title: SECTION_TITLES[section],
    reviewers,
    requested_by: requester,
    requested_at: now,
    due: body.due,
    note: body.note,
    version: states.get(section)?.version ?? 0,
    status: 'pending',
    decided_by: null,
    decided_at: null,
    decided_version: null,
    comment: null,
  }));
  await insertReviews(reportId, reviews, reviewRequested(report, reviews.map((r) => r.section_title), reviewers.map((r) => r.name), body.due, caller, now));
  await sendReviewNotice({ kind: 'review_requested', report, actor: requester, recipients: named, sections: reviews, note: body.note });
  return { success: true as const, request_id: requestId, reviews };
}

export async function decide(caller: string, { report, client: access }: ReportInContext, section: SectionKey, reviewId: string, body: ReviewDecisionBody) {
  const reportId = report.id;
  const [review, states, reviews] = await Promise.all([getReview(reportId, section, reviewId), sectionFacts(reportId), listReviews(reportId)]);
  if (!review) throw new NotFoundError(reviewsDetails.reviewNotFound);
  // a newer request of the section replaced this one: deciding it would not change the section's state
  const latest = latestBySection(reviews).get(section);
  if (latest && latest.id !== review.id) throw new ConflictError(reviewsDetails.reviewSuperseded(SECTION_TITLES[section]));
  // the policy let a reviewer or lead through; a reviewer decides only what they were asked to review
  if (access.role !== 'lead' && !review.reviewers.some((r) => r.username === caller)) throw new ForbiddenError(reviewsDetails.reviewNotYours);
  if (review.status !== 'pending') throw new ConflictError(reviewsDetails.reviewDecided(review.decided_by?.name ?? 'someone'));
  const state = states.find((s) => s.key === section);
  // nobody approves their own work: not a review they asked for, nor a version they wrote
  if (body.decision === 'approve' && (review.requested_by.username === caller || state?.updated_by === caller)) throw new ForbiddenError(reviewsDetails.reviewOwnWork(SECTION_TITLES[section]));
  const current = state?.version ?? 0;
  if (body.version !== undefined && body.version !== current) throw new ConflictError(reviewsDetails.reviewSectionChanged(SECTION_TITLES[section], current));
  const now = new Date().toISOString();
  const by = await personOf(caller);
  const status = body.decision === 'approve' ? 'approved' : 'changes_requested';
  const decided = { status, by, at: now, version: current, comment: body.comment } as const;
  const ok = await decideReview(reportId, review, decided, reviewDecided(report, status, review.section_title, current, body.comment, caller, now));
  if (!ok) {
    const after = await getReview(reportId, section, reviewId);
    throw new ConflictError(reviewsDetails.reviewDecided(after?.decided_by?.name ?? 'someone'));
  }
  const result: Review = { ...review, status, decided_by: by, decided_at: now, decided_version: current, comment: body.comment };
  await sendReviewNotice({
    kind: status === 'approved' ? 'review_approved' : 'changes_requested',
    report,
    actor: by,
    recipients: [review.requested_by.username],
    sections: [result],
    note: body.comment,
  });
  return { success: true as const, review: result };
}
