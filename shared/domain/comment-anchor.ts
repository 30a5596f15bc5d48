/**
 * A comment on a range of text keeps its place when the text around it changes: the range is stored
 * as the quoted text with a little context before and after it (and where it was), and found again in the
 * current text. Exact first (the context picks between repeats); otherwise fuzzily with diff-match-patch's
 * match_main (Bitap), which finds a pattern of up to 32 characters near an expected place despite edits; a long
 * quote is found by its start and its end. Pure.
 */
import DiffMatchPatch from 'diff-match-patch';

export interface TextQuote {
  /** the quoted text */
  exact: string;
  /** up to CONTEXT characters before it, and after it, when it was quoted */
  prefix: string;
  suffix: string;
  /** where it started then (a hint: the nearest match wins) */
  start: number;
}

export interface Located {
  from: number;
  to: number;
  /** the text found there (differs from `exact` when it was edited) */
  text: string;
  exact: boolean;
}

/** Characters of context kept either side of a quote. */
const QUOTE_CONTEXT = 32;

/** The quote of `text.slice(from, to)`, ready to store. */
export function quoteOf(text: string, from: number, to: number): TextQuote {
  return { exact: text.slice(from, to), prefix: text.slice(Math.max(0, from - QUOTE_CONTEXT), from), suffix: text.slice(to, to + QUOTE_CONTEXT), start: from };
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function matcher(): DiffMatchPatch {
  const dmp = new DiffMatchPatch();
  // how bad a match may be (0 exact … 1 anything) and how far from the expected place it may lie
  dmp.Match_Threshold = 0.4;
  dmp.Match_Distance = 2000;
  return dmp;
}

/** Every place `exact` occurs in `text`, scored by how much of the stored context still surrounds it. */
function exactMatches(text: string, quote: TextQuote): Located | undefined {
  let best: { at: number; score: number } | undefined;
  for (let at = text.indexOf(quote.exact); at >= 0; at = text.indexOf(quote.exact, at + 1)) {
    const score =
      commonSuffixLength(text.slice(Math.max(0, at - quote.prefix.length), at), quote.prefix) +
      commonPrefixLength(text.slice(at + quote.exact.length, at + quote.exact.length + quote.suffix.length), quote.suffix) -
      Math.abs(at - quote.start) / 1e6;
    if (!best || score > best.score) best = { at, score };
    if (!quote.exact) break;
  }
  return best ? { from: best.at, to: best.at + quote.exact.length, text: quote.exact, exact: true } : undefined;
}

/**
 * Where the quote is in `text` now, or null when it cannot be found (deleted or rewritten beyond recognition):
 * the comment then stays on its section, marked as no longer pointing at its text.
 */
export function locateQuote(text: string, quote: TextQuote): Located | null {
  if (!quote.exact) return null;
  const exact = exactMatches(text, quote);
  if (exact) return exact;
  const dmp = matcher();
  const bits = dmp.Match_MaxBits;
  const hint = Math.min(Math.max(0, quote.start), text.length);
  const head = quote.exact.slice(0, bits);
  let from = dmp.match_main(text, head, hint);
  if (from < 0 && quote.prefix) {
    // the quote's start was edited: find what came before it
    const before = quote.prefix.slice(-bits);
    const at = dmp.match_main(text, before, Math.max(0, hint - before.length));
    if (at >= 0) from = at + before.length;
  }
  if (from < 0) return null;
  let to: number;
  if (quote.exact.length <= bits) {
    to = from + quote.exact.length;
    // an edit inside a short quote: its end is where the stored suffix begins, when that is near
    if (quote.suffix) {
      const after = quote.suffix.slice(0, bits);
      const at = dmp.match_main(text, after, to);
      if (at >= from && Math.abs(at - to) <= Math.max(4, quote.exact.length / 2)) to = at;
    }
  } else {
    const tail = quote.exact.slice(-bits);
    const at = dmp.match_main(text, tail, from + quote.exact.length - tail.length);
    if (at < from) return null;
    to = at + tail.length;
  }
  to = Math.min(to, text.length);
  const length = to - from;
  // something of a wholly different size is not the quoted text
  if (length <= 0 || length < quote.exact.length / 2 || length > quote.exact.length * 2) return null;
  return { from, to, text: text.slice(from, to), exact: false };
}
