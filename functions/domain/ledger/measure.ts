/**
 * The measure a figure belongs to, read as the drafting analyst reads it: the one adapter between the ledger
 * and the analyst's reading, so a new reader replaces this function only. Today's reading: the analyst's
 * measure table (ai's `measuresIn`); a figure belongs to the nearest measure named before it in its sentence,
 * else to the first named after it.
 */
import type { MeasureReader } from '@shared/domain/ledger/ledger';
import { measuresIn } from '../ai/index';

export const measureOf: MeasureReader = (sentence, figure) => {
  const found = measuresIn(sentence.toLowerCase());
  if (!found.length) return null;
  const before = found.filter((m) => m.end <= figure.start);
  const chosen = before.length ? before[before.length - 1]! : (found.find((m) => m.start >= figure.end) ?? found[0]!);
  return chosen.measure.name;
};
