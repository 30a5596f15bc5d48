/** The comment routes' error details. */

export const commentsDetails = {
  commentThreadNotFound: 'Comment thread not found',
} as const;
