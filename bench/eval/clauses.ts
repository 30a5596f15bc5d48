/**
 * The evaluator's own reading of sentences, for faithfulness and sentence quality: clauses, the measure a
 * figure belongs to, the direction a clause states, and whether a sentence is a fragment. It uses wink-nlp's
 * tokens and parts of speech directly (not the analyst's reader), so a drafter cannot pass by agreeing with
 * itself.
 *
 * - A clause ends at ";", at "while", "whereas", "but", "although", "though", "yet", and at "and" (or a comma)
 *   before a new subject and verb.
 * - A clause's measure is the noun phrase that governs its first figure: the nearest noun before the figure,
 *   taken back to the head of its phrase ("on-time delivery for the contract customers averaged 88%" →
 *   "delivery"); when the figure opens the clause, the first noun after it ("88% of staff say …" → "staff").
 * - A clause's direction is its first word of change: up, down, or flat ("flat", "held", "unchanged", "steady").
 */
import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface EvalToken {
  text: string;
  lower: string;
  pos: string;
}

export interface EvalClause {
  text: string;
  tokens: EvalToken[];
}

const nlp = winkNLP(model, ['sbd', 'pos']);
const its = nlp.its;

function tokensOf(text: string): EvalToken[][] {
  const doc = nlp.readDoc(text);
  const out: EvalToken[][] = [];
  doc.sentences().each((s: ItemSentence) => {
    const list: EvalToken[] = [];
    s.tokens().each((t: ItemToken) => {
      const value = t.out();
      list.push({ text: value, lower: value.toLowerCase(), pos: t.out(its.pos) });
    });
    if (list.length) out.push(list);
  });
  return out;
}

const BREAK_WORDS = new Set(['while', 'whereas', 'but', 'although', 'though', 'yet']);
const isVerb = (t: EvalToken | undefined) => Boolean(t && (t.pos === 'VERB' || t.pos === 'AUX'));
/** A verb inside a hyphenated word ("did-not-attend") is part of a name. */
const verbAt = (tokens: readonly EvalToken[], k: number) => isVerb(tokens[k]) && tokens[k - 1]?.text !== '-' && tokens[k + 1]?.text !== '-';
const isNoun = (t: EvalToken | undefined) => Boolean(t && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON'));

/** Whether a new subject and verb follow position `i` (a noun or pronoun, then a verb, before any figure). */
function newClauseAfter(tokens: readonly EvalToken[], i: number): boolean {
  let noun = false;
  for (let k = i + 1; k < Math.min(tokens.length, i + 12); k++) {
    const t = tokens[k]!;
    // a count can open a subject ("and 1 in 4 calls went unanswered"); a value with its unit cannot ("the 30 days of the charter")
    if (/\d/.test(t.text) && /^(?:%|days?|weeks?|months?|hours?|minutes?|years?|m|bn|k|million|billion|per|points?|times|x|p)$/i.test(tokens[k + 1]?.lower ?? '')) return false;
    if (/\d/.test(t.text) && /^[£$€]$/.test(tokens[k - 1]?.text ?? '')) return false;
    if (/\d/.test(t.text) || isNoun(t)) noun = true;
    else if (verbAt(tokens, k)) return noun;
    else if (t.pos === 'PUNCT' && t.text !== '-') return false;
  }
  return false;
}

/** Whether a clause with its own verb follows a colon at `i` (not "Free reserves: 2.1 months of spend"). */
function clauseFollows(tokens: readonly EvalToken[], i: number): boolean {
  const before = tokens.slice(0, i);
  if (!before.some((t, k) => verbAt(before, k))) return false;
  const after = tokens.slice(i + 1);
  return after.some((t, k) => verbAt(after, k)) && before.length > 0;
}

/** The clauses of a text, in order. */
export function clausesOf(text: string): EvalClause[] {
  const out: EvalClause[] = [];
  for (const sentence of tokensOf(text)) {
    let current: EvalToken[] = [];
    const flush = () => {
      const body = current.filter((t) => t.pos !== 'PUNCT' || /[%£$€]/.test(t.text));
      if (body.length) out.push({ text: current.map((t) => t.text).join(' '), tokens: current });
      current = [];
    };
    sentence.forEach((t, i) => {
      const started = current.some(isVerb);
      if (t.text === ';') return flush();
      if (BREAK_WORDS.has(t.lower) && current.length > 0) flush();
      else if ((t.lower === 'and' || t.text === ',' || t.text === ':') && started && newClauseAfter(sentence, i)) {
        flush();
        return;
      } else if (t.text === ':' && clauseFollows(sentence, i)) {
        // "Patient experience remains strong: 91% of patients would recommend …": what follows the colon is a clause of its own
        current.push(t);
        flush();
        return;
      }
      current.push(t);
    });
    flush();
  }
  return out;
}

/** Words a measure's phrase never ends in: units, periods, the words of a figure, pronouns. */
const NOT_HEADS: ReadonlySet<string> = new Set([
  'percent', 'cent', 'per', 'points', 'point', 'pts', 'pp', 'ppm', 'day', 'days', 'week', 'weeks', 'month', 'months', 'hour', 'hours',
  'minute', 'minutes', 'year', 'years', 'quarter', 'quarters', 'times', 'million', 'billion', 'thousand', 'm', 'bn', 'k', 'x', 'fy',
  'q1', 'q2', 'q3', 'q4', 'h1', 'h2', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
  'november', 'december', 'it', 'they', 'we', 'this', 'that', 'these', 'those', 'which', 'who', 'he', 'she', 'i', 'you', 'us', 'them',
  'one', 'each', 'both', 'all', 'some', 'our', 'their', 'its', 'his', 'her', 'my', 'your', 'the', 'a', 'an', 'about', 'around', 'roughly',
  'nearly', 'almost', 'only', 'just', 'now', 'also', 'still', 'so', 'then', 'there', 'here', 'well', 'and', 'or', 'not', 'no', 'will',
  'would', 'could', 'should', 'can', 'may', 'might', 'must', 'last', 'next', 'over', 'under', 'more', 'less', 'than', 'as', 'very', 'figure', 'figures',
]);
/** Words that refer to a measure named before ("the figure of 11 hours", "it rose to 14%"). */
const ANAPHORA: ReadonlySet<string> = new Set(['figure', 'figures', 'it', 'this', 'that', 'which', 'same']);
/** Where a measure's noun phrase ends: "on-time delivery | for the contract customers". */
const ADPOSITIONS: ReadonlySet<string> = new Set(['of', 'for', 'in', 'at', 'among', 'on', 'across', 'with', 'from', 'by', 'to', 'within', 'against', 'after', 'before', 'during', 'since', 'versus', 'vs', 'than', 'through', 'into', 'worth']);
/** The organization itself as a subject ("The business relies on two suppliers for 70%"): the measure is the object. */
const ORGANIZATION_WORDS: ReadonlySet<string> = new Set(['business', 'company', 'group', 'organisation', 'organization', 'firm']);
/** Words of a verb group before its main verb ("would like to move", "have been asked to quote"). */
const VERB_GROUP: ReadonlySet<string> = new Set(['to', 'would', 'will', 'could', 'should', 'may', 'might', 'must', 'can', 'like', 'want', 'wants', 'plan', 'plans', 'intend', 'intends', 'need', 'needs', 'expect', 'expects', 'asked', 'been', 'be', 'have', 'has', 'had', 'is', 'are', 'was', 'were', 'not', 'also', 'now', 'still']);
/** Verbs the tagger may read as nouns ("both give 36.5%"): a figure's verb all the same. */
const VERB_WORDS: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'give', 'gives', 'gave', 'given', 'put', 'puts', 'record', 'records',
  'recorded', 'report', 'reports', 'reported', 'say', 'says', 'said', 'stand', 'stands', 'stood', 'reach', 'reached', 'reaches', 'average',
  'averaged', 'averages', 'take', 'takes', 'took', 'run', 'runs', 'ran', 'account', 'accounts', 'accounted', 'make', 'makes', 'made',
  'represent', 'represents', 'hit', 'hits', 'total', 'totalled', 'totaled', 'estimate', 'estimates', 'estimated', 'expect', 'expects',
  'wins', 'won', 'lose', 'loses', 'lost', 'pays', 'paid', 'scored', 'rated', 'relies', 'rely',
]);

const hasDigit = (t: EvalToken) => /\d/.test(t.text);
const content = (t: EvalToken) =>
  /^\p{L}[\p{L}'’-]*$/u.test(t.text) &&
  t.text.length > 1 &&
  !NOT_HEADS.has(t.lower) &&
  !CHANGE_WORDS.has(t.lower) &&
  !['ADP', 'CCONJ', 'SCONJ', 'DET', 'PRON', 'AUX', 'PART'].includes(t.pos) &&
  !(t.pos === 'VERB' && /(?:ed|ing)$/.test(t.lower)) &&
  !VERB_GROUP.has(t.lower);
/** A verb, by the tagger or by the word; a word of change after an article is a noun ("an increase of 12%"). */
const verbLike = (tokens: readonly EvalToken[], k: number) =>
  !['a', 'an', 'the'].includes(tokens[k - 1]?.lower ?? '') && (VERB_WORDS.has(tokens[k]!.lower) || CHANGE_WORDS.has(tokens[k]!.lower) || verbAt(tokens, k));

/** Reporting frames a claim may open with ("The CFO reports that", "According to the survey,"): not the measure. */
function withoutFrame(all: readonly EvalToken[]): EvalToken[] {
  // a speaker's label that opens a line of a transcript ("MK:", "A:") is not a word of the clause
  let tokens = /^[A-Z]{1,3}$/.test(all[0]?.text ?? '') && all[1]?.text === ':' ? all.slice(2) : all;
  // a label that opens a note ("On the outside world:", "Regulation:") names no measure of the clause after it
  const colon = tokens.findIndex((t) => t.text === ':');
  if (colon > 0 && colon <= 6 && !tokens.slice(0, colon).some((t, k) => verbAt(tokens, k)) && tokens.slice(colon + 1).some((t, k) => verbAt(tokens, colon + 1 + k))) tokens = tokens.slice(colon + 1);
  const words = tokens.map((t) => t.lower);
  const that = words.findIndex((w, i) => w === 'that' && i > 0 && i <= 8 && /^(?:reports?|reported|says|said|notes?|noted|records?|recorded|states?|stated|writes?|wrote|told|explains?|explained|adds?|added|warns?|warned|expects?|thinks?|mentioned|mentions|believes?|estimates?)$/.test(words[i - 1]!));
  if (that >= 0) return tokens.slice(that + 1);
  if ((words[0] === 'according' && words[1] === 'to') || (words[0] === 'as' && words.slice(0, 10).includes('put'))) {
    const comma = words.indexOf(',');
    if (comma > 0) return tokens.slice(comma + 1);
  }
  return [...tokens];
}

/** The position of a figure's number among a clause's tokens (its value as written, or in its scale). */
function figureAt(tokens: readonly EvalToken[], value?: number): number {
  if (value === undefined) return tokens.findIndex(hasDigit);
  const at = tokens.findIndex((t) => {
    const n = Number(t.text.replace(/[,£$€+]/g, '').replace(/(?:m|bn|k|p|x|%)$/i, ''));
    return Number.isFinite(n) && /\d/.test(t.text) && [1, 1e3, 1e6, 1e9].some((s) => Math.abs(n * s - value) <= 1e-9 * Math.max(1, value));
  });
  return at >= 0 ? at : tokens.findIndex(hasDigit);
}

export interface Head {
  /** the head word (lower case), when the clause names its measure */
  word?: string;
  /**
   * the head read without parts of speech: the last word of the clause's first run of words before a verb of the
   * lexicon, a figure, a preposition or punctuation ("Scrap and rework cost the group €4.3m" → "rework"); the tagger
   * misreads some sentences, and a claim that names either head names the measure
   */
  alt?: string;
  /** the clause refers to a measure named before it ("the figure of 11 hours") or only names who reports it */
  anaphoric: boolean;
}

/**
 * The last content word of a noun phrase that starts at `from`, cut at a preposition, punctuation or a verb
 * (`subject`: before the clause's verb, where only a word that is always a verb cuts it, since the tagger reads
 * some nouns as verbs: "Logo churn is 14%").
 */
function phraseHead(tokens: readonly EvalToken[], from: number, to: number, subject: boolean): string | undefined {
  let head: string | undefined;
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    const verb = subject ? VERB_WORDS.has(t.lower) || CHANGE_WORDS.has(t.lower) : verbLike(tokens, k);
    if (ADPOSITIONS.has(t.lower) || (t.pos === 'PUNCT' && t.text !== '-' && t.text !== "'") || (head && verb)) break;
    if (content(t)) head = t.lower;
  }
  return head;
}

/**
 * The head word of the measure that governs a figure of a clause (its first figure, or the one of `value`):
 * the subject of the verb nearest before the figure, cut at its first preposition ("on-time delivery for the
 * contract customers averaged 88%" → "delivery"), or, when nothing before the figure names a measure, what
 * follows it ("88% of staff say …" → "staff"; "we win about one bid in six, so 17%" → "bid"). A clause that
 * refers back ("the figure of …", "it …") or whose subject is who reports the figure (`sources`: the words of
 * roles, names and titles) is anaphoric: its measure is the one named before it.
 */
export function measureHead(clause: EvalClause, sources: ReadonlySet<string> = new Set(), value?: number): Head {
  const tokens = withoutFrame(clause.tokens);
  const p = figureAt(tokens, value);
  if (p < 0) return { anaphoric: false };
  const head = headByPos(tokens, p, sources);
  const alt = plainHead(tokens, p);
  return alt && head.word && alt !== head.word ? { ...head, alt } : head;
}

const FUNCTION_WORDS: ReadonlySet<string> = new Set(['and', 'or', 'the', 'a', 'an', 'of', 'in', 'at', 'for', 'on', 'to', 'by', 'with', 'from', 'as', 'is', 'are', 'was', 'were']);

/** The head read without parts of speech (see Head.alt), when the clause opens with its subject. */
function plainHead(tokens: readonly EvalToken[], p: number): string | undefined {
  let head: string | undefined;
  for (let k = 0; k < p; k++) {
    const t = tokens[k]!;
    const w = t.lower;
    const costVerb = (w === 'cost' || w === 'costs') && /^(?:the|a|an|us|them|\d|[£$€])/.test(tokens[k + 1]?.lower ?? '');
    if (/\d/.test(w) || ADPOSITIONS.has(w) || VERB_WORDS.has(w) || CHANGE_WORDS.has(w) || costVerb || (/^[^\p{L}]+$/u.test(w) && w !== '-')) break;
    if (/^\p{L}[\p{L}'’-]*$/u.test(t.text) && w.length > 1 && !NOT_HEADS.has(w) && !FUNCTION_WORDS.has(w)) head = w;
  }
  return head;
}

/** The head by parts of speech (see measureHead). */
function headByPos(tokens: readonly EvalToken[], p: number, sources: ReadonlySet<string>): Head {
  // "with net debt at 1.9 times EBITDA", "a combined ratio of 91%": the phrase whose "at" or "of" gives the figure
  let q = p - 1;
  while (q >= 0 && ['about', 'around', 'roughly', 'some', 'nearly', 'almost', 'approximately', 'just'].includes(tokens[q]!.lower)) q--;
  if (q >= 1 && (tokens[q]!.lower === 'of' || tokens[q]!.lower === 'at') && (tokens[q - 1]!.pos === 'NOUN' || tokens[q - 1]!.pos === 'PROPN') && content(tokens[q - 1]!) && !sources.has(tokens[q - 1]!.lower)) {
    return { word: tokens[q - 1]!.lower, anaphoric: false };
  }
  let verb = -1;
  for (let k = p - 1; k >= 0; k--) if (verbLike(tokens, k) && !hasDigit(tokens[k]!)) {
    verb = k;
    break;
  }
  // the verb group starts at its first auxiliary ("she would like to move", "we have been asked to quote")
  let group = verb;
  while (group > 0 && (VERB_GROUP.has(tokens[group - 1]!.lower) || tokens[group - 1]!.pos === 'AUX' || tokens[group - 1]!.pos === 'PART' || (tokens[group]!.lower === 'to' && tokens[group - 1]!.pos === 'VERB'))) group--;
  // the subject: from the clause's start to the verb (or to the figure when no verb comes before it)
  const subjectEnd = verb >= 0 ? group : p;
  const subject = tokens.slice(0, subjectEnd);
  if (subject.some((t) => ANAPHORA.has(t.lower)) && !subject.some((t) => content(t) && !sources.has(t.lower) && !ANAPHORA.has(t.lower))) return { anaphoric: true };
  let start = 0;
  while (start < subjectEnd && !content(tokens[start]!)) start++;
  const head = start < subjectEnd ? phraseHead(tokens, start, subjectEnd, true) : undefined;
  if (head && !sources.has(head) && !ORGANIZATION_WORDS.has(head)) return { word: head, anaphoric: false };
  if (head && sources.has(head)) return { anaphoric: true };
  // nothing before names it: what the figure counts, or the verb's object
  const after = verb >= 0 && verb < p ? verb + 1 : p + 1;
  let k = after;
  while (k < tokens.length && (hasDigit(tokens[k]!) || !content(tokens[k]!) || ['of', 'about', 'around', 'some'].includes(tokens[k]!.lower))) {
    if (tokens[k]!.pos === 'PUNCT' && tokens[k]!.text !== '%') return { anaphoric: false };
    k++;
  }
  if (k >= tokens.length) return { anaphoric: false };
  if (ANAPHORA.has(tokens[k]!.lower)) return { anaphoric: true };
  const word = phraseHead(tokens, k, tokens.length, false);
  return word ? { word, anaphoric: false } : { anaphoric: false };
}

/** The content words of a clause, for finding a head word in it. */
export function clauseWords(clause: EvalClause): Set<string> {
  return new Set(clause.tokens.filter((t) => /\p{L}/u.test(t.text)).map((t) => t.lower));
}

/** Whether `head` is among `words`, as written or with another ending ("worker" / "workers", "occupancy"). */
export function hasWord(words: ReadonlySet<string>, head: string): boolean {
  if (words.has(head)) return true;
  const stem = head.replace(/(?:ies|es|s)$/, '').slice(0, Math.max(4, Math.min(6, head.length - 1)));
  for (const w of words) if (w.startsWith(stem) && Math.abs(w.length - head.length) <= 3) return true;
  for (const w of words) if (w.includes('-') && w.split('-').includes(head)) return true;
  return false;
}

const UP: ReadonlySet<string> = new Set(['rose', 'risen', 'rise', 'rises', 'rising', 'grew', 'grown', 'grow', 'grows', 'growing', 'increased', 'increase', 'increases', 'increasing', 'up', 'climbed', 'climbing', 'climb', 'lengthened', 'lengthening', 'jumped', 'doubled', 'gained', 'expanded', 'soared', 'widened']);
const DOWN: ReadonlySet<string> = new Set(['fell', 'fallen', 'fall', 'falls', 'falling', 'declined', 'decline', 'declining', 'decreased', 'decrease', 'down', 'dropped', 'drop', 'drops', 'shrank', 'shrunk', 'shortened', 'halved', 'cut', 'cuts', 'reduced', 'slipped', 'narrowed', 'eased']);
const FLAT: ReadonlySet<string> = new Set(['flat', 'unchanged', 'steady', 'stable']);
/** Words of change are what happened to a measure, never the measure ("saw footfall fall by 7%", "an increase of 12%"). */
const CHANGE_WORDS: ReadonlySet<string> = new Set([...UP, ...DOWN, 'rises', 'increases', 'growth', 'gain', 'gains', 'reduction', 'reductions', 'improvement', 'change']);

/** +1, −1, 0 (flat), or undefined when the clause states no direction. */
export function directionOf(clause: EvalClause): 1 | -1 | 0 | undefined {
  const t = withoutFrame(clause.tokens);
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!.lower;
    if (UP.has(w)) return 1;
    if (DOWN.has(w)) return -1;
    if (FLAT.has(w) || (w === 'held' && t[i - 1] && !['be', 'is', 'are', 'was', 'were'].includes(t[i - 1]!.lower) && t[i + 1]?.lower !== 'by')) return 0;
    if ((w === 'more' || w === 'fewer' || w === 'less') && t[i + 1]?.lower === 'than' && i > 0 && (hasDigit(t[i - 1]!) || (t[i - 1]!.text === '%' && hasDigit(t[i - 2] ?? t[i - 1]!)))) return w === 'more' ? 1 : -1;
    // "1.4% higher than in 2023", "lower than last year": a movement over time
    if ((w === 'higher' || w === 'lower') && t[i + 1]?.lower === 'than' && /^(?:in|last|the|a|at)$/.test(t[i + 2]?.lower ?? '') && /^(?:(?:19|20)\d{2}|year|fy\S*|last|a|previous|prior)$/.test(t[i + 3]?.lower ?? t[i + 2]!.lower)) return w === 'higher' ? 1 : -1;
  }
  return undefined;
}

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
    if (/^\p{Lu}\p{Ll}+$/u.test(t.text) && followers && !/[.:!?]/.test(all[i - 1]!.text) && !followers.has(all[i + 1]?.lower ?? '')) return `"${t.text}" is a sentence's first word out of its place`;
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
