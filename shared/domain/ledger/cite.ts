/**
 * Where a ledger entry stands in a section's text as it is now, and the text with a citation mark put on the
 * entry's sentence. Pure: the editor's Figures panel fixes an unsupported figure with it.
 *
 * The ledger's offsets are those of the text last saved; a text edited since may have moved the figure. The
 * figure is then found again by its words, at the place nearest where it stood.
 */

export interface Placed {
  /** the figure */
  start: number;
  end: number;
  /** its sentence, or its table row */
  sentence: { start: number; end: number };
  row: boolean;
}

const SENTENCE_BREAK = /[.!?](?=\s|$)|\n/g;

/** The sentence around `at`: from after the previous sentence end (or line start) to its own end (or line end). */
function sentenceAround(content: string, start: number, end: number): { start: number; end: number } {
  const lineStart = content.lastIndexOf('\n', start - 1) + 1;
  const nl = content.indexOf('\n', end);
  const lineEnd = nl < 0 ? content.length : nl;
  let from = lineStart;
  SENTENCE_BREAK.lastIndex = lineStart;
  for (let m = SENTENCE_BREAK.exec(content); m && m.index < start; m = SENTENCE_BREAK.exec(content)) from = m.index + 1;
  SENTENCE_BREAK.lastIndex = end;
  const stop = SENTENCE_BREAK.exec(content);
  const to = stop && stop.index < lineEnd ? stop.index + 1 : lineEnd;
  while (from < to && /\s/.test(content[from]!)) from++;
  return { start: from, end: to };
}

/**
 * Finds the entry in `content`: at its offsets when the figure is still there, else the occurrence of its words
 * nearest its old place; null when the text no longer states it.
 */
export function placeFigure(content: string, entry: { start: number; end: number; text: string; sentence: { start: number; end: number } }): Placed | null {
  const rowAt = (s: number) => /^\s*\|/.test(content.slice(content.lastIndexOf('\n', s - 1) + 1, s + 1));
  if (content.slice(entry.start, entry.end) === entry.text && entry.sentence.end <= content.length) {
    return { start: entry.start, end: entry.end, sentence: { ...entry.sentence }, row: rowAt(entry.sentence.start) };
  }
  let best = -1;
  for (let i = content.indexOf(entry.text); i >= 0; i = content.indexOf(entry.text, i + 1)) {
    if (best < 0 || Math.abs(i - entry.start) < Math.abs(best - entry.start)) best = i;
  }
  if (best < 0) return null;
  const end = best + entry.text.length;
  const row = rowAt(best);
  if (row) {
    const lineStart = content.lastIndexOf('\n', best - 1) + 1;
    const nl = content.indexOf('\n', best);
    return { start: best, end, sentence: { start: lineStart, end: nl < 0 ? content.length : nl }, row };
  }
  return { start: best, end, sentence: sentenceAround(content, best, end), row };
}

/**
 * `content` with `[@id]` on the figure's sentence: in a table row, right after the figure (in its cell); in
 * prose, at the sentence's end, before its full stop and after any marks it carries ("… 11% [@c1] [@c2].").
 */
export function citeOnSentence(content: string, placed: Placed, citationId: string): { content: string; at: number } {
  const mark = ` [@${citationId}]`;
  let at: number;
  if (placed.row) at = placed.end;
  else {
    const sentence = content.slice(placed.sentence.start, placed.sentence.end);
    const body = sentence.replace(/\s+$/, '');
    const tail = /(?:\s*\[@[^\]\s]+\])+$/.exec(body);
    if (tail) at = placed.sentence.start + body.length;
    else if (/[.!?]$/.test(body)) at = placed.sentence.start + body.length - 1;
    else at = placed.sentence.start + body.length;
  }
  return { content: `${content.slice(0, at)}${mark}${content.slice(at)}`, at: at + mark.length };
}
