/**
 * Which evidence a model reads for one step: BM25 (minisearch) over every sentence of every evidence item,
 * one query per business dimension in scope (its name and its strongest lexicon terms, the step's own words
 * and the report's purpose), taken in turns so each dimension gets its share, until a token budget is spent;
 * budget left over goes to the sentences no query found, in document order.
 * Sentences keep their exact spans in the item's text, so a quote the model takes from them can be located.
 */
import MiniSearch from 'minisearch';
import { DIMENSIONS, type Dimension } from '@shared/schemas/analysis';
import type { DraftStep } from '@shared/schemas/report-document';
import { DIMENSION_LEXICONS, STOPWORDS } from '../text/lexicons';
import { splitSentences, stem } from '../text/text-analysis';

/** An evidence item as retrieval reads it: its full text, or (when only parts are known) exact parts of it. */
export interface RetrievalSource {
  id: string;
  title: string;
  /** known parts of the item's text, each at its offset in the full text (the full text is one part at 0) */
  parts: readonly { start: number; text: string }[];
}

export interface RetrievedSentence {
  evidence_id: string;
  start: number;
  end: number;
  text: string;
}

/** Characters per token, for the budget: a cautious estimate for English prose. */
const CHARS_PER_TOKEN = 4;
export const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);
/** Sentences indexed per draft at most (20 items of 50 pages hold about 30,000). */
const MAX_SENTENCES = 50_000;
const MAX_SENTENCE_CHARS = 1_200;

const STEP_WORDS: Record<DraftStep, string> = {
  findings: 'rose fell increased decreased grew declined percent margin cost supplier suppliers competitor customers staff',
  swot: 'competitor competitors market customers regulation opportunity threat advantage strength weakness',
  recommendations: 'should would like need plan propose invest improve reduce fix',
  roadmap: 'plan months timeline phase quarter first next',
  'executive-summary': 'most important priority overall biggest',
};

function queryFor(dimension: Dimension, step: DraftStep, purpose: string): string {
  const terms = Object.entries(DIMENSION_LEXICONS[dimension])
    .filter(([, w]) => w >= 3)
    .map(([t]) => t)
    .slice(0, 25);
  return `${dimension.replace('&', ' ')} ${terms.join(' ')} ${STEP_WORDS[step]} ${purpose}`.slice(0, 2000);
}

/** How retrieval reads a word: stop words dropped, the rest stemmed (also Ask's index, functions/domain/ask). */
export const processTerm = (term: string) => {
  const t = term.toLowerCase();
  return STOPWORDS.has(t) || t.length < 2 ? null : stem(t);
};

/** Every sentence of every source, with its exact span. */
export function sentencesOf(sources: readonly RetrievalSource[]): RetrievedSentence[] {
  const out: RetrievedSentence[] = [];
  for (const s of sources) {
    for (const part of s.parts) {
      for (const sentence of splitSentences(part.text)) {
        if (out.length >= MAX_SENTENCES) return out;
        const text = part.text.slice(sentence.start, sentence.end);
        if (text.length < 12 || text.length > MAX_SENTENCE_CHARS) continue;
        out.push({ evidence_id: s.id, start: part.start + sentence.start, end: part.start + sentence.end, text });
      }
    }
  }
  return out;
}

export interface RetrievalRequest {
  step: DraftStep;
  /** dimensions in scope (the rest are not asked about) */
  dimensions: readonly Dimension[];
  purpose?: string;
  /** tokens of evidence at most */
  tokenBudget: number;
}

/**
 * The sentences to show for `request`: each dimension's best BM25 hits in turn (the first of each, then
 * the second of each, …), no sentence twice, until the budget is spent. In document order within an item.
 */
export function retrieve(sources: readonly RetrievalSource[], request: RetrievalRequest): RetrievedSentence[] {
  const sentences = sentencesOf(sources);
  if (!sentences.length) return [];
  const index = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], processTerm });
  index.addAll(sentences.map((s, id) => ({ id, text: s.text })));
  const dims = request.dimensions.length ? request.dimensions : DIMENSIONS;
  const lists = dims.map((d) => index.search(queryFor(d, request.step, request.purpose ?? ''), { combineWith: 'OR' }).map((h) => h.id as number));
  const chosen = new Set<number>();
  let spent = 0;
  for (let rank = 0; lists.some((l) => rank < l.length); rank++) {
    for (const list of lists) {
      const id = list[rank];
      if (id === undefined || chosen.has(id)) continue;
      const cost = estimateTokens(sentences[id]!.text) + 1;
      if (spent + cost > request.tokenBudget) return ordered(sentences, chosen);
      spent += cost;
      chosen.add(id);
    }
  }
  // what no query found still fills what is left of the budget, in document order (small evidence is shown whole)
  for (let id = 0; id < sentences.length; id++) {
    if (chosen.has(id)) continue;
    const cost = estimateTokens(sentences[id]!.text) + 1;
    if (spent + cost > request.tokenBudget) break;
    spent += cost;
    chosen.add(id);
  }
  return ordered(sentences, chosen);
}

function ordered(sentences: readonly RetrievedSentence[], chosen: ReadonlySet<number>): RetrievedSentence[] {
  return [...chosen].sort((a, b) => a - b).map((i) => sentences[i]!);
}
