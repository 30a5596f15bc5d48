/**
 * The evaluator's own reading of sentences. Faithfulness (clauses, the measure a figure belongs to, the direction
 * a clause states) is the epilogue's check, read with wink-nlp's tokens directly and not through the analyst's
 * reader (functions/domain/ai/drafting/faithfulness.ts): the evaluation measures the same check every draft
 * passes. Here: whether a sentence is a fragment, and the words a sentence may start with.
 */
import { CHANGE_WORDS, type ClauseToken, loadFaithfulness, tokensOf, VERB_WORDS, verbAt } from '../../functions/domain/ai/drafting/faithfulness';

await loadFaithfulness();

type EvalToken = ClauseToken;

// ── fragments ───────────────────────────────────────────────────────────────────────────────────────────

/** Words that may start a recommendation: imperative verbs of management work. */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
  (
    'accelerate address align automate build close consolidate cut decide defend diversify enter establish expand fix grow improve ' +
    'increase introduce invest launch lead lift lower modernise modernize move negotiate pilot prepare price prioritise prioritize protect ' +
    'qualify raise rebuild recover reduce refocus reinforce renegotiate replace reprice reset resolve restore retain review secure ' +
    'shift shorten simplify speed stabilise stabilize standardise standardize strengthen streamline tighten upgrade win bring second-source ' +
    'dual-source recruit train hedge quantify reconcile capture pass clear plan bid roll scale sell cross-sell renew digitise digitize ' +
    'enforce shut sell simplify exit merge partner acquire hire retrain redesign rebalance rationalise rationalize renegotiate retender ' +
    'outsource insource centralise centralize decentralise decentralize measure monitor track report publish communicate engage protect ' +
    'sustain keep use build grow deliver implement adopt create develop defend mitigate prevent avoid limit cap remove drop stop start ' +
    'phase set agree approve fund resource staff equip connect integrate migrate consolidate extend shorten lengthen lower raise respond answer counter match compete prepare'
  ).split(/\s+/),
);

/** Words a sentence cannot end with (a preposition may: "a strength to build on"). */
const DANGLING: ReadonlySet<string> = new Set(['a', 'an', 'the', 'and', 'or', 'than', 'its', 'their', 'our', 'whose']);

/**
 * Why a sentence of the draft is not a sentence, or null when it is one: no verb, a dangling last word, a word
 * torn from the start of an evidence sentence and written mid-sentence with its capital ("in Median", "in
 * Gross"), a word twice in a row, brackets that do not close.
 */
export function fragmentProblem(sentence: string, sentenceStartsOnly: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  const all = tokensOf(sentence).flat();
  const words = all.filter((t) => /\p{L}/u.test(t.text));
  if (words.length < 3) return null;
  // a verb by the tagger, or a word that is one (the tagger reads "accounts for", "cost £1.1m", an imperative "Clear …" as nouns)
  const verbWord = (t: EvalToken) => VERB_WORDS.has(t.lower) || CHANGE_WORDS.has(t.lower) || ACTION_VERBS.has(t.lower) || ACTION_VERBS.has(t.lower.replace(/e?s$/, '')) || /^(?:costs?|plans?|stalls?|offers?|says?|asks?|wants?|needs?|uses?|holds?|serves?|sits?)$/.test(t.lower);
  const pastAfterNoun = (k: number) => /ed$/.test(all[k]!.lower) && ['NOUN', 'PROPN', 'PRON'].includes(all[k - 1]?.pos ?? '');
  if (!all.some((t, k) => verbAt(all, k) || verbWord(t) || pastAfterNoun(k))) return 'no verb';
  const last = words.at(-1)!.lower;
  if (DANGLING.has(last) && /[\p{L}]$/u.test(sentence.replace(/[.!?…"”')\]]+$/u, ''))) return `ends with "${last}"`;
  for (let i = 1; i < all.length; i++) {
    const t = all[i]!;
    const followers = sentenceStartsOnly.get(t.text);
    // the word after it is its next word ("Larch & Co": "co"), as sentenceStartWords reads it
    const nextWord = all.slice(i + 1).find((x) => /\p{L}/u.test(x.text))?.lower ?? '';
    // (a quotation opens a sentence of its own: "According to the COO notes: “Cyber: 2 attempted …”")
    if (/^\p{Lu}\p{Ll}+$/u.test(t.text) && followers && !/[.:!?“]/.test(all[i - 1]!.text) && !followers.has(nextWord)) return `"${t.text}" is a sentence's first word out of its place`;
    if (t.lower === all[i - 1]!.lower && /\p{L}/u.test(t.text) && t.lower !== 'had' && t.lower !== 'that') return `"${t.text}" twice`;
  }
  const opens = (sentence.match(/\(/g) ?? []).length;
  const closes = (sentence.match(/\)/g) ?? []).length;
  if (opens !== closes) return 'brackets do not close';
  return null;
}

/**
 * Capitalised words that the evidence writes with a capital only where a sentence or line starts ("Median",
 * "Gross"), each with the words that follow it there: a draft that writes one mid-sentence before another word
 * ("in Median is 11 hours") has torn it from its phrase ("Median first response time"); before the same word
 * ("Asian competitors") it quotes the phrase.
 */
export function sentenceStartWords(texts: Iterable<string>): Map<string, Set<string>> {
  const starts = new Map<string, Set<string>>();
  const inside = new Set<string>();
  for (const text of texts) {
    for (const line of text.split(/\n/)) {
      const pieces = line.split(/(?<=[.!?:;])\s+|\s+[–—-]\s+|(?:^|\s)[-•*|]\s+|\|/);
      for (const piece of pieces) {
        const ws = piece.trim().match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
        ws.forEach((w, i) => {
          if (!/^\p{Lu}\p{Ll}+$/u.test(w)) return;
          if (i > 0) inside.add(w);
          else starts.set(w, (starts.get(w) ?? new Set()).add(ws[1]?.toLowerCase() ?? ''));
        });
      }
    }
  }
  for (const w of inside) starts.delete(w);
  return starts;
}
