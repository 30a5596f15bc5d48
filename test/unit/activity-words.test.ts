/** The activity feed's words: each entry as a sentence, and its time relative to now. */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/schemas/activity';
import { ago, sentence } from '../../frontend/src/features/activity/lib/words';

const entry = (action: ActivityEntry['action'], detail: string): ActivityEntry => ({ id: 'e', at: '2026-11-24T10:00:00.000Z', user: 'dana', user_name: 'Dana Reyes', action, target_title: 'Board pack', detail });

describe('activity sentences', () => {
  it.each([
    ['review.approve', 'Findings & Analysis (version 4)', 'Dana Reyes approved Findings & Analysis (version 4)'],
    ['review.changes', 'SWOT Analysis (version 2): cite it', 'Dana Reyes requested changes to SWOT Analysis (version 2): cite it'],
    ['section.edit', 'Conclusion', 'Dana Reyes edited Conclusion'],
    ['report.status', 'Draft → In Review', 'Dana Reyes changed the status: Draft → In Review'],
    ['organization.team', 'added ann as editor', 'Dana Reyes: Team changed — added ann as editor'],
  ] as const)('%s reads as a sentence', (action, detail, words) => {
    expect(sentence(entry(action, detail))).toBe(words);
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  it.each([
    ['2026-11-24T11:59:30.000Z', '30 seconds ago'],
    ['2026-11-24T11:58:00.000Z', '2 minutes ago'],
    ['2026-11-24T09:00:00.000Z', '3 hours ago'],
    ['2026-11-23T12:00:00.000Z', 'yesterday'],
    ['2026-11-03T12:00:00.000Z', '3 weeks ago'],
  ])('%s → %s', (at, words) => {
    expect(ago(at, now)).toBe(words);
  });
});
