/**
 * The local provider's answer to a question: extractive. Of the passages retrieved, those that answer it
 * are quoted, each naming its source ("According to Board pack: FY2024 trading review, “Gross margin was
 * 36.5%…”"). A passage answers when it holds most of the question's content words, every figure and name the
 * question states, and a figure when the question asks for a quantity. When none does, the answer is empty:
 * the evidence does not answer, and nothing is guessed.
 */
import { ask as t } from '@shared/messages/ask';
import { entitiesOf, figuresOf } from '../text/grounding';
import { STOPWORDS } from '../text/lexicons';
import type { AskInput, AskPassage, AskProposal, ProposedSentence } from '../port/analysis-provider';
import { tokenize } from '../text/text-analysis';

const LOCAL_ASK_MODEL = 'assay-local-ask-1';

/** Words of a question that name no topic. */
const QUESTION_WORDS = new Set(
  'what how much many long fast often far big large high low which who whom whose when where why tell me about across give list state say said says current currently latest figure value number level stand stood the company firm organisation organization year last this their its according evidence source sources'.split(
    ' ',
  ),
);

/** A question that asks for a quantity: its answer must state a figure. */
const QUANTITY = /\b(?:how (?:much|many|long|often|far|fast|big|large|high|low)|by how|what (?:share|percentage|proportion|rate|level)|percentage|per ?cent|rate|share|number of|amount|cost|margin|score|growth|figure)\b/i;

/** Answer sentences at most, and how close to the best a further passage must score. */
const MAX_SENTENCES = 3;
const NEAR_BEST = 0.5;

/** Irregular forms read as their verb, so "growth" finds "grew" ("rose", "fell", "spent", "took" likewise). */
const FORMS: Record<string, string> = {
  grew: 'grow', grown: 'grow', growth: 'grow', growing: 'grow', rose: 'rise', risen: 'rise', rising: 'rise', fell: 'fall', fallen: 'fall',
  falling: 'fall', spent: 'spend', spending: 'spend', took: 'take', taken: 'take', taking: 'take', paid: 'pay', cost: 'cost', costing: 'cost',
};

/** A word as the question and the passages are compared: stemmed, irregular forms and -ing/-ed endings read as the verb. */
function wordOf(stemmed: string): string {
  const w = FORMS[stemmed] ?? stemmed;
  if (w !== stemmed) return w;
  if (w.length > 6 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 5 && w.endsWith('ed')) return w.slice(0, -2);
  return w;
}
const wordsOf = (text: string) => tokenize(text).map((x) => wordOf(x.stem));

export interface Terms {
  content: string[];
  figures: number[];
  names: string[];
  quantity: boolean;
}

/** What a passage must hold to answer `question`. */
export function termsOf(question: string, ignore: readonly string[] = []): Terms {
  const skip = new Set(ignore.flatMap((w) => wordsOf(w)));
  const content = [...new Set(wordsOf(question))].filter((w) => w.length > 1 && !STOPWORDS.has(w) && !QUESTION_WORDS.has(w) && !skip.has(w) && !/^\d+$/.test(w));
  const lowerIgnore = ignore.map((w) => w.toLowerCase());
  const names = entitiesOf(question).filter((n) => !lowerIgnore.some((w) => w.includes(n.toLowerCase()) || n.toLowerCase().includes(w)));
  return { content, figures: figuresOf(question), names, quantity: QUANTITY.test(question) };
}

/** Whether `passage` answers a question with these terms. */
export function answers(passage: Pick<AskPassage, 'text' | 'title'>, terms: Terms): boolean {
  const words = new Set(wordsOf(passage.text));
  const titleWords = new Set(wordsOf(passage.title));
  const n = terms.content.length;
  if (n === 0) return false;
  const held = terms.content.filter((w) => words.has(w)).length;
  const need = n <= 2 ? n : Math.ceil(0.6 * n);
  if (held < need) return false;
  const figures = new Set(figuresOf(passage.text));
  if (terms.figures.some((f) => !figures.has(f))) return false;
  if (terms.quantity && figures.size === 0) return false;
  for (const name of terms.names) {
    const parts = wordsOf(name);
    if (!parts.every((p) => words.has(p) || titleWords.has(p))) return false;
  }
  return true;
}

const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The sentence that quotes a passage and names its source. */
const quoteSentence = (p: Pick<AskPassage, 'title' | 'text'>) => `${t.according(p.title)} “${p.text.trim()}”`;

export function answerLocally(input: AskInput): AskProposal {
  const terms = termsOf(input.question, input.ignore);
  const fitting = input.passages.filter((p) => answers(p, terms));
  // where some passages state a figure for it, a passage that states none (a table's header) answers less
  const withFigures = fitting.filter((p) => figuresOf(p.text).length > 0);
  const fit = withFigures.length ? withFigures : fitting;
  const best = fit[0]?.score ?? 0;
  const chosen: AskPassage[] = [];
  for (const p of fit) {
    if (chosen.length >= MAX_SENTENCES || p.score < best * NEAR_BEST) break;
    if (chosen.some((c) => plain(c.text) === plain(p.text))) continue;
    chosen.push(p);
  }
  const sentences: ProposedSentence[] = chosen.map((p) => ({ text: quoteSentence(p), source: p.ref, quote: p.text }));
  return { sentences, model: LOCAL_ASK_MODEL, prompt: JSON.stringify({ question: input.question, passages: input.passages.map((p) => [p.evidence_id, p.start, p.end]) }) };
}
