/** Word diffs for AI Enhance and history (the `diff` library), and citation checks of a rewrite. */
import { diffWordsWithSpace } from 'diff';
import { citationKeysIn } from '@shared/domain/report/citations';

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((p) => ({ text: p.value, kind: p.added ? 'added' : p.removed ? 'removed' : 'same' }));
}

/** Citation marks the original has that the rewrite lost. */
export const droppedCitations = (before: string, after: string) => {
  const kept = new Set(citationKeysIn(after));
  return citationKeysIn(before).filter((id) => !kept.has(id));
};

/** Accepting a rewrite keeps every citation: the ones it dropped go back at its end. */
export function keepCitations(before: string, after: string): string {
  const lost = droppedCitations(before, after);
  return lost.length ? `${after.trimEnd()} ${lost.map((id) => `[@${id}]`).join('')}` : after;
}
