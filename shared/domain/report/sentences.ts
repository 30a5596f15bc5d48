/**
 * Sentences as the composed report and the deck use them: a text's first sentence (a finding's action title)
 * and the rest, and a sentence as a title. Shared by compose (Word and PDF body) and the PPTX story.
 */

export const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * A text's first sentence and the rest. A sentence ends at . ! or ? followed by white space and a capital,
 * a digit or an opening quote (so "36.5%" and "e.g. this" do not end one), or at the end of the text.
 */
export function splitFirstSentence(text: string): { first: string; rest: string } {
  const t = flat(text);
  const m = /^(.+?[.!?])(?=\s+[A-Z0-9“"‘(£$€]|$)/.exec(t);
  if (!m) return { first: t, rest: '' };
  return { first: m[1]!, rest: t.slice(m[1]!.length).trim() };
}

/** A title from a sentence: no full stop at the end (titles carry none), its first letter a capital. */
export function asTitle(sentence: string): string {
  const t = flat(sentence).replace(/(?<![.][.])[.]$/, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}
