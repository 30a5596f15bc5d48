/** The activity feed's words: an entry as a sentence, and its time relative to now. */
import { adminTexts } from '@shared/messages/admin';
import type { ActivityEntry } from '@shared/schemas/activity';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.activity;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, size: number][] = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [604_800, 'day', 86_400],
  [Infinity, 'week', 604_800],
];

/** "2 minutes ago", "yesterday" */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const [, unit, size] = STEPS.find(([limit]) => Math.abs(seconds) < limit)!;
  return relative.format(Math.round(seconds / size), unit);
}

/** "Dana Reyes approved Findings & Analysis (version 4)" */
export function sentence(e: ActivityEntry): string {
  const words = t.sentence[e.action];
  return words ? words(e.user_name, e.detail) : t.fallback(e.user_name, adminTexts.audit.actions[e.action], e.detail);
}

