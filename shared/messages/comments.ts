/** The comment routes' error details. */

export const commentsDetails = {
  commentThreadNotFound: 'Comment thread not found',
  /** the people a user's comments mention, per minute (USER_LIMITS.mentions) */
  tooManyMentions: (max: number, seconds: number) =>
    `You have mentioned ${max} people in the last minute, and each of them is told; nothing was posted. Try again in ${seconds} seconds`,
} as const;
