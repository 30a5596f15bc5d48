/**
 * A fix of the Figures panel written into a section's text (the fixes are found by `fixes.ts`): a correction
 * replaces the figure's words with the cited value and puts the citation on the sentence; a computation is written
 * after the figure with its operands and their citations ("13 points (91% [@c1] − 78% [@c2])"), so the ledger
 * finds the figure derived from the cited figures of its sentence and checks it again on every save. Citations of
 * another section are copied into this one. Pure: the editor applies it to the text as it is now.
 */
import type { Citation } from '../../schemas/report-document';
import { citationFingerprint } from '../report/citations';
import { citeOnSentence, placeFigure, type Placed } from './cite';
import type { CitedRef, Correction, Derivation } from './fixes';
import type { LedgerEntry } from './ledger';

/** What a computation inserts after the figure: its operands with their citations ("(91% [@c1] − 78% [@c2])"). */
function derivationWritten(d: Pick<Derivation, 'op' | 'operands'>, ids: readonly [string, string]): string {
  const [a, b] = d.operands;
  const x = `${a.text} [@${ids[0]}]`;
  const y = `${b.text} [@${ids[1]}]`;
  switch (d.op) {
    case 'minus':
      return ` (${x} − ${y})`;
    case 'plus':
      return ` (${x} + ${y})`;
    case 'over':
      return ` (${x} ÷ ${y})`;
    case 'growth':
      return ` ((${x} − ${y}) ÷ ${b.text})`;
  }
}

/** `content` with the figure replaced by `text`, and `[@citationId]` put on its sentence when it is not there. */
function correctedText(content: string, placed: Placed, text: string, citationId: string): string {
  const next = `${content.slice(0, placed.start)}${text}${content.slice(placed.end)}`;
  const delta = text.length - (placed.end - placed.start);
  const sentence = { start: placed.sentence.start, end: placed.sentence.end + delta };
  if (next.slice(sentence.start, sentence.end).includes(`[@${citationId}]`)) return next;
  return citeOnSentence(next, { ...placed, end: placed.start + text.length, sentence }, citationId).content;
}

/**
 * A citation of another part made one of this section's: the same passage under the id it has here, else under
 * its own id, else (its id names another passage here) under a new id.
 */
export function borrowCitation(own: readonly Citation[], borrowed: Citation, newId: () => string): { citations: Citation[]; id: string } {
  const print = citationFingerprint({ ...borrowed, id: '' });
  const same = own.find((c) => citationFingerprint({ ...c, id: '' }) === print);
  if (same) return { citations: [...own], id: same.id };
  const id = own.some((c) => c.id === borrowed.id) ? newId() : borrowed.id;
  const { broken: _, ...kept } = borrowed;
  return { citations: [...own, { ...kept, id }], id };
}

export type FigureFix = ({ kind: 'correction' } & Correction) | ({ kind: 'derivation' } & Derivation);

/**
 * A section's text and citations with a fix written in: the figure found again in the text as it is now, the
 * citations the fix uses taken from where they are cited (`citationOf`). Null when the text no longer states the
 * figure or a citation is no longer there.
 */
export function applyFix(
  section: { content: string; citations: readonly Citation[] },
  entry: Pick<LedgerEntry, 'start' | 'end' | 'text' | 'sentence'>,
  fix: FigureFix,
  citationOf: (ref: CitedRef) => Citation | undefined,
  newId: () => string,
): { content: string; citations: Citation[] } | null {
  const placed = placeFigure(section.content, entry);
  if (!placed) return null;
  let citations = [...section.citations];
  const idOf = (ref: CitedRef): string | null => {
    const c = citationOf(ref);
    if (!c) return null;
    const borrowed = borrowCitation(citations, c, newId);
    citations = borrowed.citations;
    return borrowed.id;
  };
  if (fix.kind === 'correction') {
    const id = idOf(fix);
    return id ? { content: correctedText(section.content, placed, fix.text, id), citations } : null;
  }
  const a = idOf(fix.operands[0]);
  const b = idOf(fix.operands[1]);
  if (!a || !b) return null;
  const at = placed.end;
  return { content: `${section.content.slice(0, at)}${derivationWritten(fix, [a, b])}${section.content.slice(at)}`, citations };
}
