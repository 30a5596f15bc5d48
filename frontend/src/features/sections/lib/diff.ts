/**
 * Word diffs for AI Enhance, history and conflicts, and citation checks of a rewrite.
 *
 * The diff is Myers' O(ND) algorithm run forward over word tokens: every run of equal words is taken as early
 * as it can be, so a rewrite reads word by word ("is able to" → "can": "is" replaced by "can", then "able to "
 * removed). diff-match-patch (the app's diff library, which re-anchors comments) finds diffs as short, but
 * settles ties the other way: it takes the common end first and slides changes together into one.
 */
import { citationKeysIn } from '@shared/domain/report/citations';

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/** Letters and digits of the Latin scripts (with diacritics), the soft hyphen and the underscore. */
const WORD_CHARS = 'a-zA-Z0-9_\\u{AD}\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2C6}\\u{2C8}-\\u{2D7}\\u{2DE}-\\u{2FF}\\u{1E00}-\\u{1EFF}';
/** Tokens: a newline each, a word, a run of other white space, any other character alone. */
const TOKEN = new RegExp(`(\\r?\\n)|[${WORD_CHARS}]+|[^\\S\\n\\r]+|[^${WORD_CHARS}]`, 'gu');

/** A run of tokens kept, added or removed; the runs of a path are linked backwards. */
interface Run {
  count: number;
  kind: DiffPart['kind'];
  previous: Run | undefined;
}
/** The furthest-reaching path on a diagonal: how far it got in the old tokens, and its last run. */
interface Path {
  oldPos: number;
  last: Run | undefined;
}

function parts(last: Run | undefined, before: readonly string[], after: readonly string[]): DiffPart[] {
  const runs: Run[] = [];
  for (let run = last; run; run = run.previous) runs.push(run);
  runs.reverse();
  let oldPos = 0;
  let newPos = 0;
  return runs.map(({ count, kind }) => {
    if (kind === 'removed') {
      oldPos += count;
      return { text: before.slice(oldPos - count, oldPos).join(''), kind };
    }
    newPos += count;
    if (kind === 'same') oldPos += count;
    return { text: after.slice(newPos - count, newPos).join(''), kind };
  });
}

export function wordDiff(beforeText: string, afterText: string): DiffPart[] {
  const before = beforeText.match(TOKEN) ?? [];
  const after = afterText.match(TOKEN) ?? [];
  const oldLen = before.length;
  const newLen = after.length;
  /** Follows equal tokens along `path`'s diagonal as far as they go; answers the position reached in `after`. */
  const follow = (path: Path, diagonal: number): number => {
    let oldPos = path.oldPos;
    let newPos = oldPos - diagonal;
    let common = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && before[oldPos + 1] === after[newPos + 1]) {
      newPos++;
      oldPos++;
      common++;
    }
    if (common) path.last = { count: common, kind: 'same', previous: path.last };
    path.oldPos = oldPos;
    return newPos;
  };
  const extend = (path: Path, kind: 'added' | 'removed'): Path => {
    const last = path.last;
    const oldPos = path.oldPos + (kind === 'removed' ? 1 : 0);
    if (last?.kind === kind) return { oldPos, last: { count: last.count + 1, kind, previous: last.previous } };
    return { oldPos, last: { count: 1, kind, previous: last } };
  };

  const start: Path = { oldPos: -1, last: undefined };
  const startNewPos = follow(start, 0);
  if (start.oldPos + 1 >= oldLen && startNewPos + 1 >= newLen) return parts(start.last, before, after);
  const best = new Map<number, Path>([[0, start]]);
  // once a path reaches the end of one text, diagonals beyond it need not be tried again
  let lowest = -Infinity;
  let highest = Infinity;
  for (let edits = 1; edits <= oldLen + newLen; edits++) {
    for (let diagonal = Math.max(lowest, -edits); diagonal <= Math.min(highest, edits); diagonal += 2) {
      const removePath = best.get(diagonal - 1);
      const addPath = best.get(diagonal + 1);
      if (removePath) best.delete(diagonal - 1);
      const addNewPos = addPath ? addPath.oldPos - diagonal : -1;
      const canAdd = addPath !== undefined && addNewPos >= 0 && addNewPos < newLen;
      const canRemove = removePath !== undefined && removePath.oldPos + 1 < oldLen;
      if (!canAdd && !canRemove) {
        best.delete(diagonal);
        continue;
      }
      // from the path that got furthest in the old text (a removal on a tie)
      const path = !canRemove || (canAdd && removePath.oldPos < addPath.oldPos) ? extend(addPath!, 'added') : extend(removePath, 'removed');
      const newPos = follow(path, diagonal);
      if (path.oldPos + 1 >= oldLen && newPos + 1 >= newLen) return parts(path.last, before, after);
      best.set(diagonal, path);
      if (path.oldPos + 1 >= oldLen) highest = Math.min(highest, diagonal - 1);
      if (newPos + 1 >= newLen) lowest = Math.max(lowest, diagonal + 1);
    }
  }
  // not reached: a path ends at oldLen + newLen edits at the latest
  return [...(oldLen ? [{ text: beforeText, kind: 'removed' as const }] : []), ...(newLen ? [{ text: afterText, kind: 'added' as const }] : [])];
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
