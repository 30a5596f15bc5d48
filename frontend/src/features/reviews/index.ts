/** The reviews feature's public entry: section states, asking for and deciding reviews, Final's gate. */
export { reviewsKey, useReviews } from './api/get-reviews';
export { ExportApprovals } from './components/export-approvals';
export { FinalBlockedDialog } from './components/final-blocked-dialog';
export { ReviewPanel } from './components/review-panel';
export { ReviewStateBadge } from './components/review-state-badge';
