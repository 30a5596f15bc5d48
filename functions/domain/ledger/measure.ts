/**
 * The measure a figure belongs to, read as the drafting analyst reads it: the one adapter between the ledger
 * and the analyst's reading, so a new reader replaces this function only. Today's reading: the analyst's
 * measure table (ai's `measuresIn`); a figure belongs to the nearest measure named before it in its sentence,
 * else to the first named after it. A segment named right after the measure ("revenue in region 7", "margin
 * in the North", "churn for Enterprise") is part of it: two regions' revenues are two measures, not a
 * disagreement. A period there ("in FY2024", "in March") is the figure's period, not a segment.
 */
import type { MeasureReader } from '@shared/domain/ledger/ledger';
import { measuresIn } from '../ai/index';

/** The last sentence's measures: a sentence's figures are read one after another, and it is read once for them. */
let last: { sentence: string; found: ReturnType<typeof measuresIn> } | undefined;

export const measureOf: MeasureReader = (sentence, figure) => {
  if (last?.sentence !== sentence) last = { sentence, found: measuresIn(sentence.toLowerCase()) };
  const { found } = last;
  if (!found.length) return null;
  const before = found.filter((m) => m.end <= figure.start);
  const chosen = before.length ? before[before.length - 1]! : (found.find((m) => m.start >= figure.end) ?? found[0]!);
  const segment = chosen.end <= figure.start ? segmentAfter(sentence.slice(chosen.end, figure.start)) : null;
  return segment ? `${chosen.measure.name} (${segment})` : chosen.measure.name;
};

const SEGMENT = /^\s+(?:in|for|at|across)\s+((?:the\s+)?[A-Za-z0-9&'’.-]+(?:\s+[A-Z0-9][\w&'’.-]*)*)/;
const PERIOD = /^(?:the\s+)?(?:FY\s?\d{2,4}|H[12]|Q[1-4]|(?:19|20)\d{2}|January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b/i;

/** The segment a measure is named for, when the words after it say one: it holds a capital or a number, and is no period. */
function segmentAfter(between: string): string | null {
  const m = SEGMENT.exec(between);
  if (!m) return null;
  const words = m[1]!.trim();
  if (PERIOD.test(words) || !/[A-Z0-9]/.test(words)) return null;
  return words.replace(/^the\s+/i, '');
}
