import { ReportIdParams } from '@shared/schemas/report-document';
import { RequestReviewBody, ReviewDecided, ReviewDecisionBody, ReviewParams, ReviewRequested, ReviewSummary } from '@shared/schemas/reviews';
import { defineRoute, routeTable } from '../route-types';

/**
 * Review and approval. Who may call each is the access policy's (functions/domain/access/policy.ts,
 * through `clientAction`): whoever reads the report sees its reviews; editors and leads (all staff on an open
 * client) request them; reviewers and leads decide.
 */
export const reviewRoutes = routeTable({
  getReviews: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/reviews',
    handler: 'reviews/get-reviews',
    summary: "Each section's review state (draft, in review, changes requested, approved, stale), the reviews, who may be named, and what blocks Final",
    params: ReportIdParams,
    response: ReviewSummary,
    access: { table: 'read' },
  }),
  requestReview: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/reviews',
    handler: 'reviews/request-review',
    summary: 'Ask named reviewers (reviewers and leads of the client) to review sections, with a due date and a note',
    params: ReportIdParams,
    body: RequestReviewBody,
    response: ReviewRequested,
    clientAction: 'request_review',
    // notifies the reviewers (their inboxes, and an email as each one's setting says)
    access: { table: 'readwrite', tableKeys: ['app', 'notifications'], email: true },
    // the SES client of the notifications' email
    bundleBudgetKb: 345,
  }),
  decideReview: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/reviews/{key}/{review_id}/decision',
    handler: 'reviews/decide-review',
    summary: "Approve a section's current version, or request changes with a comment (a named reviewer or a lead); 409 once decided",
    params: ReviewParams,
    body: ReviewDecisionBody,
    response: ReviewDecided,
    clientAction: 'approve',
    // notifies whoever asked
    access: { table: 'readwrite', tableKeys: ['app', 'notifications'], email: true },
    // the SES client of the notifications' email
    bundleBudgetKb: 345,
  }),
});
