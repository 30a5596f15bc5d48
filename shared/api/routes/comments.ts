import { CommentList, CommentsParams, CommentsQuery, NewThreadBody, ReplyBody, ThreadAnswer, ThreadParams, ThreadStatusBody } from '@shared/schemas/comments';
import { defineRoute, routeTable, USER_LIMITS } from '../route-types';

/** A comment of up to 5,000 characters (four bytes each at most) with its anchor and quote, as JSON. */
const COMMENT_BODY_BYTES = 32 * 1024;
/** The routes that may notify carry the SES client (notify() mails mentions). */
const NOTIFYING_BUNDLE_KB = 360;

/**
 * Comments on a report's sections and wizard items, with mentions. Reading them is reading the report;
 * writing them is the policy's `comment` (every role, viewers included, and all staff on an open client). The
 * writes may notify (mentions): the inboxes and SES; so each is limited per user (comments and replies together, and
 * the people they mention: 429 with Retry-After past either).
 */
export const commentRoutes = routeTable({
  listComments: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/comments',
    handler: 'comments/list-comments',
    summary: "The report's comment threads (all, or one section's or one item's) and the open threads per section and item",
    params: CommentsParams,
    query: CommentsQuery,
    response: CommentList,
    access: { table: 'read' },
  }),
  createComment: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/comments',
    handler: 'comments/create-comment',
    summary: 'Start a thread on a section or a wizard item (optionally on a range of its text); @mentions are notified',
    params: CommentsParams,
    body: NewThreadBody,
    response: ThreadAnswer,
    maxBodyBytes: COMMENT_BODY_BYTES,
    bundleBudgetKb: NOTIFYING_BUNDLE_KB,
    clientAction: 'comment',
    userLimit: USER_LIMITS.comments,
    access: { table: 'readwrite', tableKeys: ['app', 'notifications', 'mentionLimit'], email: true },
  }),
  replyToComment: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/comments/{thread}/replies',
    handler: 'comments/reply',
    summary: 'Reply in a thread; @mentions are notified',
    params: ThreadParams,
    body: ReplyBody,
    response: ThreadAnswer,
    maxBodyBytes: COMMENT_BODY_BYTES,
    bundleBudgetKb: NOTIFYING_BUNDLE_KB,
    clientAction: 'comment',
    userLimit: USER_LIMITS.comments,
    access: { table: 'readwrite', tableKeys: ['app', 'notifications', 'mentionLimit'], email: true },
  }),
  setCommentStatus: defineRoute({
    method: 'PUT',
    path: '/api/reports/{id}/comments/{thread}/status',
    handler: 'comments/set-status',
    summary: 'Resolve or reopen a thread',
    params: ThreadParams,
    body: ThreadStatusBody,
    response: ThreadAnswer,
    clientAction: 'comment',
    access: { table: 'readwrite' },
  }),
});
