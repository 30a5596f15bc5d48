/** Query keys of the bell: the merged list (grown by polls), and the email setting. */
export const notificationKeys = {
  feed: ['notifications', 'feed'] as const,
  settings: ['notifications', 'settings'] as const,
};
