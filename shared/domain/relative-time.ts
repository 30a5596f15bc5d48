/**
 * "just now", "2 minutes ago", "3 hours ago", "yesterday", "4 days ago": how long ago something was saved, in
 * the words a conflict message uses. Pure; `now` is passed in so that server and browser say the same.
 */
export function relativeTime(at: string | number | Date | null | undefined, now: number = Date.now()): string {
  const then = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : at ? Date.parse(at) : NaN;
  if (!Number.isFinite(then)) return 'some time ago';
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}
