/**
 * Deterministic text analysis: tokens, sentences with character offsets, lexicon hits per business
 * dimension, dimension scores and sentence ranking. Pure functions; the same text always gives the same
 * result.
 */
import { DIMENSIONS, type Dimension } from '@shared/schemas/analysis';
import { DIMENSION_LEXICONS, STOPWORDS } from './lexicons';

// ── tokens ──────────────────────────────────────────────────────────────────────────────────────────

export interface Token {
  /** lower-case, plural-stripped form used for matching */
  stem: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:[&'’][\p{L}\p{N}]+)*/gu;

/** Lower-cases and strips plural and possessive endings; nothing more, so matches stay predictable. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses') || w.endsWith('xes') || w.endsWith('ches') || w.endsWith('shes')) return w.slice(0, -2);
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w;
  if (w.endsWith('s')) w = w.slice(0, -1);
  return w;
}

export function tokenize(text: string, from = 0, to = text.length): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = from;
  for (let m = WORD.exec(text); m && m.index < to; m = WORD.exec(text)) {
    tokens.push({ stem: stem(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** The stems of a term or phrase as the lexicon matcher sees them ("e-commerce" → ["e", "commerce"]). */
export const termStems = (term: string): string[] => tokenize(term).map((t) => t.stem);

// ── lexicon matching ────────────────────────────────────────────────────────────────────────────────

interface Phrase {
  stems: string[];
  /** weight per dimension the phrase belongs to */
  weights: Partial<Record<Dimension, number>>;
}

/** Phrases indexed by their first stem, longest first. Built once. */
const PHRASES: ReadonlyMap<string, Phrase[]> = (() => {
  const byKey = new Map<string, Phrase>();
  for (const dim of DIMENSIONS) {
    for (const [term, weight] of Object.entries(DIMENSION_LEXICONS[dim])) {
      const stems = termStems(term);
      if (!stems.length) continue;
      const key = stems.join(' ');
      const phrase = byKey.get(key) ?? { stems, weights: {} };
      phrase.weights[dim] = Math.max(phrase.weights[dim] ?? 0, weight);
      byKey.set(key, phrase);
    }
  }
  const index = new Map<string, Phrase[]>();
  for (const phrase of byKey.values()) {
    const list = index.get(phrase.stems[0]!) ?? [];
    list.push(phrase);
    index.set(phrase.stems[0]!, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return index;
})();

export interface Hit {
  dimension: Dimension;
  weight: number;
  /** index of the first token */
  token: number;
}

/** Lexicon hits, longest phrase first: the words of a matched phrase are not counted again. */
function lexiconHits(tokens: readonly Token[]): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; ) {
    const candidates = PHRASES.get(tokens[i]!.stem);
    const match = candidates?.find((p) => p.stems.every((s, k) => tokens[i + k]?.stem === s));
    if (!match) {
      i++;
      continue;
    }
    for (const dim of DIMENSIONS) {
      const weight = match.weights[dim];
      if (weight) hits.push({ dimension: dim, weight, token: i });
    }
    i += match.stems.length;
  }
  return hits;
}

export type DimensionWeights = Record<Dimension, number>;

const zeroWeights = (): DimensionWeights =>
  Object.fromEntries(DIMENSIONS.map((d) => [d, 0])) as DimensionWeights;

function weightsOf(hits: readonly Hit[]): DimensionWeights {
  const weights = zeroWeights();
  for (const hit of hits) weights[hit.dimension] += hit.weight;
  return weights;
}

// ── sentences ───────────────────────────────────────────────────────────────────────────────────────

export interface Sentence {
  start: number;
  end: number;
  /** position among the document's sentences */
  index: number;
}

const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'inc', 'ltd', 'co', 'corp', 'plc', 'llc', 'mr', 'mrs', 'ms', 'dr', 'prof', 'no', 'approx',
  'fig', 'dept', 'est', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'st', 'u.s',
  'u.k', 'e.u', 'p.a', 'cf', 'al',
]);

const LONGEST_ABBREVIATION = Math.max(...[...ABBREVIATIONS].map((a) => a.length));

/** [\p{L}.] for one UTF-16 unit, without a regex for ASCII (the common case, and hostile runs of it). */
function isLetterOrDot(code: number): boolean {
  if (code < 128) return code === 46 || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return /\p{L}/u.test(String.fromCharCode(code));
}

/** \s for one UTF-16 unit, without a regex for ASCII. */
function isSpaceCode(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(String.fromCharCode(code));
}

/** Leading list markers that are not part of a sentence: "- ", "• ", "* ", "1. ", "a) ". */
const BULLET = /^(?:[-•*▪◦–—]+|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+/i;

/**
 * Whether a single capital letter ends a list of grades or categories, not a name ("rated condition C or D.",
 * "grades A and B.", "in band C."): the words before it are a category's noun, or a letter joined to it by "or" or "and".
 */
export function letterOfAList(before: string): boolean {
  return /(?:\b\p{Lu}\s*(?:,|or|and|to|-|–)\s*|\b(?:grade|grades|band|bands|category|categories|condition|class|level|tier|type|phase|option|plan|rated|rating|zone)\s+)$/u.test(before);
}

/** Whether the period at `dot` ends a sentence (not an abbreviation, an initial or a decimal point). */
function endsSentence(text: string, dot: number): boolean {
  if (text[dot] !== '.') return true;
  let w = dot;
  while (w > 0 && isLetterOrDot(text.charCodeAt(w - 1))) w--;
  if (dot - w > LONGEST_ABBREVIATION) return true; // a long word: neither an abbreviation nor an initial
  const word = text.slice(w, dot).toLowerCase();
  if (ABBREVIATIONS.has(word)) return false;
  if (/^\p{L}$/u.test(word) && /\p{Lu}/u.test(text[dot - 1]!)) return !letterOfAList(text.slice(Math.max(0, w - 40), w)); // an initial: "J. Smith"
  return true;
}

/** A run of sentence punctuation with its closing quotes and brackets (never a line break). */
const TERMINATOR = /[.!?]+["'”’)\]]*/gu;
const OPENING_QUOTES = '"\'“‘(';

/**
 * Whether a sentence may start after the terminator ending at `end`: white space, an optional opening quote,
 * then a capital or a digit. Only the white space right after this terminator is read, so every character is
 * read at most once over the whole text.
 */
function sentenceFollows(text: string, end: number): boolean {
  let j = end;
  while (j < text.length && isSpaceCode(text.charCodeAt(j))) j++;
  if (j === end) return false;
  if (OPENING_QUOTES.includes(text[j] ?? '\n')) j++;
  const next = text.codePointAt(j);
  return next !== undefined && /[\p{Lu}\p{N}]/u.test(String.fromCodePoint(next));
}

/**
 * Sentences as spans of `text`: split at line breaks and at . ! ? followed by space and a capital, digit or
 * quote; trimmed of white space and leading list markers. Lines starting with "#" (headings such as
 * "# Sheet: …") are not sentences.
 * Linear time: one pass over the text finds each run of punctuation once (no regex backtracks over a run or
 * rescans the text line by line), so 200,000 dots, digits or line breaks cost what 200,000 letters do.
 */
export function splitSentences(text: string): Sentence[] {
  const spans: Array<[number, number]> = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    const bullet = BULLET.exec(text.slice(start, Math.min(end, start + 12)));
    if (bullet) start += bullet[0].length;
    while (start < end && /\s/.test(text[start]!)) start++;
    if (end > start && text[start] !== '#') spans.push([start, end]);
  };
  const terminator = new RegExp(TERMINATOR.source, 'gu');
  let next = terminator.exec(text);
  let lineStart = 0;
  const n = text.length;
  while (lineStart <= n) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? n : newline;
    // one line: [lineStart, lineEnd); terminators hold no line break, so one that starts in the line ends in it
    let start = lineStart;
    for (; next && next.index < lineEnd; next = terminator.exec(text)) {
      const end = next.index + next[0].length;
      if (!sentenceFollows(text, end) || !endsSentence(text, next.index)) continue;
      push(start, end);
      start = end;
    }
    push(start, lineEnd);
    lineStart = lineEnd + 1;
  }
  return spans.map(([start, end], index) => ({ start, end, index }));
}

// ── scoring ─────────────────────────────────────────────────────────────────────────────────────────

const round = (v: number, places = 3) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * Dimension scores 0..1 from lexicon weight per 100 words (texts under 60 words count as 60, so a short
 * note is not over-scored): 1 − e^(−density / 5). Five weight points per 100 words give 0.63.
 */
function dimensionScores(weights: DimensionWeights, wordCount: number): DimensionWeights {
  const scores = zeroWeights();
  const words = Math.max(wordCount, 60);
  for (const dim of DIMENSIONS) scores[dim] = round(1 - Math.exp(-((weights[dim] / words) * 100) / 5));
  return scores;
}

/** Dimensions that clearly apply, strongest first: a score of 0.3+, weight 4+, and at least 15% of the strongest. */
export function clearDimensions(scores: DimensionWeights, weights: DimensionWeights): Dimension[] {
  const strongest = Math.max(...DIMENSIONS.map((d) => weights[d]));
  return DIMENSIONS.filter((d) => scores[d] >= 0.3 && weights[d] >= 4 && weights[d] >= 0.15 * strongest).sort(
    (a, b) => scores[b] - scores[a] || weights[b] - weights[a] || DIMENSIONS.indexOf(a) - DIMENSIONS.indexOf(b),
  );
}

export interface RankedSentence extends Sentence {
  text: string;
  dimension: Dimension;
  /** 0..1 */
  score: number;
  /** raw ranking value (higher is better) */
  rank: number;
  stems: ReadonlySet<string>;
}

/**
 * A percentage: a digit, an optional space, a unit. (Only the number's last digit matters to whether one is
 * there, so the number's other digits are not matched: no backtracking over a run of digits.)
 */
const PERCENT = /\d\s?(?:%|percent\b|per cent\b|pp\b|bps\b)/i;
const CURRENCY = /[$€£¥₹]\s?\d|\b(?:usd|eur|gbp|cad|inr)\s?\d/i;
const NUMBER_RUN = /[\d,.]+/g;
const AMOUNT_UNIT = /^\s?(?:k|m|bn|mn|million|billion|thousand)\b/i;
const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);

/**
 * Money: a currency sign or code before a digit, or a number with an amount unit ("4.5m", "12 million").
 * Each run of digits, commas and points is looked at once (a regex over "1,1,1,…" would retry every digit).
 */
function mentionsMoney(body: string): boolean {
  if (CURRENCY.test(body)) return true;
  const runs = new RegExp(NUMBER_RUN.source, 'g');
  for (let m = runs.exec(body); m; m = runs.exec(body)) {
    const run = m[0];
    // a number starts in the run where a digit follows a non-word character (a word boundary before it)
    const starts = (/\d/.test(run[0]!) && !isWordChar(body[m.index - 1])) || /[,.]\d/.test(run);
    if (!starts || !/\d/.test(run)) continue;
    if (AMOUNT_UNIT.test(body.slice(m.index + run.length, m.index + run.length + 10))) return true;
  }
  return false;
}
const NUMBER = /\d/;

/** Texts longer than this are analysed on their first 200,000 characters (offsets stay those of the text). */
export const MAX_ANALYSED_CHARS = 200_000;

export interface DocumentAnalysis {
  tokens: Token[];
  wordCount: number;
  weights: DimensionWeights;
  scores: DimensionWeights;
  sentences: RankedSentence[];
}

/**
 * Scores every sentence that has lexicon hits: hit weight (capped), figures (percentages, money, other
 * numbers), an earlier position, and the strength of its dimension in the whole text; multiplied by a length
 * factor that prefers 8 to 40 words and discounts table rows.
 */
export function analyzeDocument(fullText: string): DocumentAnalysis {
  const text = fullText.length > MAX_ANALYSED_CHARS ? fullText.slice(0, MAX_ANALYSED_CHARS) : fullText;
  const tokens = tokenize(text);
  const hits = lexiconHits(tokens);
  const weights = weightsOf(hits);
  const scores = dimensionScores(weights, tokens.length);
  const sentences = splitSentences(text);
  const ranked: RankedSentence[] = [];
  let t = 0;
  let h = 0;
  for (const sentence of sentences) {
    while (t < tokens.length && tokens[t]!.start < sentence.start) t++;
    const first = t;
    while (t < tokens.length && tokens[t]!.end <= sentence.end) t++;
    const sentenceTokens = tokens.slice(first, t);
    while (h < hits.length && hits[h]!.token < first) h++;
    const own: Hit[] = [];
    for (let k = h; k < hits.length && hits[k]!.token < t; k++) own.push(hits[k]!);
    if (!own.length) continue;
    const words = sentenceTokens.filter((tok) => /\p{L}/u.test(tok.stem)).length;
    if (words < 4) continue;
    const w = weightsOf(own);
    const dimension = DIMENSIONS.reduce((best, d) =>
      w[d] > w[best] || (w[d] === w[best] && scores[d] > scores[best]) ? d : best,
    );
    const body = text.slice(sentence.start, sentence.end);
    const lexical = Math.min(own.reduce((s, x) => s + x.weight, 0), 9);
    const figures = PERCENT.test(body) ? 1.5 : mentionsMoney(body) ? 1.25 : NUMBER.test(body) ? 0.5 : 0;
    const position = 1 - sentence.index / Math.max(1, sentences.length);
    let lengthFactor = words < 8 ? 0.6 : words > 40 ? 40 / words : 1;
    if (body.includes('\t')) lengthFactor *= 0.5;
    const rank = (lexical + figures + position + 2 * scores[dimension]) * lengthFactor;
    ranked.push({
      ...sentence,
      text: body,
      dimension,
      rank,
      score: round(1 - Math.exp(-rank / 5)),
      stems: new Set(sentenceTokens.map((x) => x.stem).filter((s) => !STOPWORDS.has(s))),
    });
  }
  return { tokens, wordCount: tokens.length, weights, scores, sentences: ranked };
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / Math.max(1, a.size + b.size - both);
}

/**
 * The best `max` sentences, varied: each pick discounts further sentences of the same dimension (×0.8 per
 * pick) and near-duplicates are skipped. Returned strongest first.
 * Linear in the number of sentences after one sort: each dimension's candidates are taken in rank order,
 * and every candidate is looked at once, so a hostile text of a million repeated sentences stays fast.
 */
export function pickSentences(ranked: readonly RankedSentence[], max: number): RankedSentence[] {
  const byDimension = new Map<Dimension, RankedSentence[]>();
  for (const s of [...ranked].sort((a, b) => b.rank - a.rank || a.start - b.start)) {
    const list = byDimension.get(s.dimension) ?? [];
    list.push(s);
    byDimension.set(s.dimension, list);
  }
  const next = new Map<Dimension, number>(); // index of each dimension's next candidate
  const perDimension = new Map<Dimension, number>();
  const picked: RankedSentence[] = [];
  while (picked.length < max) {
    let best: RankedSentence | undefined;
    let bestValue = -Infinity;
    for (const [dim, list] of byDimension) {
      const candidate = list[next.get(dim) ?? 0];
      if (!candidate) continue;
      const value = candidate.rank * 0.8 ** (perDimension.get(dim) ?? 0);
      if (value > bestValue || (value === bestValue && best && candidate.start < best.start)) {
        bestValue = value;
        best = candidate;
      }
    }
    if (!best) break;
    next.set(best.dimension, (next.get(best.dimension) ?? 0) + 1);
    if (picked.some((p) => jaccard(p.stems, best.stems) > 0.6)) continue;
    picked.push(best);
    perDimension.set(best.dimension, (perDimension.get(best.dimension) ?? 0) + 1);
  }
  return picked.sort((a, b) => b.score - a.score || a.start - b.start);
}

/** Distinct content stems of a text (no stop words, no numbers, at least 3 characters). */
export function contentStems(text: string): Set<string> {
  return new Set(
    tokenize(text)
      .map((t) => t.stem)
      .filter((s) => s.length >= 3 && !STOPWORDS.has(s) && /\p{L}/u.test(s)),
  );
}
