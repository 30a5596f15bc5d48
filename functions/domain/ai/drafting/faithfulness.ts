/**
 * The faithfulness check of drafted claims, for every provider (the epilogue of a draft, ./draft-step.ts) and for
 * the evaluation (bench/eval/): a claim with figures is faithful when each of its clauses is bound by one clause
 * of its quotes: the same figures (or a difference of two figures of that clause, or a recorded derivation from
 * them), the same measure (the quote's head word in the claim's clause), and a direction of the same sign. A claim
 * that fails is left out of the draft and listed in its provenance.
 *
 * It reads sentences with wink-nlp's tokens and parts of speech directly, not through the analyst's reader
 * (../analyst/read-claims.ts), so a drafter cannot pass by agreeing with itself:
 * - a clause ends at ";", at "while", "whereas", "but", "although", "though", "yet", "even as", and at "and" (or a comma)
 *   before a new subject and verb;
 * - a clause's measure is the noun phrase that governs its first figure: the nearest noun before the figure,
 *   taken back to the head of its phrase ("on-time delivery for the contract customers averaged 88%" →
 *   "delivery"); when the figure opens the clause, the first noun after it ("88% of staff say …" → "staff");
 * - a clause's direction is its first word of change: up, down, or flat ("flat", "held", "unchanged", "steady").
 *
 * The model is wink-nlp's, loaded once per process (../analyst/nlp.ts): `loadFaithfulness()` before the
 * synchronous readers.
 */
import type { FlaggedClaim } from '../port/analysis-provider';
import type { Derivation } from '../analyst/titles';
import { loadNlp, shorthandVerbAt } from '../analyst/nlp';
import { isInstruction } from '../analyst/claims';
import { AMOUNT_NAMES, idleParticle, isCsvLine, NUMBERED_HEADING } from '../analyst/read-claims';

export interface ClauseToken {
  text: string;
  lower: string;
  pos: string;
  /** with a space before it (a hyphen with spaces either side is a dash) */
  spaced?: boolean;
}

export interface ReadClause {
  text: string;
  tokens: ClauseToken[];
}

type Nlp = Awaited<ReturnType<typeof loadNlp>>;
let nlp: Nlp | undefined;

/** Loads the model the readers use (once per process). */
export async function loadFaithfulness(): Promise<void> {
  nlp ??= await loadNlp();
}

/** The sentences of a text as tokens with their parts of speech. */
export function tokensOf(text: string): ClauseToken[][] {
  if (!nlp) throw new Error('loadFaithfulness() must have run before the faithfulness check reads a sentence');
  const pos = nlp.its.pos;
  const out: ClauseToken[][] = [];
  nlp.readDoc(text).sentences().each((s) => {
    const list: ClauseToken[] = [];
    s.tokens().each((t) => {
      const value = t.out();
      list.push({ text: value, lower: value.toLowerCase(), pos: t.out(pos), spaced: t.out(nlp!.its.precedingSpaces) !== '' });
    });
    // "up" and "down" between a noun and its figure, with no verb before them, are a note's verbs ("prep time per batch down from 6 h to 2.5 h")
    list.forEach((t, k) => {
      if (shorthandVerbAt(list, k, (u) => /\d/.test(u?.text ?? ''))) t.pos = 'VERB';
    });
    // a unit glued to the full stop after it ("is 3.5x. The memo …") ends its sentence
    let from = 0;
    list.forEach((t, k) => {
      if (k > 0 && /^(?:x|p|m|k|bn|pp|pts?)\.$/i.test(t.text) && list[k - 1]!.pos === 'NUM' && /^\p{Lu}/u.test(list[k + 1]?.text ?? '')) {
        out.push([...list.slice(from, k), { ...t, text: t.text.slice(0, -1), lower: t.lower.slice(0, -1) }, { text: '.', lower: '.', pos: 'PUNCT' }]);
        from = k + 1;
      }
    });
    if (list.length > from) out.push(list.slice(from));
  });
  return out;
}

// ── clauses, measures and directions ──────────────────────────────────────────────────────────────────

const BREAK_WORDS = new Set(['while', 'whereas', 'but', 'although', 'though', 'yet']);
const isVerb = (t: ClauseToken | undefined) => Boolean(t && (t.pos === 'VERB' || t.pos === 'AUX'));
/** A verb inside a hyphenated word ("did-not-attend") is part of a name. */
export const verbAt = (tokens: readonly ClauseToken[], k: number) => isVerb(tokens[k]) && tokens[k - 1]?.text !== '-' && tokens[k + 1]?.text !== '-';
const isNoun = (t: ClauseToken | undefined) => Boolean(t && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON'));

/** Whether a new subject and verb follow position `i` (a noun or pronoun, then a verb, before any figure). */
function newClauseAfter(tokens: readonly ClauseToken[], i: number): boolean {
  let noun = false;
  for (let k = i + 1; k < Math.min(tokens.length, i + 12); k++) {
    const t = tokens[k]!;
    // a count can open a subject ("and 1 in 4 calls went unanswered"); a value with its unit cannot ("the 30 days of the charter")
    if (/\d/.test(t.text) && /^(?:%|days?|weeks?|months?|hours?|minutes?|years?|m|bn|k|million|billion|per|points?|times|x|p|ppm|parts)$/i.test(tokens[k + 1]?.lower ?? '')) return false;
    if (/\d/.test(t.text) && /^[£$€]$/.test(tokens[k - 1]?.text ?? '')) return false;
    if (/\d/.test(t.text) || isNoun(t)) noun = true;
    else if (verbAt(tokens, k)) return noun;
    else if (t.pos === 'PUNCT' && t.text !== '-') return false;
  }
  return false;
}

/** Whether a clause with its own verb follows a colon at `i` (not "Free reserves: 2.1 months of spend"). */
function clauseFollows(tokens: readonly ClauseToken[], i: number): boolean {
  const before = tokens.slice(0, i);
  if (!before.some((t, k) => verbAt(before, k))) return false;
  const after = tokens.slice(i + 1);
  return after.some((t, k) => verbAt(after, k)) && before.length > 0;
}

/** The clauses of a text, in order. */
function clausesOf(text: string): ReadClause[] {
  const out: ReadClause[] = [];
  for (const sentence of tokensOf(text)) {
    let current: ClauseToken[] = [];
    const flush = () => {
      const body = current.filter((t) => t.pos !== 'PUNCT' || /[%£$€]/.test(t.text));
      if (body.length) out.push({ text: current.map((t) => t.text).join(' '), tokens: current });
      current = [];
    };
    let depth = 0;
    sentence.forEach((t, i) => {
      const started = current.some(isVerb);
      if (t.text === '(') depth++;
      if (t.text === ')') depth = Math.max(0, depth - 1);
      // (a semicolon inside brackets separates a note's items, not clauses: "3.1 (Q2: 2.4; internal ceiling 2.5)")
      // (nor one before what the same measure was: "… is 19 days; it was 11 days in the spring")
      const wasBefore = /^(?:it|that|this|they)$/.test(sentence[i + 1]?.lower ?? '') && /^(?:was|were)$/.test(sentence[i + 2]?.lower ?? '') && /[\d£$€]/.test(sentence[i + 3]?.text ?? '');
      if (t.text === ';' && depth === 0 && !wasBefore) return flush();
      if ((BREAK_WORDS.has(t.lower) || (t.lower === 'even' && /^(?:as|though)$/.test(sentence[i + 1]?.lower ?? ''))) && current.length > 0) flush();
      // (a relative clause that points back with a figure goes on about the same measure: "…2,140 systems, which is 31% more than the year before")
      // (and a dash: "Margins are squeezed - staff costs are now 58% of fees")
      else if ((t.lower === 'and' || t.text === ',' || t.text === ':' || /^[–—]$/.test(t.text) || (t.text === '-' && t.spaced && sentence[i + 1]?.spaced)) && started && newClauseAfter(sentence, i) && !(t.text === ',' && /^(?:which|that|it|this)$/.test(sentence[i + 1]?.lower ?? '') && /^(?:is|was|are|were)$/.test(sentence[i + 2]?.lower ?? '') && /[\d£$€]/.test(sentence[i + 3]?.text ?? ''))) {
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
  'minute', 'minutes', 'year', 'years', 'yr', 'yrs', 'quarter', 'quarters', 'times', 'million', 'billion', 'thousand', 'm', 'bn', 'k', 'x', 'fy',
  'q1', 'q2', 'q3', 'q4', 'h1', 'h2', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
  'november', 'december', 'it', 'they', 'we', 'this', 'that', 'these', 'those', 'which', 'who', 'he', 'she', 'i', 'you', 'us', 'them',
  'one', 'each', 'both', 'all', 'some', 'our', 'their', 'its', 'his', 'her', 'my', 'your', 'the', 'a', 'an', 'about', 'around', 'roughly',
  'nearly', 'almost', 'only', 'just', 'now', 'also', 'still', 'so', 'then', 'there', 'here', 'well', 'and', 'or', 'not', 'no', 'will',
  'would', 'could', 'should', 'can', 'may', 'might', 'must', 'last', 'next', 'over', 'under', 'more', 'less', 'than', 'as', 'very', 'figure', 'figures',
  // (a speaker's verb of belief the tagger may read as a noun: "which we believe compares well with the 1.5–2% typical …")
  'believe', 'think', 'reckon', 'understand', 'feel', 'suspect',
]);
/** A measure's initials, as claims name it, and the words the evidence writes it with ("ARR" for "annual recurring revenue"). */
const INITIALS: ReadonlyMap<string, readonly string[]> = new Map([
  ['arr', ['annual', 'recurring', 'revenue']],
  ['mrr', ['monthly', 'recurring', 'revenue']],
  ['nrr', ['net', 'revenue', 'retention']],
  ['grr', ['gross', 'revenue', 'retention']],
  ['nps', ['net', 'promoter', 'score']],
  ['aov', ['average', 'order', 'value']],
  ['cac', ['customer', 'acquisition', 'cost']],
  ['ltv', ['lifetime', 'value']],
  ['oee', ['overall', 'equipment', 'effectiveness']],
  ['dso', ['debtor', 'days', 'sales', 'outstanding']],
  ['ltifr', ['lost', 'time', 'injury', 'frequency', 'rate']],
  ['gmv', ['gross', 'merchandise', 'value']],
]);
/** Words that refer to a measure named before ("the figure of 11 hours", "it rose to 14%"). */
const ANAPHORA: ReadonlySet<string> = new Set(['figure', 'figures', 'it', 'this', 'that', 'which', 'same']);
/** Where a measure's noun phrase ends: "on-time delivery | for the contract customers". */
const ADPOSITIONS: ReadonlySet<string> = new Set(['of', 'for', 'in', 'at', 'among', 'on', 'across', 'with', 'from', 'by', 'to', 'within', 'against', 'after', 'before', 'during', 'since', 'versus', 'vs', 'than', 'through', 'into', 'worth', 'over', 'under', 'per']);
/** The organization itself as a subject ("The business relies on two suppliers for 70%"): the measure is the object. */
const ORGANIZATION_WORDS: ReadonlySet<string> = new Set(['business', 'company', 'group', 'organisation', 'organization', 'firm']);
/** Words of a verb group before its main verb ("would like to move", "have been asked to quote"). */
const VERB_GROUP: ReadonlySet<string> = new Set(['to', 'would', 'will', 'could', 'should', 'may', 'might', 'must', 'can', 'like', 'want', 'wants', 'plan', 'plans', 'intend', 'intends', 'need', 'needs', 'expect', 'expects', 'asked', 'been', 'be', 'have', 'has', 'had', 'is', 'are', 'was', 'were', 'not', 'also', 'now', 'still']);
/** Verbs the tagger may read as nouns ("both give 36.5%"): a figure's verb all the same. */
export const VERB_WORDS: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'give', 'gives', 'gave', 'given', 'put', 'puts', 'record', 'records',
  'recorded', 'report', 'reports', 'reported', 'say', 'says', 'said', 'stand', 'stands', 'stood', 'reach', 'reached', 'reaches', 'average',
  'averaged', 'averages', 'take', 'takes', 'took', 'run', 'runs', 'ran', 'account', 'accounts', 'accounted', 'make', 'makes', 'made',
  'represent', 'represents', 'hit', 'hits', 'total', 'totalled', 'totaled', 'estimate', 'estimates', 'estimated', 'expect', 'expects',
  'wins', 'won', 'lose', 'loses', 'lost', 'pays', 'paid', 'scored', 'rated', 'relies', 'rely', 'go', 'goes', 'went', 'gone', 'come', 'comes', 'came',
  'remain', 'remains', 'remained', 'stay', 'stays', 'stayed', 'sit', 'sits', 'sat', 'show', 'shows', 'showed', 'see', 'sees', 'saw',
  'equal', 'equals', 'equalled', 'equaled', 'amount', 'amounts', 'amounted', 'comprise', 'comprises', 'comprised',
]);

const hasDigit = (t: ClauseToken) => /\d/.test(t.text);
const content = (t: ClauseToken) =>
  /^\p{L}[\p{L}'’-]*$/u.test(t.text) &&
  t.text.length > 1 &&
  !NOT_HEADS.has(t.lower) &&
  !CHANGE_WORDS.has(t.lower) &&
  !['ADP', 'CCONJ', 'SCONJ', 'DET', 'PRON', 'AUX', 'PART'].includes(t.pos) &&
  !(t.pos === 'VERB' && /(?:ed|ing)$/.test(t.lower)) &&
  !VERB_GROUP.has(t.lower);
/** A verb, by the tagger or by the word; a word of change after an article is a noun ("an increase of 12%"). */
const verbLike = (tokens: readonly ClauseToken[], k: number) =>
  !['a', 'an', 'the'].includes(tokens[k - 1]?.lower ?? '') && (VERB_WORDS.has(tokens[k]!.lower) || CHANGE_WORDS.has(tokens[k]!.lower) || verbAt(tokens, k));

/** Reporting frames a claim may open with ("The CFO reports that", "According to the survey,"): not the measure. */
function withoutFrame(all: readonly ClauseToken[]): ClauseToken[] {
  // a speaker's label that opens a line of a transcript ("MK:", "A:") is not a word of the clause
  // (a name in capitals too: "OWEN:", "CHAIR:")
  let tokens = /^[A-Z][A-Z'’-]{0,14}$/.test(all[0]?.text ?? '') && all[1]?.text === ':' ? all.slice(2) : all;
  // a speaker's interjection before a comma ("Honestly,", "Frankly,", "Look,") is not the subject
  if (/^(?:honestly|frankly|candidly|look|well|yes|yeah|no|right|actually|basically|obviously|clearly|sadly|happily|fortunately|unfortunately)$/.test(tokens[0]?.lower ?? '') && tokens[1]?.text === ',') tokens = tokens.slice(2);
  // a chat's fillers before the statement ("heads up,", "also fyi,", "btw") are not its subject
  let filler = 0;
  while (filler < tokens.length && /^(?:heads|up|also|and|so|btw|fyi|ok|okay|just|note|,|:|-)$/.test(tokens[filler]!.lower) && filler < 5) filler++;
  if (filler > 0 && filler < tokens.length && tokens.slice(0, filler).some((t) => /^(?:heads|btw|fyi|ok|okay)$/.test(t.lower))) tokens = tokens.slice(filler);
  // a diary's or a log's time stamp that opens the line ("Tue 10 Nov, 06:00 - …", "[09:22]") is not the subject
  const stamp = tokens.findIndex((t, k) => k > 0 && k <= 9 && /^[-–—]$/.test(t.text) && tokens.slice(0, k).some((u) => /^\d{1,2}[:.]\d{2}$/.test(u.text) || /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)$/.test(u.lower)) && tokens.slice(0, k).every((u) => hasDigit(u) || u.pos === 'PUNCT' || /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?$|^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\w*$|^(?:am|pm)$/.test(u.lower)));
  if (stamp > 0) tokens = tokens.slice(stamp + 1);
  // nor is a verdict that opens it ("good news, page load came down …", "the good news is critical bugs are …")
  const verdict = [4, 3, 2].find((n) => /^(?:the )?(?:good|bad|better|great|big|real) news(?: is| was)?$/.test(tokens.slice(0, n).map((t) => t.lower).join(' '))) ?? 0;
  if (verdict) tokens = tokens.slice(verdict + (/^[,:;-]$/.test(tokens[verdict]?.text ?? '') ? 1 : 0));
  // nor is the enumeration of a list written as prose ("First, …", "Separately, …")
  if (/^(?:first|second|third|fourth|finally|lastly|separately|additionally|meanwhile)$/.test(tokens[0]?.lower ?? '') && tokens[1]?.text === ',') tokens = tokens.slice(2);
  // a label that opens a note ("On the outside world:", "Regulation:") names no measure of the clause after it
  const colon = tokens.findIndex((t) => t.text === ':');
  // ("Free reserves: 2.1 months of spend" is the label's measure: a word after "of" or an article is no verb)
  const verbAfter = (k: number) => verbAt(tokens, k) && !['of', 'a', 'an', 'the'].includes(tokens[k - 1]?.lower ?? '');
  if (colon > 0 && colon <= 6 && !tokens.slice(0, colon).some((t, k) => verbAt(tokens, k)) && tokens.slice(colon + 1).some((t, k) => verbAfter(colon + 1 + k))) tokens = tokens.slice(colon + 1);
  // an opening phrase of place or time before a comma ("On the other side,", "In the quarter,") is not the subject
  const opening = tokens.findIndex((t) => t.text === ',');
  if (tokens[0]?.pos === 'ADP' && opening > 1 && opening <= 6 && !tokens.slice(0, opening).some((t, k) => verbAt(tokens, k) || hasDigit(t))) tokens = tokens.slice(opening + 1);
  const words = tokens.map((t) => t.lower);
  const that = words.findIndex((w, i) => w === 'that' && i > 0 && i <= 8 && /^(?:reports?|reported|says|said|notes?|noted|records?|recorded|states?|stated|writes?|wrote|told|explains?|explained|adds?|added|warns?|warned|expects?|thinks?|mentioned|mentions|believes?|estimates?|replied|replies|answered|answers|responded|confirmed|confirms|conceded|concedes|admitted|admits|accepted|acknowledged|stressed|insisted|argued|claimed)$/.test(words[i - 1]!));
  if (that >= 0) return tokens.slice(that + 1);
  // (nor is who reports a count straight after the verb: "The Chief Executive reported 412,000 visitors" counts visitors)
  const reporter = words.findIndex((w, i) => i > 0 && i <= 6 && /^(?:reported|reports|said|says|noted|notes|recorded|records|confirmed|confirms)$/.test(w) && hasDigit(tokens[i + 1] ?? tokens[i]!) && /^\d/.test(tokens[i + 1]?.text ?? ''));
  if (reporter > 0) return tokens.slice(reporter + 1);
  if ((words[0] === 'according' && words[1] === 'to') || (words[0] === 'as' && words.slice(0, 10).includes('put'))) {
    const comma = words.indexOf(',');
    if (comma > 0) return tokens.slice(comma + 1);
  }
  return [...tokens];
}

/** The position of a figure's number among a clause's tokens (its value as written, or in its scale). */
function figureAt(tokens: readonly ClauseToken[], value?: number): number {
  if (value === undefined) return tokens.findIndex(hasDigit);
  const at = tokens.findIndex((t) => {
    // (a signed figure is found by its size: "-15%" is the 15% a claim says fell)
    const n = Math.abs(Number(t.text.replace(/[,£$€+−]/g, '').replace(/(?:m|bn|k|p|x|%)$/i, '')));
    return Number.isFinite(n) && /\d/.test(t.text) && [1, 1e3, 1e6, 1e9].some((s) => Math.abs(n * s - Math.abs(value)) <= 1e-9 * Math.max(1, Math.abs(value)));
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
function phraseHead(tokens: readonly ClauseToken[], from: number, to: number, subject: boolean): string | undefined {
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
function measureHead(clause: ReadClause, sources: ReadonlySet<string> = new Set(), value?: number): Head {
  const tokens = withoutFrame(clause.tokens);
  const p = figureAt(tokens, value);
  if (p < 0) return { anaphoric: false };
  const head = headByPos(tokens, p, sources);
  // a note's label before a colon names the group; the measure is the word just before the figure after it ("QC analysts: attrition 24%")
  const colon = tokens.slice(0, p).map((t) => t.text).lastIndexOf(':');
  const named = (from: number, to: number) => tokens.slice(from, to).filter((t) => content(t) && /^\p{L}/u.test(t.text) && !NOT_HEADS.has(t.lower));
  // (a note's second item after a comma names its own measure: "Ro-ro units +7%, lo-lo containers -15%" → "containers")
  // (a name, with no verb: not "launched in 2023, fitted 2,400")
  const lastFigure = tokens.slice(0, p).findLastIndex((t) => hasDigit(t) && !/^(?:19|20)\d{2}$/.test(t.text));
  const comma = lastFigure >= 0 ? tokens.slice(lastFigure + 1, p).findLastIndex((t) => t.text === ',') : -1;
  const item = comma >= 0 ? tokens.slice(lastFigure + 2 + comma, p) : [];
  // (a one-word name the tagger reads as a verb too: "…, churn 3.2%/month", but never a verb of what was done: "…, fitted 2,400")
  const nameOnly = item.length > 0 && item.length <= 4 && item.every((t) => ['NOUN', 'PROPN', 'ADJ', 'DET'].includes(t.pos) || t.text === '-' || (t.pos === 'VERB' && item.length === 1 && !/(?:ed|en)$/.test(t.lower)));
  const afterComma = nameOnly && (['NOUN', 'PROPN'].includes(item.at(-1)!.pos) || item.length === 1) ? named(lastFigure + 2 + comma, p) : [];
  if (afterComma.length && !afterComma.some((t) => t.lower === head.word)) return { word: afterComma.at(-1)!.lower, anaphoric: false };
  // (a figure after the label's first figure is the label's too: "Cruise calls: 22 this season vs 9 last" → "calls")
  if (colon >= 0 && tokens.slice(colon + 1, p).some((t) => hasDigit(t))) {
    const label = named(0, colon);
    if (label.length) return { word: label.at(-1)!.lower, anaphoric: false, ...(head.word && head.word !== label.at(-1)!.lower ? { alt: head.word } : {}) };
  }
  const afterColon = colon >= 0 ? named(colon + 1, p) : [];
  if (afterColon.length && head.word && !afterColon.some((t) => t.lower === head.word)) return { word: afterColon.at(-1)!.lower, anaphoric: false, alt: head.word };
  const alt = plainHead(tokens, p);
  return alt && head.word && alt !== head.word ? { ...head, alt } : head;
}

const FUNCTION_WORDS: ReadonlySet<string> = new Set(['and', 'or', 'the', 'a', 'an', 'of', 'in', 'at', 'for', 'on', 'to', 'by', 'with', 'from', 'as', 'is', 'are', 'was', 'were']);

/** The head read without parts of speech (see Head.alt), when the clause opens with its subject. */
function plainHead(tokens: readonly ClauseToken[], p: number): string | undefined {
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
function headByPos(tokens: readonly ClauseToken[], p: number, sources: ReadonlySet<string>): Head {
  // "with net debt at 1.9 times EBITDA", "a combined ratio of 91%": the phrase whose "at" or "of" gives the figure
  let q = p - 1;
  while (q >= 0 && ['about', 'around', 'roughly', 'some', 'nearly', 'almost', 'approximately', 'just', '£', '$', '€'].includes(tokens[q]!.lower)) q--;
  // "gave the figure of 61%": the figure refers to the measure named before it
  if (q >= 1 && tokens[q]!.lower === 'of' && ANAPHORA.has(tokens[q - 1]!.lower)) return { anaphoric: true };
  // (never a time: "we closed this year at 33%")
  if (q >= 1 && (tokens[q]!.lower === 'of' || tokens[q]!.lower === 'at') && (tokens[q - 1]!.pos === 'NOUN' || tokens[q - 1]!.pos === 'PROPN') && content(tokens[q - 1]!) && !sources.has(tokens[q - 1]!.lower) && !(tokens[q]!.lower === 'at' && /^(?:year|quarter|month|week|end|time)s?$/.test(tokens[q - 1]!.lower))) {
    return { word: tokens[q - 1]!.lower, anaphoric: false };
  }
  // "…, a 24% win rate against the 35% we planned": a figure an article opens names its measure after it
  if (q >= 0 && /^(?:a|an)$/.test(tokens[q]!.lower)) {
    let k = p + 1;
    while (k < tokens.length && /^(?:%|pc|per|cent|percent)$/i.test(tokens[k]!.text)) k++;
    let last = -1;
    // (the tagger may read a word of the name as a verb: "win rate")
    for (; k < tokens.length && (['NOUN', 'ADJ', 'PROPN'].includes(tokens[k]!.pos) || (tokens[k]!.pos === 'VERB' && tokens[k + 1]?.pos === 'NOUN') || (tokens[k]!.text === '-' && last >= 0)); k++) if (tokens[k]!.pos === 'NOUN' && content(tokens[k]!)) last = k;
    if (last >= 0) return { word: tokens[last]!.lower, anaphoric: false };
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
  // (nor where "we" stand on the measure named before: "Gross margin is where it hurts. We were at 41% … and we closed this year at 33%")
  if (q >= 0 && tokens[q]!.lower === 'at' && subjectEnd > 0 && subject.every((t) => /^(?:we|i|and|but|,)$/.test(t.lower))) return { anaphoric: true };
  // (nor one whose subject is "it" after a place or a time: "Across the estate it is 19%")
  if (subjectEnd > 0 && /^(?:it|this|they)$/.test(tokens[subjectEnd - 1]!.lower) && ADPOSITIONS.has(tokens[0]!.lower)) return { anaphoric: true };
  let start = 0;
  while (start < subjectEnd && !content(tokens[start]!)) start++;
  const head = start < subjectEnd ? phraseHead(tokens, start, subjectEnd, true) : undefined;
  if (head && !sources.has(head) && !ORGANIZATION_WORDS.has(head)) return { word: head, anaphoric: false };
  if (head && sources.has(head)) return { anaphoric: true };
  // (a verb whose object before the figure is "it" moves the measure named before: "We've cut it to 29% this year")
  if (verb >= 0 && tokens.slice(verb + 1, p).some((t) => /^(?:it|this|them)$/.test(t.lower))) return { anaphoric: true };
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
function clauseWords(clause: ReadClause): Set<string> {
  const words = new Set(clause.tokens.filter((t) => /\p{L}/u.test(t.text)).map((t) => t.lower));
  // (a measure named by its initials is named by its words too)
  for (const w of [...words]) for (const x of INITIALS.get(w) ?? []) words.add(x);
  return words;
}

/** Whether `head` is among `words`, as written or with another ending ("worker" / "workers", "occupancy"). */
function hasWord(words: ReadonlySet<string>, head: string): boolean {
  if (words.has(head)) return true;
  const stem = head.replace(/(?:ies|es|s)$/, '').slice(0, Math.max(4, Math.min(6, head.length - 1)));
  for (const w of words) if (w.startsWith(stem) && Math.abs(w.length - head.length) <= 3) return true;
  for (const w of words) if (w.includes('-') && w.split('-').includes(head)) return true;
  return false;
}

const UP: ReadonlySet<string> = new Set(['rose', 'risen', 'rise', 'rises', 'rising', 'grew', 'grown', 'grow', 'grows', 'growing', 'increased', 'increase', 'increases', 'increasing', 'up', 'climbed', 'climbing', 'climb', 'lengthened', 'lengthening', 'jumped', 'doubled', 'gained', 'expanded', 'soared', 'widened', 'dearer']);
const DOWN: ReadonlySet<string> = new Set(['fell', 'fallen', 'fall', 'falls', 'falling', 'declined', 'decline', 'declining', 'decreased', 'decrease', 'down', 'dropped', 'drop', 'drops', 'shrank', 'shrunk', 'shortened', 'halved', 'cut', 'cuts', 'reduced', 'slipped', 'narrowed', 'eased', 'cheaper']);
const FLAT: ReadonlySet<string> = new Set(['flat', 'unchanged', 'steady', 'stable']);
/** Words of change are what happened to a measure, never the measure ("saw footfall fall by 7%", "an increase of 12%"). */
export const CHANGE_WORDS: ReadonlySet<string> = new Set([...UP, ...DOWN, 'rises', 'increases', 'growth', 'gain', 'gains', 'reduction', 'reductions', 'improvement', 'change']);

/** The item of a note's clause that holds a figure: from the comma after the figure before it, when there is one ("…, lo-lo containers -15%"). */
function itemAround(clause: ReadClause, value: number): ReadClause {
  const p = figureAt(clause.tokens, value);
  // (only where the figure is found: a clause that does not state it is read whole)
  const n = Math.abs(Number((clause.tokens[p]?.text ?? '').replace(/[,£$€+−-]/g, '').replace(/(?:m|bn|k|p|x|%)$/i, '')));
  if (p < 0 || ![1, 1e3, 1e6, 1e9].some((s) => Math.abs(n * s - Math.abs(value)) <= 1e-9 * Math.max(1, Math.abs(value)))) return clause;
  const lastFigure = clause.tokens.slice(0, Math.max(0, p)).findLastIndex((t) => hasDigit(t));
  const comma = lastFigure >= 0 ? clause.tokens.findIndex((t, k) => k > lastFigure && k < p && t.text === ',') : -1;
  if (comma < 0) return clause;
  const tokens = clause.tokens.slice(comma + 1);
  return { text: tokens.map((t) => t.text).join(' '), tokens };
}

/** +1, −1, 0 (flat), or undefined when the clause states no direction. */
function directionOf(clause: ReadClause): 1 | -1 | 0 | undefined {
  const t = withoutFrame(clause.tokens);
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!.lower;
    // (a word of change inside a hyphenated word names, it does not move: "the catch-up notes", "a breakdown", "start-up costs")
    if (t[i - 1]?.text === '-' || t[i + 1]?.text === '-') continue;
    // (nor one that names a rate's count: "drops per route")
    if (t[i + 1]?.lower === 'per') continue;
    // (nor the particle of a phrasal verb: "make up 9% of sales", "shut down")
    if (idleParticle(t, i)) continue;
    if (UP.has(w)) return 1;
    if (DOWN.has(w)) return -1;
    if (FLAT.has(w) || (w === 'held' && t[i - 1] && !['be', 'is', 'are', 'was', 'were'].includes(t[i - 1]!.lower) && t[i + 1]?.lower !== 'by')) return 0;
    // a signed share after the clause's figure, or before "yoy" ("6,420 units, -11% yoy", "+3pp"): its sign (not a level against a budget, "+4.2% vs bud +3.0%")
    if (/^[+\-−]\d/.test(w) && /^(?:%|pp|pts?|bp|bps|points?)$/.test(t[i + 1]?.lower ?? '') || /^[+\-−]\d[\d.]*(?:pp|pts?|bps?)$/.test(w)) {
      const next = t[i + 1]?.lower === '%' || /^(?:pp|pts?|bps?|points?)$/.test(t[i + 1]?.lower ?? '') ? t.slice(i + 2, i + 5) : t.slice(i + 1, i + 4);
      const earlier = t.slice(0, i).map((x) => x.lower);
      const lastNumber = earlier.findLastIndex((x) => /\d/.test(x));
      const between = lastNumber >= 0 ? earlier.slice(lastNumber + 1) : [];
      const yoy = /^(?:yoy|y\/y|year-on-year)$/.test(next[0]?.lower ?? '') || (/^(?:vs\.?|versus|on)$/.test(next[0]?.lower ?? '') && /^(?:ly|py|last|prior|previous)$/.test(next[1]?.lower ?? ''));
      if (yoy || (lastNumber >= 0 && !between.some((x) => /^(?:vs\.?|versus|against|compared|bud|budget|target|tgt|plan|benchmark)$/.test(x)))) return w.startsWith('+') ? 1 : -1;
      // (or straight after an amount's name: "revenue +19%")
      if (AMOUNT_NAMES.test(t[i - 1]?.lower ?? '')) return w.startsWith('+') ? 1 : -1;
    }
    if ((w === 'more' || w === 'fewer' || w === 'less') && t[i + 1]?.lower === 'than' && i > 0 && (hasDigit(t[i - 1]!) || (t[i - 1]!.text === '%' && hasDigit(t[i - 2] ?? t[i - 1]!)))) return w === 'more' ? 1 : -1;
    // "9% ahead of last year", "8% ahead of 2023", "8% above last year", "3% below the previous year": a movement over time
    // (not "ahead of the 55% plan" or "above the 4% plan", a comparison)
    const overTime = (k: number) => /^(?:last|prior|previous|(?:19|20)\d{2}|fy\S*)$/.test(t[k]?.lower ?? '') || (t[k]?.lower === 'the' && /^(?:year|previous|prior|same)$/.test(t[k + 1]?.lower ?? ''));
    const afterFigure = i > 0 && (hasDigit(t[i - 1]!) || ((w === 'above' || w === 'below' ? /^(?:%|pts?|points?|pp)$/.test(t[i - 1]!.lower) : t[i - 1]!.text === '%') && hasDigit(t[i - 2] ?? t[i - 1]!)));
    if ((w === 'ahead' || w === 'behind') && t[i + 1]?.lower === 'of' && afterFigure && overTime(i + 2)) return w === 'ahead' ? 1 : -1;
    if ((w === 'above' || w === 'below') && afterFigure && overTime(i + 1)) return w === 'above' ? 1 : -1;
    // "1.4% higher than in 2023", "lower than last year": a movement over time
    if ((w === 'higher' || w === 'lower') && t[i + 1]?.lower === 'than' && /^(?:in|last|the|a|at)$/.test(t[i + 2]?.lower ?? '') && /^(?:(?:19|20)\d{2}|year|fy\S*|last|a|previous|prior)$/.test(t[i + 3]?.lower ?? t[i + 2]!.lower)) return w === 'higher' ? 1 : -1;
  }
  // "+31 (Q2: +38)", "7.4 out of 10 (2024: 7.9)": a value with the earlier period's value in brackets moved by their difference
  const written = t.map((x) => x.text).join(' ');
  const bracket = /([+\-−]?\d[\d,]*(?:\.\d+)?)\s*(?:%|pp|pts?|points?)?\s*(?:out of \d+\s*)?\(\s*(?:fy\s?\d{2,4}|(?:19|20)\d{2}|[qh][1-4]|ly|py|last year|prior year|previous year)\s*:\s*([+\-−]?\d[\d,]*(?:\.\d+)?)/i.exec(written);
  if (bracket) {
    const now = Number(bracket[1]!.replace(/,/g, '').replace('−', '-'));
    const then = Number(bracket[2]!.replace(/,/g, '').replace('−', '-'));
    if (Number.isFinite(now) && Number.isFinite(then) && now !== then) return now > then ? 1 : -1;
  }
  // (and a ratio with the earlier period's ratio in brackets: "1 in 5 (last year 1 in 3)")
  const ratios = /(\d+)\s+in\s+(\d+)\s*\(\s*(?:last year|last season|ly|py|prior year|previous year|a year ago|(?:19|20)\d{2}|fy\s?\d{2,4})\s*:?\s*(\d+)\s+in\s+(\d+)\s*\)/i.exec(written);
  if (ratios) {
    const now = Number(ratios[1]) / Number(ratios[2]);
    const then = Number(ratios[3]) / Number(ratios[4]);
    if (Number.isFinite(now) && Number.isFinite(then) && now !== then) return now > then ? 1 : -1;
  }
  return undefined;
}

// ── figures ───────────────────────────────────────────────────────────────────────────────────────────

export interface Figure {
  value: number;
  /** '%', 'pt' (percentage points), 'ppm', 'days', 'weeks', 'months', 'hours', 'minutes', 'years', '£', '€', '$', 'x', 'p' (pence), or '' */
  unit: string;
  text: string;
  index: number;
}

const UNIT_WORDS: [RegExp, string][] = [
  [/^(?:%|per ?cent|percent)$/i, '%'],
  [/^(?:percentage points?|points?|pts|pp)$/i, 'pt'],
  [/^(?:ppm|parts per million)$/i, 'ppm'],
  [/^(?:(?:working|business|calendar|clear|school) )?days?$/i, 'days'],
  [/^weeks?$/i, 'weeks'],
  [/^months?$/i, 'months'],
  [/^hours?$/i, 'hours'],
  [/^minutes?$/i, 'minutes'],
  [/^years?$/i, 'years'],
  [/^(?:x|times)$/i, 'x'],
  [/^p$/, 'p'],
];
const MAGNITUDES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const FIGURE = new RegExp(
  String.raw`([£$€])?\s?(${NUM})(?:\s?(?:–|—|-|to)\s?([£$€])?(${NUM}))?(?:\s?(bn|billion|mn|million|thousand|m|k)\b)?(?:(?:\s?|-)(%|per ?cent\b|percent\b|percentage points?\b|points?\b|pts\b|pp\b|ppm\b|parts per million\b|(?:(?:working|business|calendar|clear|school) )?days?\b|weeks?\b|months?\b|hours?\b|minutes?\b|years?\b|times\b|x\b)|(p)\b)?`,
  'gi',
);

const unitOf = (word: string | undefined) => (word ? (UNIT_WORDS.find(([re]) => re.test(word.trim()))?.[1] ?? '') : '');

/** A text with the commas of its comma-separated lines read as cell breaks (offsets kept): "352,371,375" is three cells. */
const csvAsCells = (text: string) => (text.includes(',') ? text.replace(/[^\n]+/g, (line) => (isCsvLine(line) ? line.replace(/,/g, '\t') : line)) : text);

/**
 * The figures a text states: numbers with their currency, magnitude and unit; a range ("20–30%") gives both
 * ends with the unit. A number glued to letters ("Q3", "FY2024", "P1") is a name, not a figure.
 */
export function figuresIn(source: string): Figure[] {
  const text = csvAsCells(source);
  const out: Figure[] = [];
  const re = new RegExp(FIGURE.source, 'gi');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!m[2]) {
      re.lastIndex = m.index + 1;
      continue;
    }
    const start = m.index + (m[0].length - m[0].trimStart().length);
    const numberStart = text.indexOf(m[2], m.index);
    const before = text[numberStart - 1] ?? ' ';
    const glued = /[A-Za-z]/.test(text[numberStart - 1] ?? ' ') || /^[A-Za-z]/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 1));
    // (but seconds written as a letter on a decimal are a time: "page load came down from 3.8s to 1.9s"; "the 1990s" stays a name)
    const seconds = !m[1] && !m[5] && !m[6] && !m[7] && !/[A-Za-z]/.test(text[numberStart - 1] ?? ' ') && /\./.test(m[4] ?? m[2]) && /^s(?![A-Za-z])/.test(text.slice(m.index + m[0].length));
    if (glued && !seconds && !m[1] && !m[5] && !m[6] && !m[7]) continue;
    if (/[\d]/.test(before) || (before === '.' && /\d/.test(text[numberStart - 2] ?? ''))) continue;
    const magnitude = m[5] ? MAGNITUDES[m[5].toLowerCase()]! : 1;
    const currency = m[1] ?? m[3] ?? '';
    const unit = currency || (seconds ? 'seconds' : unitOf(m[6] ?? m[7]));
    const a = Number(m[2].replace(/,/g, '')) * magnitude;
    out.push({ value: a, unit, text: `${m[0].trim()}${seconds ? 's' : ''}`, index: start });
    if (m[4]) out.push({ value: Number(m[4].replace(/,/g, '')) * magnitude, unit, text: m[0].trim(), index: start });
  }
  return out;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Same value; units agree, or one side gives none ("81" and "81 days"). */
export const sameFigure = (a: Pick<Figure, 'value' | 'unit'>, b: Pick<Figure, 'value' | 'unit'>) =>
  close(a.value, b.value) && (a.unit === b.unit || a.unit === '' || b.unit === '');

/**
 * Whether a figure is the difference of two figures of a clause in its unit ("7 hours" of "11 hours against a
 * contractual 4 hours"), or in points of two percentages ("2.4 points" of "36.5% (FY2023: 38.9%)"); a clause
 * whose figures are all bare (a table's row, its unit in the heading) gives differences in any unit.
 */
function differenceIn(figures: readonly Figure[], f: Figure): boolean {
  if (!f.unit) return false;
  const unit = f.unit === 'pt' ? '%' : f.unit;
  // (a row of a table writes its numbers bare when its heading gives the unit: "Crane availability (%) | 95 | 91")
  // (whatever figure its label names: "Patch compliance, critical, 14 days (%) | 88 | 85")
  const bare = figures.every((x) => x.unit === '') || figures.filter((x) => x.unit === '').length >= 2;
  const inUnit = figures.filter((x) => x.unit === unit || (bare && x.unit === ''));
  return inUnit.some((a, i) => inUnit.some((b, j) => i !== j && Math.abs(Math.abs(a.value - b.value) - f.value) <= 0.05 + 1e-9));
}

export const plain = (text: string) =>
  text
    .replace(/\[@[A-Za-z0-9_-]+\]/g, '')
    .replace(/[*_`#>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// ── faithfulness ──────────────────────────────────────────────────────────────────────────────────────

/** A year is when, not how much: it is not a figure a clause has to bind. */
const isYear = (f: Figure) => f.unit === '' && Number.isInteger(f.value) && f.value >= 1900 && f.value <= 2100 && /^\d{4}$/.test(f.text);
export const boundFigures = (text: string) => figuresIn(text.replace(/\b\d{1,3}\/(?:100|5)\b/g, ' ')).filter((f) => !isYear(f));

/**
 * Whether the quote's clause implies the direction a claim's clause states though it names none: the claim's
 * "from" figure is the earlier value ("up from 35%"), or a recorded difference runs from its first input to its
 * second ("fell 2.4 points to 36.5%" from "36.5% (FY2023: 38.9%)").
 */
function impliedDirection(claim: ReadClause, quoteFigures: readonly Figure[], direction: 1 | -1 | 0, derived: readonly Derivation[]): boolean {
  const inQuote = (f: Pick<Figure, 'value' | 'unit'>) => quoteFigures.some((q) => sameFigure(q, f));
  // (a scale letter is a word of its own: "from 52 minutes" is 52, not 52 million)
  const from = /\bfrom\s+([£$€]?\s?\d[\d,.]*\s?(?:%|(?:m|bn|k|p)\b)?)/i.exec(claim.text);
  const previous = from ? figuresIn(from[1]!)[0] : undefined;
  const current = figuresIn(claim.text).find((f) => previous && !sameFigure(f, previous));
  if (previous && current && inQuote(previous) && inQuote(current)) return Math.sign(current.value - previous.value) === direction;
  const claimFigures = figuresIn(claim.text);
  // "fell 2.4 points to 36.5%" of "36.5% (FY2023: 38.9%)": the claim states one end and the difference; the other end is where it came from
  // (each figure of the claim states one of the quote's: a level the quote gives twice, as last year's and as the target, leaves one unstated)
  const claimed = [...claimFigures];
  const unstated = quoteFigures.filter((q) => {
    const at = claimed.findIndex((f) => sameFigure(f, q));
    if (at < 0) return true;
    claimed.splice(at, 1);
    return false;
  });
  for (const end of claimFigures.filter((f) => inQuote(f) && f.unit !== 'pt')) {
    for (const start of unstated) {
      // (a table's bare cell is in the unit the claim writes from its heading: "71%" of "Engineer utilisation (%) | 71 | 73")
      if ((start.unit !== end.unit && start.unit !== '' && end.unit !== '') || start.value === end.value) continue;
      const gap = Math.abs(end.value - start.value);
      if (claimFigures.some((d) => d !== end && (d.unit === end.unit || (d.unit === 'pt' && end.unit === '%') || end.unit === '') && Math.abs(d.value - gap) <= 0.05 + 1e-9)) return Math.sign(end.value - start.value) === direction;
    }
  }
  return derived.some(
    (d) => d.op === 'difference' && claimFigures.some((f) => sameFigure(f, d)) && d.inputs.length === 2 && d.inputs.every(inQuote) && Math.sign(d.inputs[1]!.value - d.inputs[0]!.value) === direction,
  );
}

/**
 * Why a claim is not bound by its quotes, or null when each of its clauses with figures is: one clause of the
 * quotes holds all of the clause's figures (or a valid derivation from them), the measure that governs the
 * figure in the quote's clause is named by the claim, and the direction has the same sign. A clause that
 * refers back ("the figure of 11 hours") names the measure the claim named before it; a clause that gives two
 * sources' figures ("the board pack gives 76 days, the CFO 81 days") binds each figure on its own. `sources`:
 * words of who reports a figure (roles, names, titles), which name no measure.
 */
/** "est." or "c." before a figure ends no sentence: "Cost of poor quality est. $31m/yr" is one. */
const joinEstimates = (text: string) => text.replace(/\b(est|approx|c|ca)\.\s+(?=[£$€~\d])/gi, '$1 ');

function unfaithfulness(text: string, quotes: readonly string[], derived: readonly Derivation[], sources: ReadonlySet<string>): string | null {
  // (a table row's comment cells say why, not which way: "EBITDA margin (%)	21.5	17.9	22.0	pay rises and Leiden losses" fell)
  const rowsWithoutComments = (q: string) =>
    q
      .split('\n')
      .map((line) => {
        // (a sheet exported as comma-separated text is a table too: "Revenue per student week (£),352,371,375,")
        const csv = isCsvLine(line);
        // (the unit a label gives in brackets is the cells', not a figure of the label's: "Patch compliance, 14 days (%)")
        return csv || /\t|\s\|\s/.test(line)
          ? line
              .split(csv ? /,/ : /\t+|\s\|\s/)
              .filter((cell, k) => k === 0 || /\d/.test(cell))
              .map((cell, k) => (k === 0 ? cell.replace(/\s*\(\s*%\s*\)/, '') : cell))
              .join('\t')
          : line;
      })
      .join('\n');
  const perQuote = quotes.map((q) => clausesOf(joinEstimates(rowsWithoutComments(q).replace(/\s*\n\s*/g, '. '))));
  const quoteClauses = perQuote.flat();
  // a note's label, a clause of its own before the figures it heads ("Cruise calls: 22 this season vs 9 last"): the words that name their measure
  const labelOf = new Map<ReadClause, string[]>();
  for (const cs of perQuote)
    cs.forEach((c, k) => {
      const before = cs[k - 1];
      const words = before ? before.tokens.filter((t) => content(t) && /^\p{L}/u.test(t.text)) : [];
      if (before && !figuresIn(before.text).length && words.length >= 1 && words.length <= 6) labelOf.set(c, words.map((t) => t.lower));
    });
  const quoteFigures = quoteClauses.map((c) => figuresIn(c.text));
  // an answer that opens with its figure ("$2.35 per pound of copper") states the measure its quoted question asks about ("What was C1 cash cost?")
  const asked = quotes.filter((q) => q.trimEnd().endsWith('?')).flatMap((q) => clausesOf(q).flatMap((c) => c.tokens.filter(content).map((t) => t.lower)));
  const opensWithFigure = (qc: ReadClause) => {
    const first = withoutFrame(qc.tokens).find((t) => t.pos !== 'PUNCT' || /[£$€]/.test(t.text));
    return first !== undefined && (hasDigit(first) || /^[£$€]$/.test(first.text));
  };
  const named = new Set<string>();
  // (nor in the claim: "… from 2030 (est. £0.4m to comply)" is one sentence)
  for (const clause of clausesOf(joinEstimates(plain(text)))) {
    const words = clauseWords(clause);
    const figs = boundFigures(clause.text);
    const own = measureHead(clause, sources);
    // a clause that opens with a comparison ("…, below the break-even level of 88%") compares the measure named before it
    const comparing = /^(?:[\d.,]+\s*(?:%|points?|pts|days?|hours?|minutes?|weeks?|months?)?\s+)?(?:well |just |far |some |still )?(?:below|above|against|versus|vs\.?|compared with|ahead of|behind|short of)\b/i.test(clause.text.replace(/^[\s,;:]+/, ''));
    const claimWords = own.anaphoric || comparing ? new Set([...words, ...named]) : words;
    for (const w of words) named.add(w);
    if (!figs.length) continue;
    let why = `${figs.map((f) => f.text).join(', ')} not together in one clause of its quotes`;
    const binds = (wanted: readonly Figure[], comparison = false) =>
      quoteClauses.some((qc, i) => {
        const qf = quoteFigures[i]!;
        const has = (f: Figure) => qf.some((q) => sameFigure(q, f)) || derived.some((d) => sameFigure(d, f) && d.inputs.every((x) => qf.some((q) => sameFigure(q, x)))) || differenceIn(qf, f);
        if (!wanted.every(has)) return false;
        // the measure of the quote clause's first figure the claim states
        const first = qf.find((q) => wanted.some((f) => sameFigure(f, q))) ?? wanted[0]!;
        // (a note's item after a comma that follows another figure is named by its own words: "… £412k (LY £389k), retail £41k")
        const item = itemAround(qc, first.value);
        // (only an item whose label is a few nouns right before its figure; one that opens with its figure, "41% of transactions now go
        // through it", or says its own verb, "where the firms in her club average 110", "fitted 2,400", is read with the clause)
        const at = item.tokens.findIndex(hasDigit);
        const lead = item.tokens.slice(0, at).filter((t) => !/^[£$€]$/.test(t.text));
        const labelled = item !== qc && lead.length >= 1 && lead.length <= 4 && lead.every((t) => (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ') && !/ed$/.test(t.lower));
        const itemHead = labelled ? measureHead(item, sources, first.value) : undefined;
        const quoteHead = itemHead?.word ? itemHead : measureHead(qc, sources, first.value);
        const answers = opensWithFigure(qc) && (asked.some((w) => hasWord(claimWords, w)) || (labelOf.get(qc) ?? []).some((w) => hasWord(claimWords, w)));
        if (quoteHead.word && !hasWord(claimWords, quoteHead.word) && !(quoteHead.alt && hasWord(claimWords, quoteHead.alt)) && !answers) {
          why = `the quote's measure "${quoteHead.word}" is not the claim's ("${qc.text.slice(0, 80)}")`;
          return false;
        }
        const dc = directionOf(clause);
        // (a note's item after a comma moves by its own sign: "Ro-ro units +7% (Dutch route), lo-lo containers -15%")
        // (and where the item states none, the clause's: "… cut flowers move …, roughly €65 per check")
        const dq = directionOf(itemAround(qc, first.value)) ?? directionOf(qc);
        if (dc !== undefined && !(comparison && dq === undefined)) {
          if (dq !== dc && !(dq === undefined && impliedDirection(clause, qf, dc, derived))) {
            why = `direction ${dc} where the quote says ${dq ?? 'none'} ("${qc.text.slice(0, 80)}")`;
            return false;
          }
        }
        return true;
      });
    const attributions = clause.tokens.filter((t) => sources.has(t.lower)).length;
    // two sources' figures bind each on its own; so does a figure with a comparison stated in a clause of its own
    // ("rose to 4.4x; the banks' covenant is 5.0x"), each by its own measure, the first with its direction too
    // (a gap the draft worked out between them, "6.3 points above the regulatory minimum of 10.5%", stands with its two figures)
    const plainFigs = figs.filter((f) => !differenceIn(figs.filter((g) => g !== f), f) && !derived.some((d) => sameFigure(d, f) && d.inputs.length === 2 && d.inputs.every((x) => figs.some((g) => g !== f && sameFigure(g, x)))));
    const bound = binds(figs) || (plainFigs.length >= 2 && plainFigs.every((f, i) => binds([f], attributions < 2 && i > 0)));
    if (!bound) return `${clause.text.slice(0, 100)}: ${why}`;
  }
  return null;
}

// ── a draft's claims ──────────────────────────────────────────────────────────────────────────────────

/** Who the draft may name as a source: what the check does not take for a measure. */
export interface DraftSources {
  organization: string;
  stakeholders: readonly { name: string; role: string }[];
  /** the evidence items' titles */
  titles: readonly string[];
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)?/gu) ?? [];

/** The words of who reports a figure (roles, names, titles, the organization): they name no measure. */
export function sourceWords(s: DraftSources): Set<string> {
  return new Set<string>([
    ...s.stakeholders.flatMap((p) => [...wordsOf(p.role), ...wordsOf(p.name)]),
    ...s.titles.flatMap(wordsOf),
    ...wordsOf(s.organization),
    'interview', 'interviewee', 'source', 'sources', 'document', 'evidence', 'notes', 'survey', 'memo', 'transcript',
  ]);
}

/** A drafted claim the check left out, for the draft's provenance. */
export interface UnfaithfulClaim extends Omit<FlaggedClaim, 'reason'> {
  reason: 'unfaithful';
}

type Quoted = { citations: readonly { quote: string }[] };

/** Why a claim that states figures is not bound by its quotes, or null when it is (or states none). */
export function claimProblem(said: string, item: Quoted, sources: ReadonlySet<string>, derived: readonly Derivation[] = []): string | null {
  if (!boundFigures(plain(said)).length) return null;
  return unfaithfulness(said, item.citations.map((c) => c.quote), derived, sources);
}

/**
 * Prose with its unfaithful sentences left out: each sentence that states figures is checked against the quotes of
 * the citations it marks ("[@id]"), as a claim is; one that fails is dropped and listed.
 */
function faithfulProse(step: string, text: string, citations: Quoted['citations'], sources: ReadonlySet<string>, derived: readonly Derivation[], flagged: UnfaithfulClaim[]): string {
  const byId = new Map(citations.map((c) => [(c as { id?: string }).id, c]));
  return text
    .split(/(\n\s*\n)/)
    .map((paragraph) =>
      /^\n/.test(paragraph)
        ? paragraph
        : paragraph
            .split(/(?<=[.!?](?:\s*\[@[A-Za-z0-9_-]+\])*)\s+(?=[\p{Lu}"“])/u)
            .filter((sentence) => {
              const marked = [...sentence.matchAll(/\[@([A-Za-z0-9_-]+)\]/g)].map((m) => byId.get(m[1])).filter((c): c is Quoted['citations'][number] => Boolean(c));
              const why = claimProblem(sentence.replace(/\[@[A-Za-z0-9_-]+\]/g, ''), { citations: marked }, sources, derived);
              if (why !== null) flagged.push({ step, text: sentence.slice(0, 300), reason: 'unfaithful', missing: [why.slice(0, 300)] });
              return why === null;
            })
            .join(' '),
    )
    .join('');
}

/**
 * The longest opening of a statement, ended at one of its own sentence or clause ends (". ", "; "), that the check
 * passes: a sentence with a verb and at least six words. Undefined when none does.
 */
function boundPrefix(statement: string, passes: (text: string) => boolean): string | undefined {
  const ends = [...statement.matchAll(/[.;](?=\s+\S)/g)].map((m) => m.index);
  for (let i = ends.length - 1; i >= 0; i--) {
    const head = statement.slice(0, ends[i]).trimEnd();
    // (never at an abbreviation's point, "(est. £0.4m)", nor inside brackets or quotation marks)
    if (/\b(?:est|approx|c|ca|e\.g|i\.e|vs|no|fig|inc|ltd|co|St|Dr|Mr|Mrs|Ms)$/i.test(head) || (head.match(/\(/g) ?? []).length !== (head.match(/\)/g) ?? []).length || (head.match(/“/g) ?? []).length !== (head.match(/”/g) ?? []).length) continue;
    const text = `${head.replace(/[,:]$/, '')}.`;
    if (text.split(/\s+/).length < 6 || !tokensOf(text).flat().some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    if (passes(text)) return text;
  }
  return undefined;
}

/** A finding's first sentence cut to its level, before the comma that opens what it is compared with; the rest kept. */
function levelOnly(statement: string): string | undefined {
  const m = /^([^.;,]*?\d[^.;,]*?),\s[^;]*?\d[^;]*?\.(\s+\p{Lu}.*)?$/su.exec(statement);
  if (!m || /^(?:the\s+)?[\w\s-]{0,60}\b(?:reports?|records?|says?|notes?)\s+that\b/i.test(m[1]!)) return undefined;
  const first = m[1]!.trim();
  // (a level needs its verb and its measure: "Staff turnover is 34%", never "34%")
  if (first.split(/\s+/).length < 3 || !/\b(?:is|are|was|were|stands?|stood|reached|runs?|ran|averaged|hit|sits?|sat)\b/.test(first)) return undefined;
  return `${first}.${m[2] ?? ''}`;
}

/**
 * A finding the check leaves out, reported instead as its source states it ("According to the board pack: “…”"), when
 * its first quote is a sentence of prose (a verb, no table cells, at most 40 words) from a source the draft can name.
 */
function reportedAsWritten(item: Quoted & { citations: readonly { quote: string; evidence_id?: string }[] }, voices: ReadonlyMap<string, string>): string | undefined {
  const first = item.citations[0];
  const voice = first?.evidence_id ? voices.get(first.evidence_id) : undefined;
  if (!first || !voice) return undefined;
  const quote = first.quote.replace(/\s+/g, ' ').replace(/^[\s\-•*]+/, '').replace(/^(?:[A-Z]{1,3}|Q|A):\s*/, '').trim().replace(/[\s.;:,]+$/, '');
  // (never an instruction planted in the evidence, a heading, a table's cells, a quote within a quote, or a speaker's
  // first person: the report speaks of roles)
  if (!quote || /[\t|]/.test(first.quote) || quote.split(' ').length > 40 || /[“”"]/.test(quote) || isInstruction(quote) || NUMBERED_HEADING.test(quote) || /\b(?:we|our|us|I|my|me|he|she|his|her)\b/i.test(quote)) return undefined;
  if (!tokensOf(quote).flat().some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return undefined;
  return `According to ${voice}: “${quote}”.`;
}

/**
 * A step's draft with its unfaithful claims left out: findings (their statement), SWOT items, recommendations
 * (title and rationale) and the executive summary's key messages that state figures, each checked against the
 * quotes of its own citations. The roadmap states no figures; the summary's prose is built from the key lines. A
 * finding left out is reported as its source states it when it can be (reportedAsWritten).
 */
export function withFaithfulClaims<T>(step: string, data: T, sources: ReadonlySet<string>, derived: readonly Derivation[] = [], voices: ReadonlyMap<string, string> = new Map()): { data: T; flagged: UnfaithfulClaim[] } {
  const flagged: UnfaithfulClaim[] = [];
  const keep = <I extends Quoted>(items: readonly I[], said: (item: I) => string): I[] =>
    items.filter((item) => {
      const why = claimProblem(said(item), item, sources, derived);
      if (why !== null) flagged.push({ step, text: said(item).slice(0, 300), reason: 'unfaithful', missing: [why.slice(0, 300)] });
      return why === null;
    });
  const o = data as Record<string, unknown>;
  switch (step) {
    case 'findings': {
      // a finding whose paraphrase the quotes do not bind is reported as its source states it, when that can be done
      // (its metric, named by the paraphrase, goes with it); else it is left out
      const findings = (o.findings as (Quoted & { statement: string; metric?: unknown; citations: readonly { quote: string; evidence_id?: string }[] })[]).flatMap((f) => {
        const why = claimProblem(f.statement, f, sources, derived);
        if (why === null) return [f];
        // (or, when only what it compares the figure with is not bound, as the level alone: "Staff turnover is 34%, 8 points
        // above the sector average of 26%" → "Staff turnover is 34%", the rest of the finding as it was)
        const level = levelOnly(f.statement);
        if (level && claimProblem(level, f, sources, derived) === null) {
          flagged.push({ step, text: f.statement.slice(0, 300), reason: 'unfaithful', missing: [why.slice(0, 300), `stated as its level instead: ${level.slice(0, 280)}`] });
          const { metric: _metric, ...rest } = f;
          return [{ ...rest, statement: level }];
        }
        const statement = reportedAsWritten(f, voices);
        const kept = statement !== undefined && claimProblem(statement, f, sources, derived) === null;
        // (or, when what fails comes after a clause that its quotes bind, as that clause: "The memo reports that Ofgem has
        // proposed a debt relief scheme …; the budget is £24m" keeps the proposal and leaves out the budget it does not bind)
        const cut = kept ? undefined : boundPrefix(f.statement, (text) => claimProblem(text, f, sources, derived) === null);
        flagged.push({ step, text: f.statement.slice(0, 300), reason: 'unfaithful', missing: [why.slice(0, 300), ...(kept ? [`reported as written instead: ${statement.slice(0, 280)}`] : cut ? [`cut to what its quotes bind: ${cut.slice(0, 280)}`] : [])] });
        if (!kept && !cut) return [];
        const { metric: _metric, ...rest } = f;
        return [{ ...rest, statement: kept ? statement : cut! }];
      });
      // (two findings of one sentence reported as written are one: never the same statement twice)
      return { data: { ...o, findings: findings.filter((f, i) => findings.findIndex((g) => g.statement === f.statement) === i) } as T, flagged };
    }
    case 'swot': {
      const out: Record<string, unknown> = { ...o };
      const seen = new Set<string>();
      for (const q of ['strengths', 'weaknesses', 'opportunities', 'threats'])
        out[q] = keep((o[q] ?? []) as (Quoted & { text: string })[], (s) => s.text).filter((item) => !seen.has(item.text) && Boolean(seen.add(item.text)));
      return { data: out as T, flagged };
    }
    case 'recommendations': {
      // (a rationale whose comparison the quotes do not bind keeps its level alone, as a finding does)
      const items = (o.items as (Quoted & { title: string; rationale: string })[]).map((r) => {
        if (claimProblem(`${r.title}. ${r.rationale}`, r, sources, derived) === null) return r;
        const level = levelOnly(r.rationale);
        return level && claimProblem(`${r.title}. ${level}`, r, sources, derived) === null ? { ...r, rationale: level } : r;
      });
      return { data: { ...o, items: keep(items, (r) => `${r.title}. ${r.rationale}`) } as T, flagged };
    }
    case 'executive-summary': {
      const key_messages = keep(o.key_messages as (Quoted & { text: string })[], (k) => k.text);
      return { data: { ...o, key_messages, ...(typeof o.summary === 'string' ? { summary: faithfulProse(step, o.summary, (o.citations ?? []) as Quoted['citations'], sources, derived, flagged) } : {}) } as T, flagged };
    }
    default:
      return { data, flagged };
  }
}
