/**
 * Claims: what a sentence of the evidence states about a measure. A claim has a subject (the measure, with
 * its qualifier), figures in roles (the current value, an earlier one, a benchmark or target, a change), a
 * period, a movement (up or down), whether that is good or bad for the measure (its valence, from the
 * measure table: never from the verb alone), whether it is about the organization or its environment, and a
 * cause where one is stated.
 *
 * The sentence's words come from wink-nlp (nlp.ts): tokens with their types, parts of speech and lemmas.
 * Words such as "lower" or "higher" are read within the clause of the measure they belong to: "Staff
 * turnover is 48%, against a sector average of 30%, although absence is lower" says turnover is above its
 * benchmark; "lower" speaks of absence.
 */
import { looksLikeInstruction } from '../text/grounding';
import type { Dimension } from '@shared/schemas/analysis';
import { compareFigures, DURATION_UNITS, judgeByWords, type Measure, measureById, measuresIn, type Polarity, statementPolarity, valenceOf } from './measures';
import { isEnglishWord, type ParsedSentence, type Token } from './nlp';
import { APPROXIMATE, bindFigure, type BindingKind, clauseSpans, CURRENCY_CODE, directionIn, DOWN_WORDS, type FigureRef, idleParticle, isCsvLine, isVerbAt, measureName, type RawFigure, rawFigures, roleOf, SEGMENT_HEAD, SURVEY_VERB, UP_WORDS, wordsOf } from './read-claims';

/** Rates of doing a thing right, whose best is all of it: on time and in full, right first time, compliant, available. */
const RIGHT_RATE = /\b(?:(?:without|with no|free (?:of|from)) (?:an? |any )?(?:errors?|defects?|faults?|mistakes?|damage)|(?:error|defect|fault|damage)-free|on[- ]time|otif|in full|right first time|first[- ]time (?:fix|right|pass)|first[- ](?:contact|call) resolution|resolved (?:at|on) first|adherence|punctuality|pass rate|passed|first attempt|compliance|compliant|availability|uptime|gas safety|safety (?:checks?|certificates?|inspections?)|fill rate|service level|accuracy|accurate|on (?:budget|schedule|plan)|within (?:budget|terms|(?:payment |credit )?terms|target|(?:the )?(?:sla|standard|deadline))|on terms)\b/i;
/** A share of what the organization sells, carries or makes: "58% of traffic", "91% of capacity", "40% of revenue". */
const CONCENTRATION = /%\s+of\s+(?:our |your |their |the |its |group |total |all |annual )?(?:revenue|revenues|sales|traffic|passengers|capacity|volumes?|income|turnover|fee income|net fee income|orders|output|production|profit|business|purchases|supply|spend|throughput|tonnage|bookings|room nights|what (?:we|it|they) (?:sell|sells|make|makes|carry|carries|produce|produces|ship|ships))\b/i;
/** Rates of people or customers lost, with the levels below which they are low and from which they are high (a year). */
const LOSS_NORMS: [RegExp, number, number][] = [
  [/\b(?:absence|sickness|sick leave)\b/, 3, 5],
  [/\b(?:churn|attrition|lapse rate|cancellations?)\b/, 5, 10],
  [/\b(?:staff|employee|people|colleague|workforce|labour) turnover\b|^\s*turnover\b/, 10, 20],
];
/** Shares kept: renewed, retained, came back. */
const KEPT_RATE = /\b(?:renew(?:al|als|ed)|retention|retained|re-?signed|stayed)\b/i;
/** Shares of space or time filled. */
const FILLED_RATE = /\b(?:occupancy|occupied|utili[sz]ation|utili[sz]ed|load factor)\b/i;
/** Rates of doing a thing again or wrong, whose best is none of it: repeat fixes, rework, defects, missed visits. */
const FAILED_RATE = /\b(?:repeat (?:fix|fixes|visits?|calls?|repairs?)|rework|re-?work|defects?|defective|failure rate|failed|errors?|error rate|redo|scrap rate|wastage|no-?shows?|did not attend|dna rate|missed (?:visits|calls|collections|appointments|deliveries)|abandon(?:ed|ment) rate|abandoned)\b/i;
/** A share of a mix, not a rate: "renewals made up 55% of new bookings", "account for 40% of revenue". */
const MIX_SHARE = /\b(?:accounts? for|accounted for|made up|makes? up|represents?|represented|comprises?|comprised|share of|of (?:revenue|sales|income|turnover|bookings|new bookings|the total|spend|the budget|costs?))\b/i;
export type { FigureRef,  } from './read-claims';

export interface Claim {
  evidence_id: string;
  /** the sentence, an exact span of the evidence text */
  start: number;
  end: number;
  sentence: string;
  /** position of the sentence in its evidence item */
  order: number;
  measure: Measure | null;
  /** theme key: the measure's id, or the noun phrase's normal form */
  key: string;
  name: string;
  dimension: Dimension;
  /** the words of the clause before the verb, cleaned ("two suppliers", "Staff turnover in stores") */
  subject: string;
  /** the measure's words as the evidence wrote them ("engineering attrition") */
  named: string;
  /** a named company in the sentence (a competitor, a customer), pronouns resolved */
  entity: string;
  /** where the entity is named, when the sentence only says "its" or "their" */
  entityFrom?: { start: number; end: number };
  /** where the measure is named, when this sentence only refers to it ("the cost", "it") */
  measureFrom?: { start: number; end: number };
  /** a comparison with peers stated in words, without their figure ("well above most groups") */
  peerWords?: string;
  /** what a level held steady against ("despite price deflation") */
  heldDespite?: string;
  /** the verb that judged a move to the level, when the evidence gives no earlier value ("improved", "deteriorated") */
  movedWord?: string;
  /** where the benchmark is stated, when a later sentence gives it ("OEE is around 61%. World-class would be 85%.") */
  benchmarkFrom?: { start: number; end: number };
  /** where the earlier value is stated, when a later sentence gives it ("We win one bid in six. Two years ago it was one in four.") */
  previousFrom?: { start: number; end: number };
  /** how the figure is bound to its measure (read-claims.ts), or an outside event (events.ts): a share, an actor's count and an event are reported with their source, not paraphrased */
  kind?: BindingKind | 'event';
  /** what "it" of an event refers to, when the sentence before names it ("Pet insurance. Brokers keep asking us for it.") */
  antecedent?: { start: number; end: number; text: string; heading?: boolean };
  /** the clause that states it, as an exact span of the evidence text */
  clause?: { start: number; end: number };
  /** the heading whose place the qualifier names ("at Łódź"), when the sentence itself does not */
  scopeFrom?: { start: number; end: number };
  qualifier: string;
  /** a note with no verb in its clause ("Urgent-care tender from the integrated care board, £2.3m a year") */
  verbless?: true;
  /** a table row's scale for its bare figures, from its label ("£m" of "Revenue (£m)") */
  scale?: string;
  figures: FigureRef[];
  current?: FigureRef;
  previous?: FigureRef;
  benchmark?: FigureRef;
  change?: FigureRef;
  /** +1 up, −1 down, 0 not said: over time, or against a benchmark */
  movement: 1 | -1 | 0;
  /** +1 up, −1 down, 0 not said: over time only (a change, an earlier value, a verb of change) */
  trend: 1 | -1 | 0;
  /** +1 good, −1 bad, 0 neutral, for the organization */
  valence: 1 | -1 | 0;
  external: boolean;
  period: string;
  cause: string;
  /** the sentence speaks of the future ("will", "forecast", "suggest") */
  forecast: boolean;
  /** what the subject says it will do ("will dual-source brackets and housings from 2026") */
  intent: string;
  /** a suggestion or a plan ("would like to", "recommends"), not a fact */
  proposal: boolean;
  /** "thinks", "estimate", "about": the source is not sure */
  hedged: boolean;
}

// ── words that give claims their meaning ──────────────────────────────────────────────────────────────

/** The organization moving a measure named before ("We've cut it to 29% this year"). */
export const MOVED_IT = /^(?:we|we've|we have|we had)\s+(?:now\s+|since\s+|already\s+)?(?:cut|reduced|brought|got|lowered|raised|increased|improved|pushed|grown|halved|doubled)\s+it\b/i;
const TRANSITIVE_CHANGE = new Set(['cut', 'cuts', 'reduced', 'lowered', 'raised', 'lifted', 'increased', 'halved', 'doubled', 'shortened', 'improved']);
/** Verbs that say a measure moved the right way, or the wrong way, whichever way that is for it. */
const BETTER = /\b(?:improved|improving|improves)\b/;
const WORSE = /\b(?:worsened|worsening|deteriorated|deteriorating)\b/;
const HEDGES = /\b(?:thinks?|believes?|estimates?d?|guess\w*|maybe|perhaps|probably|suggests?|in his view|in her view|not sure|to hand)\b/i;
const PROPOSAL = /\b(?:would like|wants? to|recommends? (?:a|an|the|that)|proposes?|propose|plans? to|intends? to|(?<!\b(?:which|that|this|it)\s)should|needs? to|has been asking|we've been asking|business case)\b/i;
const INSTRUCTION = /\b(?:ignore (?:all |any )?(?:previous|prior|above) instructions|disregard (?:the|all|previous)|you are an? (?:ai|assistant|language model)|note to the ai|system prompt)\b/i;
const CAUSE_MARKERS = /\b(?:because of|due to|driven by|owing to|caused by|reflects|reflecting|mainly through|mostly on the back of|on the back of|the main drivers were|as a result of)\b/i;
const EXTERNAL_SUBJECT = /\b(?:(?:uk|us|eu|european|global|world|worldwide|national|nationwide) (?:[\w-]+ ){0,2}(?:volumes?|demand|spending|consumption|industry|sector)|competitors?|rivals?|discount (?:chain|retailer|competitor)s?|market|customers? (?:say|said|told|would|want|plan|intend)|regulat\w*|mandatory|mandate|legislation|law|government|prices? of|tariffs?|commissioners?|care board|tender(?:ing|s)?|inspection|inspectorate)\b/i;
/** Who holds a share of a market, and the share ("discount rivals now hold 22% of the regional market"). */
const RIVAL_SHARE = /^[\s\-•*]*((?:[\w&'’.-]+ ){1,6}?)(?:now |still |already |together )?(?:take|takes|took|taking|hold|holds|held|have|has|had|command|commands|capture[sd]?|win|wins|won|control|controls|account for|accounts for|accounted for)\s+(?:now |a |an |some |about |around |roughly |nearly |almost |over |more than |close to |just over |just under )*[\d.]+\s?(?:%|per ?cent) of ((?:the |all )?(?:[\w&'’-]+ ){0,5}?(?:market|markets|spending|spend|sales|demand|bookings|orders|purchases|trade|volumes?|transactions|traffic|enrolments|admissions|listings|placements)\b(?: (?:by|among|in|across|for) (?:[\w&'’-]+ ){0,3}?[\w&'’-]+(?=[,;.]|\s+(?:up|down|from|against|compared|versus|vs)\b|$))?)/i;
/** The organization's rivals named by what they are. */
const RIVALS = /\b(?:rivals?|competitors?|competition|(?:new )?entrants?|challengers?|discounters?|start-?ups|fintechs|neobanks|marketplaces|platforms|chains|operators|online (?:players|retailers|sellers|brands)|players)\b/;
const NO_CONCERN = /\b(?:(?:no|not a|never a|nobody thinks (?:that's|it's|that is|it is) a|isn't a|is not a) (?:problem|concern|worry|issue)|nothing to worry about)\b/;
const GOOD_WORDS = /\b(?:(?:no|not a|never a|nobody thinks (?:that's|it's|that is|it is) a|isn't a|is not a) (?:problem|concern|worry|issue)|nothing to worry about|lower risk|was better|were better|is better|strength|strong|ahead of|well within|best|excellent|advantage|opportunit\w*|encouraging|under-served|(?:an?|the|new|real|clear|big|genuine) opening(?! (?:an?|the|hours)\b)|could add|upside|well placed|tender(?:ing|s)?|(?<!not |n't |never )proud|a record(?! (?:low|loss))|,\s*record(?! (?:low|loss))|record (?:high|level|year|season)|(?:were|was|is|are|been|['’]s) (?:very |perfectly |basically )?(?:good|strong|solid|excellent|fine)\b(?! (?:of|for)\b)|healthy|good for|better than|highest|the best|bright spot|the most (?:we|it|they|the \w+) (?:have|has) ever (?:had|had on|employed|trained|taken on|sold|won)|(?:most|highest|best|largest) (?:ever|on record)|(?<!(?:not |n't |never |less ))(?:pleased|happy|delighted) (?:with|about)|(?:remains? |is |was )?(?:adequate|comfortable|ample)|(?<!(?:rivals?|competitors?|they|who) )(?:won|secured|was awarded|were awarded))\b/i;
const BAD_WORDS = /\b(?:(?:need|needs|have|has|must|want) to (?:bring|get|push) (?:it |this |that |them )?down|dilut(?:es|ed|ing) (?:the |our |its )?(?:group's |gross )?margins?|erod(?:es|ed|ing) (?:the |our |its )?margins?|(?:not|n't|never) proud|need (?:it|this|that|them) (?:higher|lower|up|down)|needs? to (?:rise|improve|come down|fall)|big gap to fill|tighter than|(?:is|are|was|were) (?:too )?tight|squeezed|stretched|hurting|worr\w*|(?<!(?:no|not a|never a|nobody thinks (?:that's|it's|that is|it is) a|isn't a|is not a) )problem|(?<!(?:no|not a|never a|isn't a|is not a) )concern|weak\w*|remains? high|too (?:much|many|high|long|slow)|difficult|(?<!(?:less|lower|reduced|little) )risk|threat|late|behind|lose|lost(?!\s?-\s?time)|pressure|deferred|not spent|spreadsheets?|paper[- ]based|on paper|paper (?:forms?|records?|files?|notes?|rotas?|diaries|systems?|process\w*|invoices?|tickets?)|manual(?:ly)?|by hand|wall-chart|reactive|bottleneck|unanswered|sore point|badly|loss-making|overr[au]n|shortfall|not good|less happy|unhappy|struggl\w*|strain\w*|lowest|the worst|worst|unmanageable|(?<!(?:no|zero|without|few|fewer) )complain\w*|(?:still |remains? |is |was )negative|(?:hard|difficult|slow) to (?:use|find|reach|navigate|understand)|painful|where the (?:real |main )?pain is|pain points?|expensive|costly|a drag|a burden)\b/i;

/** The word before "revenue" that names a stream of it, not the whole: "circulation revenue", "digital revenue" (not "total revenue"). */
const REVENUE_STREAM = /\b(?!(?:total|group|annual|net|gross|overall|underlying|reported|statutory|consolidated|our|the|its|their|company|business|operating|recurring|quarterly|monthly|yearly|half-year|full-year|first-half|second-half|like-for-like|lfl|core|a|an|of|in|and|with|that|this|whose|where|while|as|but|to|from|at|on|by|for|which|when|was|is|has|had|were|are|year|half|quarter|fy|h1|h2|q[1-4]|sales|trading|organic|comparable|budgeted|forecast|target|contracted|expected|new|lost|total-)\b)[a-z][a-z&-]{2,} $/;

// ── subjects, names and entities ──────────────────────────────────────────────────────────────────────

const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** Proper names in the tokens (runs of PROPN not at the sentence start, or a capitalised name glued to a capital). */
export function entitiesIn(tokens: readonly Token[], ignore: ReadonlySet<string>): string[] {
  const names: string[] = [];
  let run: string[] = [];
  const flush = () => {
    const name = run.join(' ').replace(/\s+&\s+/g, ' & ');
    if (name && !ignore.has(name.toLowerCase()) && !MONTHS.has(name.toLowerCase()) && !/^(?:q[1-4]|fy\d+|h[12]|p\d|[A-Z]{1,2})$/i.test(name) && !/\b(?:Report|Review|Memo|Pack|Plan|Board|Directors|Quarter|Appendix|Section|Table|Figure|Commission|Inspection)\b/.test(name)) names.push(name);
    run = [];
  };
  // (after a speaker's label the next word opens the sentence: "RD: Rents rise 2.7% in April")
  const label = tokens.findIndex((t, k) => k <= 3 && t.text === ':' && k > 0 && tokens.slice(0, k).every((u) => /^[A-Z][A-Za-z]{0,3}$/.test(u.text)));
  const firstWord = tokens.findIndex((t, k) => k > label && t.type === 'word' && /\p{L}/u.test(t.text));
  tokens.forEach((t, i) => {
    // a sentence's first word is a name only when a name goes on after it ("Vantor Motors is …", not "Gross margin …")
    if (i <= firstWord && !/^[A-Z][a-z]+[A-Z]/.test(t.text) && !(t.pos === 'PROPN' && tokens[i + 1]?.pos === 'PROPN' && /^\p{Lu}/u.test(tokens[i + 1]!.text))) return;
    const camel = /^[A-Z][a-z]+[A-Z][A-Za-z]*$/.test(t.text);
    const proper = (t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text) && !/^[A-Z]+$/.test(t.text)) || camel;
    if (proper || (run.length && (t.text === '&' || t.text === 'Co'))) run.push(t.text);
    else flush();
  });
  flush();
  return [...new Set(names)];
}

const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);

// ── one sentence ──────────────────────────────────────────────────────────────────────────────────────

export interface SentenceContext {
  evidence_id: string;
  order: number;
  /** lower-case names not to count as entities: the organization, people, months, roles */
  ignore: ReadonlySet<string>;
  /** the last company named before this sentence in the same item (resolves "its", "their") */
  lastEntity: string;
  /** the sentence that named it */
  lastEntityFrom?: { start: number; end: number };
  /** the heading the sentence falls under, when it names a place or a segment ("Telford"), and where it is */
  scope?: string;
  scopeFrom?: { start: number; end: number };
  /** the last measure named in the two sentences before (what "the cost" of a later sentence is), and where */
  recent?: Measure;
  recentFrom?: { start: number; end: number };
  /** the sentence after this one, for a cause it states ("The decline reflects …") */
  next?: ParsedSentence;
  /** the sentence before this one, for what "it" and "the cost" refer to, and for its judgement ("We lose too many …") */
  previous?: ParsedSentence;
  /** whether a blank line separates the sentence before from this one (another paragraph's judgement is not this one's) */
  afterBreak?: boolean;
  /** capitalised words the item writes mid-sentence (names, places): a sentence's capitalised first word is a name only when it is among them */
  names?: ReadonlySet<string>;
}

const QUESTION_OPENERS = new Set(['what', 'how', 'and', 'so', 'about', 'is', 'are', 'was', 'were', 'the', 'your', 'our', 'its', 'their', 'much', 'many', 'long', 'did', 'does', 'do', 'has', 'have', 'q', 'iv', 'rt', 'i']);

/**
 * The measure a question asks about ("What was C1 cash cost last year?" → "C1 cash cost"; "Net debt?" → "Net debt"):
 * the noun phrase after its question words, or undefined when the sentence is no question or names no noun.
 */
export function questionPhrase(question: ParsedSentence | undefined): { text: string; start: number; end: number } | undefined {
  if (!question || !question.text.trimEnd().endsWith('?')) return undefined;
  const t = question.tokens;
  let k = 0;
  while (k < t.length && (t[k]!.pos === 'PUNCT' || t[k]!.pos === 'SYM' || QUESTION_OPENERS.has(t[k]!.lower) || t[k]!.pos === 'AUX')) k++;
  const s = k;
  while (k < t.length && !/^(?:last|next|this|per)$/.test(t[k]!.lower) && (['NOUN', 'PROPN', 'ADJ'].includes(t[k]!.pos) || (t[k]!.text === '-' && k > s) || (t[k]!.type === 'number' && /[a-z]/i.test(t[k - 1]?.text.slice(-1) ?? '') && t[k]!.start === t[k - 1]!.end))) k++;
  // a bare phrase asked as a question ("Customer churn?"): its last word is a noun whatever the tagger says
  if (k > s && t[k]?.type === 'word' && t[k + 1]?.text === '?' && k + 2 >= t.length) k++;
  while (k > s && t[k - 1]!.pos === 'ADJ') k--;
  if (k === s || !t.slice(s, k).some((x) => x.pos === 'NOUN' || x.pos === 'PROPN') || k - s > 6) return undefined;
  return { text: wordsOf(t, s, k), start: t[s]!.start, end: t[k - 1]!.end };
}

/** The measure a short statement of concern names, for the sentence after it that says "it" ("Screen occupancy is the worry. Across the estate it is 19%"). */
function topicPhrase(statement: ParsedSentence | undefined): { text: string; start: number; end: number } | undefined {
  if (!statement || /\d/.test(statement.text)) return undefined;
  // (after a speaker's label: "A: Gross margin is where it hurts.")
  const label = /^\s*[A-Z]{1,3}:\s*/.exec(statement.text)?.[0] ?? '';
  const skip = label ? statement.tokens.findIndex((t) => t.text === ':') + 1 : 0;
  const m = /^((?:\p{Lu}|\p{Ll})[\p{L}-]*(?: [\p{L}-]+){0,3}) (?:(?:is|are|remains|was) (?:the|a|our|my) (?:(?:real|big|biggest|main|key|only|one|other) )?(?:worry|problem|issue|concern|challenge|headache|weak spot|pain point|bright spot|priority)|(?:is|are) where (?:it hurts|the pain is|we struggle|we are weakest))\.?$/u.exec(statement.text.slice(label.length).trim());
  // (a measure's words, "per" among them, and a first word the tagger may take for a verb: "Spend per head is the worry.")
  if (!m || !statement.tokens.slice(skip, skip + m[1]!.split(' ').length).every((t, k) => ['NOUN', 'PROPN', 'ADJ'].includes(t.pos) || t.text === '-' || t.lower === 'per' || (k === 0 && t.pos === 'VERB' && judgeByWords(m[1]!.toLowerCase()) !== undefined))) return undefined;
  return { text: m[1]!, start: statement.start + label.length, end: statement.start + label.length + m[1]!.length };
}

/**
 * The level a plan set, as the benchmark of the outturn named from it: what the plan aimed at is better reached, unless it
 * names a cost ("we delivered 1.5%" against "4% like-for-like growth" falls short).
 */
export function withOutturn(claim: Claim, planned: FigureRef, from: { start: number; end: number }): void {
  withBenchmark(claim, planned, from);
  if (claim.valence === 0 && claim.current && claim.current.value !== planned.value && !/\b(?:costs?|spend|spending|overheads?|expenses?|loss|losses|debt|churn|turnover|waste|wastage|arrears|complaints)\b/i.test(claim.name)) claim.valence = claim.current.value > planned.value ? 1 : -1;
}

/**
 * What a plan or a budget set a level for, and the level: "The budget assumed 4% like-for-like growth", "We budgeted for 6%
 * growth", "The plan assumed occupancy of 85%", "Budget had revenue at £12.4m". Offsets are in `text`.
 */
const PLAN_FIGURE = String.raw`[£$€]?\d[\d.,]*(?:\s?(?:%|per ?cent|k|m|bn))?`;
const PLAN_PHRASE = String.raw`[a-z][\w-]*(?: [a-z][\w-]*){0,3}?`;
const PLANNED = new RegExp(
  String.raw`\b(?:(?:plan|budget|business case|forecast|model)s? (?:had )?(?:assumed|assumes|expected|expects|called for|calls for|set|sets|was for|had|has|built in)|(?:we|i) (?:had )?(?:budgeted|planned)(?: for)?) (?:an? |the )?(?:(${PLAN_FIGURE}) (${PLAN_PHRASE}(?: (?:in|of) (?!(?:the )?(?:year|quarter|period|month|spring|summer|autumn|winter)\b|(?:19|20)\d\d)${PLAN_PHRASE})?)(?= (?:by|for|in|this|next|last|over|across|and|but|at|to|we)\b|\s*[,.;:–—]|$)|(${PLAN_PHRASE}) (?:of|at) (${PLAN_FIGURE}))`,
  'i',
);
export function plannedIn(text: string): { text: string; figure: { start: number; end: number }; label: string } | undefined {
  const m = PLANNED.exec(text);
  if (!m) return undefined;
  const phrase = m[2] ?? m[3]!;
  const figure = m[1] ?? m[4]!;
  // (a plan "for" a period names no measure: "the plan for next year", nor does a pronoun: "the budget had it at 4%")
  if (/^(?:it|them|this|that|us|we|next|last|the)\b/i.test(phrase)) return undefined;
  const at = m.index + m[0].lastIndexOf(figure, m[1] ? m[0].length - phrase.length - 1 : undefined);
  return { text: phrase, figure: { start: at, end: at + figure.length }, label: /budget/i.test(m[0]) ? 'budget' : /forecast/i.test(m[0]) ? 'forecast' : 'plan' };
}
/** The words of a clause that give the outturn of a planned level, up to its figure: "; we delivered", "and got", "actual was". */
const OUTTURN = /(?:^|[;,:–—]\s*|\s(?:and|but|while|whereas)\s+)(?:(?:we|i)(?:['’]ve| have)?\s+(?:only\s+|actually\s+|in fact\s+)?(?:delivered|achieved|got|made|reached|hit|managed|came in at|ended (?:the year )?at|finished (?:the year )?at|closed (?:the year )?at|are at|were at|are running at|ran at)|(?:only\s+)?(?:got|delivered|achieved|managed|reached|came in at)|(?:the )?(?:actual|actuals|outturn|out-turn|reality)\s+(?:was|is|were|came in at|came out at))\s+(?:only\s+|just\s+|about\s+|around\s+|roughly\s+)?[£$€]?$/i;

/** Whether a level is within a tenth of a limit (a share, within three points of it: 93% is clear of a floor of 85%). */
const closeTo = (current: FigureRef, limit: FigureRef): boolean =>
  limit.value !== 0 && Math.abs(limit.value - current.value) < (current.unit === '%' && limit.unit === '%' ? Math.min(3, 0.1 * Math.abs(limit.value)) : 0.1 * Math.abs(limit.value));

/**
 * A benchmark a later sentence gives for a claim ("OEE is around 61%. World-class would be 85%."; "Free reserves:
 * 2.1 months of spend. Policy = 3–6 months."): the claim compared again, and judged again when nothing judged it
 * before. `from` is where the benchmark is stated.
 */
export function withBenchmark(claim: Claim, benchmark: FigureRef, from: { start: number; end: number }): void {
  if (!claim.current || claim.benchmark) return;
  claim.benchmark = benchmark;
  claim.benchmarkFrom = from;
  if (claim.figures.every((f) => f !== benchmark)) claim.figures = [...claim.figures, benchmark];
  if (claim.movement === 0 && claim.current.value !== benchmark.value) claim.movement = claim.current.value > benchmark.value ? 1 : -1;
  // a range of policy ("3–6 months") is met inside it: below its lower end is below it
  // (a threshold on a measure that is better when higher is a floor: "The OfS threshold is 80%")
  const bound = benchmark.bound === 1 && /\bthreshold\b/.test(benchmark.label ?? '') && polarityOf(claim) === 1 ? -1 : benchmark.bound;
  const breached = bound && (bound === 1 ? claim.current.value > benchmark.value : claim.current.value < benchmark.value);
  const near = bound && !breached && closeTo(claim.current, benchmark);
  if (breached || near) claim.valence = -1;
  else if (claim.trend === 0) {
    const polarity = polarityOf(claim);
    if (polarity && claim.movement) claim.valence = claim.movement === polarity ? 1 : -1;
  }
}

/** An earlier value a later sentence gives for a claim ("Two years ago it was one in four"): the claim's movement and judgement again. */
export function withPrevious(claim: Claim, previous: FigureRef, from: { start: number; end: number }): void {
  if (!claim.current || claim.previous || !compareFigures(claim.current, previous)) return;
  claim.previous = previous;
  claim.previousFrom = from;
  claim.figures = [...claim.figures, previous];
  const movement = compareFigures(claim.current, previous) as 1 | -1;
  claim.movement = movement;
  claim.trend = movement;
  const polarity = polarityOf(claim);
  if (polarity) claim.valence = movement === polarity ? 1 : -1;
}

/** A change a clause that points back gives for a claim ("We fitted 2,140 systems, which is 31% more than the year before"). */
export function withChange(claim: Claim, change: FigureRef & { dir?: 1 | -1 }, from: { start: number; end: number }): void {
  if (!claim.current || claim.change || claim.previous || !change.dir) return;
  claim.change = change;
  claim.figures = [...claim.figures, change];
  claim.clause = { start: Math.min(claim.clause?.start ?? from.start, from.start), end: Math.max(claim.clause?.end ?? from.end, from.end) };
  claim.movement = change.dir;
  claim.trend = change.dir;
  const polarity = polarityOf(claim);
  if (polarity) claim.valence = change.dir === polarity ? 1 : -1;
}

/** A level placed above or below its peers in words, with no figure of theirs: "well above most groups", "lower than any rival". */
const PEERS_IN_WORDS =
  /\b(above|over|higher than|more than|ahead of|better than|below|under|lower than|less than|fewer than|behind|worse than)\s+(?:that of |those of )?(?:most|many|all|any|the|our|other|its|their|every)?\s*(?:[\w-]+\s){0,3}?(?:peers?|rivals?|competitors?|groups|operators|firms|companies|banks|chains|providers|insurers|carriers|others|anyone else|(?:the )?(?:sector|industry|market|national|regional|peer|group) (?:average|norm|median|level|benchmark)|rest of the (?:sector|industry|market))\b/;

/** A level stated as a multiple of its benchmark: "half the sector norm", "2.3 times budget", "more than twice the target". */
const MULTIPLE_OF =
  /\b(?:(?:more than|over|nearly|almost|about|only|just|roughly)\s+)?(half|a third of|a quarter of|two-thirds of|a fraction of|twice|double|treble|triple|(\d+(?:\.\d+)?|three|four|five|six|ten) times)\s+(?:that of |those of )?(?:the |our |its |their )?(?:[\w-]+\s){0,3}?(?:budget|budgeted|target|plan|limit|standard|level|peers?|rivals?|competitors?|nearest (?:rival|competitor)|next (?:biggest |largest )?(?:rival|competitor)|(?:sector|industry|market|national|regional|peer|group|uk|eu|us) (?:average|norm|median|level|benchmark|rate|figure)|average|norm|benchmark)\b/;

/** Channels and lines a business grows on purpose: the share of its sales they take is better when larger. */
const CHANNEL = /\b(?:online|digital|web|webshop|website|app|mobile|direct|e-?commerce|self-service|loyalty|subscriptions?|recurring|repeat|contracted|frameworks?|exports?|premium|private treatment|self-funders?|grain-free|delivery)\b/;

/** What a channel's share is a share of: what the organization sells ("of sales", "of rev", "of orders"). */
const SALES_BASE = /^\s*(?:of\s+)?(?:total\s+|all\s+|our\s+|group\s+)?(?:sales|revenue|rev|orders|bookings|transactions|turnover|income|the order book|room nights)\b/;

/** The organization's own output, its verb just before the figure ("we fitted", "the group sold"). */
const OUTPUT = /\b(?:we|we've|the (?:group|company|firm|business|team|trust|charity))\s+(?:have\s+|had\s+)?(?:now\s+|currently\s+|already\s+|still\s+)?(?:operates|operated|operate|runs|ran|owns|manages|fitted|installed|sold|delivered|completed|built|served|won|signed|shipped|opened|recruited|hired|trained|treated|handled|processed|produced|made|carried|moved|planted|harvested|published|launched|conducted|performed|carried out|arranged|hosted|welcomed|collected|dispatched)\s*(?:about|around|some|roughly|nearly|over|more than)?\s*$/;

/**
 * Which way a claim's measure is better, when a later sentence or clause gives it a comparison: the table's measure,
 * its head words, a channel's share of what the organization sells, what it produced, a time taken (worse when longer).
 */
function polarityOf(claim: Claim): Polarity | 0 {
  if (claim.measure) return claim.measure.intrinsic ? 0 : claim.measure.polarity;
  const byWords = judgeByWords(claim.name)?.polarity;
  if (byWords !== undefined) return byWords;
  if (!claim.current) return 0;
  const after = claim.sentence.slice(Math.max(0, claim.current.end - claim.start)).toLowerCase();
  if (claim.current.unit === '%' && CHANNEL.test(claim.name.toLowerCase()) && SALES_BASE.test(after)) return 1;
  if (OUTPUT.test(claim.sentence.slice(0, Math.max(0, claim.current.start - claim.start)).toLowerCase())) return 1;
  return DURATION_UNITS.has(claim.current.unit) ? -1 : 0;
}

/** A figure as a table's cell writes it: "£318m", "4.1%", "3.9x", "£31.50", "47". */
export function cellFigure(cell: string, start: number): FigureRef | undefined {
  const m = /^\s*([£$€])?\s?(\d[\d,]*(?:\.\d+)?)\s?(bn|m|k)?\s?(%|x|p|days?|months?|weeks?|hours?|minutes?|mins?|seconds?|secs?)?\s*$/i.exec(cell);
  // (a count of a whole: "9 of 12 homes", "4/5 sites", its count the figure and its words the evidence's)
  const ofWhole = m ? undefined : /^\s*(\d[\d,]*)\s*(?:of|out of|\/)\s*\d[\d,]*(?:\s+[a-z][\w-]*){0,2}\s*$/i.exec(cell);
  if (ofWhole) {
    const text = cell.trim();
    const offset = cell.indexOf(text);
    return { value: Number(ofWhole[1]!.replace(/,/g, '')), unit: '', text, start: start + offset, end: start + offset + text.length, role: 'current' };
  }
  if (!m) return undefined;
  const scale = m[3] ? { bn: 1e9, m: 1e6, k: 1e3 }[m[3].toLowerCase() as 'bn' | 'm' | 'k'] : 1;
  const unitWord = m[4]?.toLowerCase().replace(/^mins?$/, 'minutes').replace(/^secs?$/, 'seconds');
  const unit = m[1] ?? (unitWord ? ({ '%': '%', x: 'x', p: 'p' } as Record<string, string>)[unitWord] ?? `${unitWord.replace(/s?$/, 's')}` : '');
  const text = cell.trim();
  const offset = cell.indexOf(text);
  return { value: Number(m[2]!.replace(/,/g, '')) * scale, unit, text, start: start + offset, end: start + offset + text.length, role: 'current' };
}

const MONTH_INDEX: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };

/**
 * Where a column's heading stands in time, when it names a year: the year, then its month, quarter or half
 * ("Sep 2026" after "Aug 2026", "Q3 FY25" after "Q2 FY25", "FY2026" after "FY2025"); undefined without a year.
 */
function periodRank(heading: string): number | undefined {
  const m = /(?:^|\b|fy\s?|')(\d{2}|(?:19|20)\d{2})(?:\/\d{2,4})?\b/i.exec(heading);
  if (!m) return undefined;
  const year = m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  const month = /\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b/i.exec(heading)?.[1]?.toLowerCase();
  const part = /\b([qh])([1-4])\b/i.exec(heading);
  const within = month ? MONTH_INDEX[month]! : part ? (part[1]!.toLowerCase() === 'q' ? 3 : 6) * Number(part[2]) : 0;
  return year * 100 + within;
}

/** A cell of a table row: its text and where it starts in the evidence text. */
export interface TableCell {
  text: string;
  start: number;
}

/** The headings of a table's columns that give a level to compare with, not a period ("Target", "Plan", "Sector average"). */
const BENCHMARK_COLUMN = /\b(?:targets?|requirements?|sla|plan|planned|budget(?:ed)?|goal|benchmark|peers?|sector|industry|average|median|mean|national|similar|comparators?|typical|norm|standard|required|minimum|maximum|quartile|best|rivals?|competitors?|limit|covenant|appetite|design)\b/i;
/** The headings of a table's columns of periods ("FY2024", "2023", "Q2", "Last year", "Prior", "Actual"). */
/** The headings of a table's columns that judge or annotate a row rather than give it a value ("RAG", "Status", "Trend", "Comment"). */
/** The headings of a column of an earlier period, wherever it stands in the row ("Result | Last year"). */
const EARLIER_COLUMN = /^(?:(?:[hq][1-4]|[pw]\d{1,2}|period \d{1,2}|(?:wk|week) \d{1,2}|ytd|fy|full[- ]year|half[- ]year|month|quarter|[a-z]{3,9})\s+)?(?:(?:last|prior|previous|same) (?:year|period|month|quarter|week|season|term|fy|year's|month's|quarter's)|prior|previous|baseline|opening|(?:a )?(?:year|month|quarter) ago|ly|py)(?:\s+(?:[hq][1-4]|[pw]\d{1,2}|ytd|actual))?$/i;
const STATUS_COLUMN = /^(?:rag|rag status|status|trend|direction|comments?|commentary|notes?|remarks?|owner|owners|rating|flag|comparisons?|context|explanation|change|changes|movement|variance|delta|diff|difference|vs\.?|versus|against|yoy|y\/y|change y\/y|growth)$/i;
const PERIOD_COLUMN = /^(?:fy|cy|h|q)?\s?'?\d{1,4}(?:\/\d{2,4})?$|\b(?:(?:19|20)\d{2}|fy\s?\d{2,4}|[hq][1-4]|last|this|prior|previous|current|latest|before|after|now|then|actual|ytd|year|month|quarter|week|today|baseline|opening|closing)\b/i;
/** A unit a row's label or a column's heading gives its numbers ("Load factor (%)", "Pilot attrition (% per year)", "Truck turnaround time (minutes)"). */
const HEADER_UNIT = /\(\s*(%|(?:per ?cent|days?|weeks?|months?|hours?|minutes?)\b)[^)]*\)/i;

/**
 * The cells of a line of a table, or undefined when the line is not one: cells between "|" ("| Revenue | €196m |",
 * and "Revenue | €196m | €212m" without the outer bars), or columns aligned by tabs or by runs of two or more
 * spaces ("Throughput (thousand TEU)     1,020     1,150"). A row has a label and at least two more cells; a
 * line of dashes under a heading row has no cells.
 */
export function tableCells(line: string, start: number, inCsvTable = false): TableCell[] | undefined {
  const cells: TableCell[] = [];
  // a sheet exported as comma-separated text: commas with no space after them, three or more, and none with one
  // ("Agent commission (% of tuition),24%,20%,21%,higher rates paid") — prose puts a space after its commas
  // (a row of a sheet already read as one splits at every comma, even where its figures could be read as one
  // with thousands separators: "Homestay hosts,640,700,750,110 short" is four cells under their headings)
  const csv = inCsvTable || isCsvLine(line);
  const separator = line.includes('|') ? /\|/g : csv ? /,/g : /\t+| {2,}/g;
  // (a row indented under its section's heading starts at its first word)
  let from = line.includes('|') ? 0 : line.length - line.trimStart().length;
  separator.lastIndex = from;
  for (let m = separator.exec(line); ; m = separator.exec(line)) {
    const to = m ? m.index : line.length;
    const raw = line.slice(from, to);
    const text = raw.trim();
    cells.push({ text, start: start + from + raw.indexOf(text) });
    if (!m) break;
    from = m.index + m[0].length;
  }
  // the outer bars of "| a | b |" leave an empty cell at either end
  if (line.trimStart().startsWith('|')) cells.shift();
  if (line.trimEnd().endsWith('|')) cells.pop();
  if (cells.length < 3 || cells.every((c) => /^[\s:-]*$/.test(c.text))) return undefined;
  // columns aligned by spaces hold short cells: prose with two spaces after its full stops is not a table
  // (a tab separates cells whatever they hold: a comment column in prose stays a cell)
  if (!csv && !line.includes('|') && !line.includes('\t') && (cells[0]!.text.length > 60 || cells.slice(1).some((c) => c.text.length > 24 || c.text.split(/\s+/).length > 4))) return undefined;
  return cells;
}

/** Whether a row of cells is a table's heading row: no figure after its label ("| | FY2023 | FY2024 |", "KPI  2023  2024  Target"). */
export const isHeaderRow = (cells: readonly TableCell[]) => cells.slice(1).every((c) => !cellFigure(c.text, c.start) || /^(?:fy ?)?(?:19|20)\d{2}(?:\/\d{2})?$/i.test(c.text));

/**
 * The claim a row of a table states: the measure its first cell names, today's value in its last column of
 * periods and the value before it in the period column before ("| Operating margin | 4.1% | 2.9% |": fell from
 * 4.1% to 2.9%), and the level of a column headed as a benchmark ("Target", "Plan", "Sector average") to compare
 * with; judged as any claim is, a stated comparison first. The unit a label or a heading gives in brackets
 * ("Load factor (%)") is the figures' unit. The row is the claim's sentence and clause.
 */
export function tableRowClaim(row: { text: string; start: number }, cells: readonly TableCell[], header: readonly string[], ctx: { evidence_id: string; order: number }): Claim | undefined {
  const label = cells[0]?.text.trim() ?? '';
  if (!/\p{L}{2}/u.test(label) || /^-+$/.test(label)) return undefined;
  // a table whose columns are measures ("Plant | OEE | Scrap"), not periods or levels, says nothing across time in a row
  // except one column beside benchmarks: the organization's own ("| Measure | Northfield | Median of similar landlords |")
  // (a column of status, comment or owner says how the row reads, not a value of its own: "RAG", "Trend", "Notes")
  const own = header.slice(1).filter((h) => h && !PERIOD_COLUMN.test(h) && !BENCHMARK_COLUMN.test(h) && !STATUS_COLUMN.test(h) && !/^(?:result|results|value|actual|score|figure)$/i.test(h));
  if (own.length > 1 || (own.length === 1 && !header.slice(1).some((h) => BENCHMARK_COLUMN.test(h)))) return undefined;
  const unitWord = HEADER_UNIT.exec(label)?.[1]?.toLowerCase();
  const headerUnit = unitWord === undefined ? '' : /^(?:%|per ?cent)$/.test(unitWord) ? '%' : `${unitWord.replace(/s?$/, 's')}`;
  const periods: FigureRef[] = [];
  let benchmark: FigureRef | undefined;
  let earlier: FigureRef | undefined;
  cells.slice(1).forEach((c, j) => {
    // a cell that names its level before the figure ("pass mark 85%", "target 90%") is a benchmark
    // (with a word or two that says whose: "board limit 30%", "payment terms 30 days")
    const named = cellFigure(c.text, c.start) ? undefined : /^((?:[a-z'’]+\s){0,2}?(?:pass mark|target|standard|budget|plan|limit|cap|ceiling|floor|threshold|minimum|maximum|benchmark|sector|peers?|terms|average|median|norm)\b[^\d£$€]{0,12})\s*([£$€]?\d.*)$/i.exec(c.text);
    if (named) {
      const f = cellFigure(named[2]!, c.start + c.text.indexOf(named[2]!));
      if (f) benchmark ??= { ...f, role: 'benchmark', label: named[1]!.trim().toLowerCase() };
      return;
    }
    // (a figure with a note in brackets or a status after it: "95.0% (contract) Amber", "95% minimum", "88% of contract")
    const noted = /^([£$€]?\d[\d,.]*\s?(?:%|x|bn|m|k|p|days?|hours?|weeks?|months?|minutes?|mins?)?)(\s*\(([^)]{1,30})\)|\s+(?:minimum|maximum|min|max|floor|cap|limit)|\s+of (?:the )?(?:contract|plan|target|budget|capacity|forecast|allocation|quota|commitment))?(?:\s+(?:red|amber|green))?$/i.exec(c.text.trim());
    const f = cellFigure(c.text, c.start) ?? (noted && noted[2] ? cellFigure(noted[1]!, c.start + c.text.indexOf(noted[1]!)) : undefined);
    if (!f) return;
    // (what a share is "of" is no note on its level: "88% of contract" is the level itself)
    const note = noted?.[3] ?? (/^\s+of\b/.test(noted?.[2] ?? '') ? '' : noted?.[2]?.trim()) ?? '';
    // (a scale in the label, "(£m)", "(000)", is left to the label: the figure is stated as the cell writes it)
    const figure = headerUnit && !f.unit ? { ...f, unit: headerUnit, headed: true as const } : f;
    const heading = header[j + 1] ?? '';
    if (STATUS_COLUMN.test(heading)) return;
    // a column headed as the earlier period ("Last year", "Prior", "Baseline") is the previous value wherever it stands
    if (EARLIER_COLUMN.test(heading)) earlier ??= figure;
    else if (BENCHMARK_COLUMN.test(heading) || /\b(?:minimum|maximum|min|max|floor|cap|limit|contract|target)\b/i.test(note)) benchmark ??= { ...figure, role: 'benchmark', label: (/\b(?:minimum|maximum|min|max|floor|cap|limit)\b/i.exec(note)?.[0] ?? BENCHMARK_COLUMN.exec(heading)?.[0] ?? 'target').toLowerCase() };
    else periods.push(figure);
  });
  // periods headed by their years stand in any order ("H1 FY25 | H1 budget | H1 FY24", "Sep 2026 | Aug 2026"): the latest is today's
  const whenOf = (f: FigureRef) => periodRank(header[cells.findIndex((c) => c.start <= f.start && f.start < c.start + c.text.length)] ?? '');
  if (periods.length >= 2 && periods.every((f) => whenOf(f) !== undefined)) periods.sort((a, b) => whenOf(a)! - whenOf(b)!);
  const current = periods.at(-1);
  const before = earlier ?? periods.at(-2);
  const previous: FigureRef | undefined = before && current && before.unit === current.unit ? { ...before, role: 'previous' } : undefined;
  // a status the table gives the row ("RED", "Amber", "G") is the source's own judgement
  // (a single letter only under a column headed as a status: "A" elsewhere is a grade or a band)
  const status = cells
    .slice(1)
    .map((c, j) => ({ text: c.text.trim().toLowerCase(), heading: header[j + 1] ?? '' }))
    .find(({ text, heading }) => /^(?:red|amber|green|off track|on track|at risk)$/.test(text) || /^[£$€]?\d[^a-z]*(?:\([^)]*\)\s*)?(?:minimum|maximum)?\s*(?:red|amber|green)$/.test(text) || (/^[rag]$/.test(text) && /\b(?:rag|status)\b/i.test(heading)))
    ?.text.replace(/^.*\b(red|amber|green)$/, '$1');
  if (!current || (!previous && !benchmark && !status) || (benchmark && benchmark.unit !== current.unit && benchmark.unit && current.unit)) return undefined;
  const bare = label.replace(/\s*\(.*\)\s*$/, '');
  // a scale the label gives its bare figures ("Revenue (£m)", "Throughput (thousand TEU)"): the measure is named with it
  const scale = !headerUnit && current.text === String(current.text.match(/^[\d.,]+$/)?.[0]) ? /\(([^()]{1,20})\)\s*$/.exec(label)?.[1]?.trim() : undefined;
  const lower = label.toLowerCase();
  const measure = measuresIn(lower).find((m) => m.start === 0 && m.end >= bare.length)?.measure ?? null;
  // (the table's name only when the row's label says all of it: "Net debt ($m)" is net debt, not net debt to EBITDA)
  const tableName = measure && measure.name.toLowerCase().split(/\s+/).filter((w) => w.length > 2 && w !== 'the').every((w) => lower.includes(w));
  const name = measure && tableName ? measure.name : capitalise(analystName(bare));
  // (a channel's share, "Online ticket share (%)", is better when larger, as it is in prose)
  const byWords = measure ? undefined : (judgeByWords(name) ?? (current.unit === '%' && /\bshare\b/i.test(label) && CHANNEL.test(lower) ? judgeByWords('market share') : undefined));
  const trend: 1 | -1 | 0 = !previous || current.value === previous.value ? 0 : current.value > previous.value ? 1 : -1;
  const gap: 1 | -1 | 0 = !benchmark || current.value === benchmark.value ? 0 : current.value > benchmark.value ? 1 : -1;
  const movement = gap || trend;
  const polarity = measure ? (measure.intrinsic ? 0 : measure.polarity) : (byWords?.polarity ?? (DURATION_UNITS.has(current.unit) ? -1 : 0));
  const stated: 1 | -1 | 0 = status ? (/^(?:green|g|on track)$/.test(status) ? 1 : -1) : 0;
  // a level named as a limit is a side not to cross ("board limit 30%", "Maximum", "Floor"): above a ceiling or below a floor is bad
  const side = benchmark ? (/\b(?:limit|cap|ceiling|maximum|max)\b/i.test(benchmark.label ?? '') ? 1 : /\b(?:floor|minimum|min)\b/i.test(benchmark.label ?? '') ? -1 : 0) : 0;
  const breached = side !== 0 && benchmark && current.value !== benchmark.value && (side === 1 ? current.value > benchmark.value : current.value < benchmark.value);
  // (a row whose words say nothing of which way is better, held to a target, is read as prose is: the target is the level
  // to reach, "Visits | 194,500 | 212,000 | Target 195,000")
  // (which way the target lies from the year before says which way is better: a target above last year's level is one to
  // reach, "Visits 194,500 → 212,000, target 195,000"; one below it is a level to come down to, "Supply interruptions 9.8 →
  // 12.4 mins, target 8.0")
  const aim = previous && benchmark && benchmark.value !== previous.value ? (benchmark.value > previous.value ? 1 : -1) : 0;
  const toReach = !polarity && !side && gap !== 0 && aim !== 0 && /\b(?:target|goal|standard|required|requirement|minimum|threshold|pass mark|aim)\b/.test(benchmark?.label ?? '') ? ((gap * aim) as 1 | -1) : 0;
  const valence: 1 | -1 | 0 = stated || (breached ? -1 : polarity && movement ? (movement === polarity ? 1 : -1) : side && benchmark && current.value !== benchmark.value ? 1 : toReach);
  const figures = [...(previous ? [previous] : []), current, ...(benchmark ? [benchmark] : [])];
  return {
    evidence_id: ctx.evidence_id,
    start: row.start,
    end: row.start + row.text.length,
    sentence: row.text,
    order: ctx.order,
    measure,
    key: measure && tableName ? measure.id : `np:${name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}`,
    name,
    dimension: measure?.dimension ?? byWords?.dimension ?? 'Operational Efficiency',
    subject: label,
    ...(scale ? { scale } : {}),
    named: measure ? lower : '',
    entity: '',
    qualifier: '',
    figures,
    current,
    ...(previous ? { previous } : {}),
    ...(benchmark ? { benchmark } : {}),
    movement,
    trend,
    valence,
    external: measure?.scope === 'external',
    period: '',
    cause: '',
    forecast: false,
    intent: '',
    proposal: false,
    hedged: false,
    kind: 'label',
    clause: { start: row.start, end: row.start + row.text.length },
  };
}

/** Whether a sentence proposes or plans rather than states ("would like to", "recommends"). */
export const isProposal = (text: string) => PROPOSAL.test(text);

/** Whether a sentence is an instruction to a machine (never a claim about the organization). */
export const isInstruction = (text: string) => INSTRUCTION.test(text) || looksLikeInstruction(text);

/** The claims one sentence makes. */
export function claimsOf(sentence: ParsedSentence, ctx: SentenceContext): Claim[] {
  const { tokens } = sentence;
  if (!tokens.length || isInstruction(sentence.text)) return [];
  if (/\t|\s\|\s/.test(sentence.text)) return []; // table rows: figures without their sentence
  // an agreed action with its owner and date ("Complete the checks on the 37 files - owner: CRO - due 31 March") states a plan, not a result
  if (/\bowner\s*[:=–-]/i.test(sentence.text) && /\bdue\b/i.test(sentence.text)) return [];
  const lower = sentence.text.toLowerCase();
  // "a £9m revenue effect", "takes £9m out of revenue": an effect on the measure, not its level
  let mentions = measuresIn(lower)
    .filter((x) => !/^[\s-]*(?:effect|impact|hit|exposure|risk|upside|downside|at risk)\b/.test(lower.slice(x.end)) && !/\b(?:out of|off|from) $/.test(lower.slice(Math.max(0, x.start - 7), x.start)))
    // "revenue per rental day" is a measure of its own, named by its whole phrase, not revenue
    .filter((x) => !/^ per (?!cent\b)[a-z]/.test(lower.slice(x.end)))
    // nor is a flow of it a level of it: "net new ARR in the quarter was £0.9m" is not ARR
    .filter((x) => !['arr', 'revenue'].includes(x.measure.id) || !/\b(?:net new|new|expansion|churned|lost|contracted) $/.test(lower.slice(Math.max(0, x.start - 12), x.start)))
    // nor is "distance between breakdowns" a count of breakdowns
    .filter((x) => !/\b(?:distance|time|miles|km|hours|days) between $/.test(lower.slice(Math.max(0, x.start - 20), x.start)))
    .map((x) => ({ ...x, token: tokenAt(tokens, sentence.start + x.start), endToken: tokenAt(tokens, sentence.start + x.end - 1) }))
    // nor is a stream of it ("circulation revenue", "advertising revenue"): a part of the whole, named by the noun before it
    .filter((x) => x.measure.id !== 'revenue' || !(['NOUN', 'PROPN', 'ADJ'].includes(tokens[x.token - 1]?.pos ?? '') && REVENUE_STREAM.test(`${tokens[x.token - 1]!.lower} `)))
    // (nor is the revenue from a part of the business: "Revenue from maintenance contracts grew 14% to £6.2m" states no group revenue)
    .filter((x) => x.measure.id !== 'revenue' || !/^ (?:from|on|in) (?!(?:the )?(?:year|period|quarter|half|month|(?:19|20)\d{2}|fy|h[12]|q[1-4]|last|this|prior|previous)\b)(?:the |our |its )?[a-z]/.test(lower.slice(x.end)));
  const raw = rawFigures(tokens);
  // "It is much lower in the mid-market, around 4%", "The finance team's first estimate of the cost is £1.1m": the measure of the sentence before
  const fromPrevious = ctx.previous ? measuresIn(ctx.previous.text.toLowerCase()).at(-1)?.measure : undefined;
  const inherited = fromPrevious ?? ctx.recent;
  const inheritedFrom = fromPrevious && ctx.previous ? { start: ctx.previous.start, end: ctx.previous.end } : ctx.recentFrom;
  // (and "it" moved by the organization: "We've cut it to 29% this year")
  const pronoun = /^(?:it|they|this)\b/i.test(sentence.text) || MOVED_IT.test(sentence.text);
  const anaphoric =
    /^(?:the|this|that|its) (?:[a-z']+ ){0,4}(?:cost|figure|estimate|total|amount|impact|increase|rise|fall|decline)\b/i.test(sentence.text) ||
    /\b(?:the cost|this cost|the figure)\b/i.test(lower) ||
    // (a benchmark word refers back only when the sentence names no subject of its own: "Supply interruptions averaged 11.7
    // minutes, more than twice the target" is about supply interruptions)
    (/\b(?:world[- ]class|benchmark|target)\b/i.test(lower) && !['NOUN', 'PROPN', 'ADJ'].includes(tokens.find((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM' && t.pos !== 'X')?.pos ?? '')) ||
    // (and an amount that opens the sentence with no name after it: "Spend per head is the worry. £44.20 against a budget of £46.")
    /^[\s\-•*]*[£$€]\s?\d[\d.,]*\s*(?:k|m|bn)?\s+(?:against|versus|vs\.?|compared with|on|per|a|an|this|last)\b/i.test(sentence.text);
  if (inherited && raw.length && (pronoun || (!mentions.length && anaphoric))) {
    mentions = [{ measure: inherited, start: 0, end: 0, token: 0, endToken: 0 }, ...(pronoun ? [] : mentions)];
  }
  const spans = clauseSpans(tokens);
  const clauseOf = (i: number): readonly [number, number] => spans.find(([s, e]) => i >= s && i < e) ?? [0, tokens.length];
  const entities = entitiesIn(tokens, ctx.ignore).filter((e) => !MONTHS.has(e.toLowerCase()));
  const pronounStart = /^(?:its|their|it|they)\b/i.test(sentence.text);
  // "Its prices …": the company named before; a sentence that names its own actor ("the largest customer … its chilled distribution") resolves nothing
  const resolved = !entities[0] && (pronounStart || (/\b(?:its|their)\b/i.test(sentence.text) && !/\b(?:largest|biggest|main|key) (?:customer|client)\b/i.test(sentence.text))) && ctx.lastEntity;
  const entity = entities[0] ?? (resolved ? ctx.lastEntity : '');
  const hedged = HEDGES.test(sentence.text);
  const proposal = PROPOSAL.test(sentence.text);
  const cause = causeOf(sentence, ctx.next);
  // "current forward prices suggest an increase of around 12%": a forecast, not a result
  // (and a change on its way: "Treatwell commission going from 20% to 25% in January", "is set to rise to 6%")
  const forecast = /\b(?:suggests?|forecast|expected|expects?|projected|will|budget(?:ed)?|(?:is|are|'s|’s)? ?going (?:from|up|down|to (?:rise|go|increase|fall))|(?:is|are) set to)\b/i.test(sentence.text);
  // a figure that counts a population ("4,000 such firms", "35,000 of our Belgian prospects") sizes the opportunity named here or just before
  const opportunity = [...mentions.map((x) => x.measure), ...(ctx.previous ? measuresIn(ctx.previous.text.toLowerCase()).map((x) => x.measure) : [])].find((m) => m.intrinsic === 1);

  // figures with their roles, each given to the measure named nearest before it in its clause (else nearest in the sentence)
  const dashes = [...sentence.text.matchAll(/\s[–—]\s/g)].map((m) => sentence.start + m.index);
  const inAppositive = (f: RawFigure) => dashes.length >= 2 && dashes.some((a, k) => k % 2 === 0 && dashes[k + 1] !== undefined && tokens[f.first]!.start > a && tokens[f.first]!.start < dashes[k + 1]!);
  // who acts rather than what is measured: the organization, its people ("Brennan Civil recorded 3 injuries")
  const actors = ctx.ignore;
  const topic = topicPhrase(ctx.previous);
  const asked = questionPhrase(ctx.previous) ?? topic;
  // the plan whose level a clause gives the outturn of, where it is (in this sentence, or the one before) and its figure
  const fromPlan = new Map<number, { text: string; figure: { start: number; end: number }; label: string; before: boolean }>();
  const outturnOf = (f: RawFigure) => {
    const upTo = sentence.text.slice(0, tokens[f.first]!.start - sentence.start);
    const said = OUTTURN.exec(upTo);
    if (!said) return undefined;
    const here = plannedIn(upTo.slice(0, said.index));
    const before = !here && ctx.previous && !/\d/.test(upTo.slice(0, said.index)) ? plannedIn(ctx.previous.text) : undefined;
    const plan = here ? { ...here, figure: { start: sentence.start + here.figure.start, end: sentence.start + here.figure.end }, before: false } : before ? { ...before, figure: { start: ctx.previous!.start + before.figure.start, end: ctx.previous!.start + before.figure.end }, before: true } : undefined;
    // (in the outturn's unit: a share against a share, an amount against an amount)
    const written = plan ? (here ? sentence.text : ctx.previous!.text).slice(plan.figure.start - (here ? sentence.start : ctx.previous!.start), plan.figure.end - (here ? sentence.start : ctx.previous!.start)) : '';
    if (!plan || /%|per ?cent/.test(written) !== (f.unit === '%') || (/^[£$€]/.test(written) && written[0] !== f.unit)) return undefined;
    fromPlan.set(tokens[f.first]!.start, plan);
    return plan;
  };
  /** The phrase that governs a figure in its clause, classified: a measure of the table that names its head, or a phrase of its own. */
  const phraseOf = (f: RawFigure, cs: number, ce: number) => {
    const b = bindFigure(tokens, f.first, f.last, cs, ce, actors);
    // an answer that gives only a movement of the measure its question asks about ("Q: Paper prices? A: Up 14% since September")
    if (!b && asked && tokens.slice(0, f.first).every((t) => t.pos === 'PUNCT' || t.pos === 'SYM' || /^[A-Z]{1,3}$/.test(t.text) || /^(?:up|down|about|around|roughly|nearly|almost|over|just|by|so|well|yes|no|oh|er|um)$/i.test(t.text))) {
      return { binding: { kind: 'label' as const, start: f.first, end: f.first }, text: asked.text };
    }
    // (or says "it" of it after a place it is measured over: "Screen occupancy is the worry. Across the estate it is 19%")
    if (!b && asked && tokens.slice(cs, f.first).some((t, j) => /^(?:it|this)$/i.test(t.text) && /^(?:is|was|'s|’s|stands|stood|sits|remains|averages|averaged)$/i.test(tokens[cs + j + 1]?.text ?? ''))) {
      return { binding: { kind: 'label' as const, start: f.first, end: f.first }, text: asked.text };
    }
    // (or says where "we" were and are on it: "Gross margin is where it hurts. We were at 41% two years ago and we closed this year at 33%")
    if (asked && topic && tokens[f.first - 1]?.lower === 'at' && tokens.slice(cs, f.first).some((t) => t.lower === 'we') && !tokens.slice(cs, f.first - 1).some((t) => t.pos === 'NOUN' && !/^(?:year|month|quarter|week|end|start)s?$/.test(t.lower))) {
      return { binding: { kind: 'label' as const, start: f.first, end: f.first }, text: asked.text };
    }
    // (or opens with its amount after the sentence that names it: "Spend per head is the worry. £44.20 against a budget of £46.")
    if ((!b || b.kind === 'refers') && topic && tokens.slice(cs, f.first).every((t) => t.pos === 'PUNCT' || t.pos === 'SYM' || t.type === 'currency' || /^[£$€]$/.test(t.text)) && /^(?:against|versus|vs\.?|compared|on|this|last|a|an|per|,|\.|;|$)/i.test(tokens[f.last + 1]?.lower ?? '')) {
      return { binding: { kind: 'label' as const, start: f.first, end: f.first }, text: topic.text };
    }
    // (or gives the outturn of a level a plan set, in the clause before or the sentence before: "The budget assumed 4%
    // like-for-like growth; we delivered 1.5%", "We budgeted for 6% growth and got 2%", "The plan assumed occupancy of 85%. We achieved 78%.")
    const plan = outturnOf(f);
    if (plan) return { binding: { kind: 'label' as const, start: f.first, end: f.first }, text: plan.text };
    if (!b) return undefined;
    // "we sampled 160 merchants", "surveyed 1,200 customers": the size of a sample, not a measure of the organization
    if (b.kind === 'actor' && b.verb !== undefined && /^(?:sampled|surveyed|interviewed|polled|tested|audited|reviewed|checked|visited|observed)$/.test(tokens[b.verb]!.lower)) return undefined;
    // (an answer that points back with "it" to the measure its question asks about: "Q: And occupancy? A: It's been stuck around 72%")
    if (b.kind === 'refers' && asked && tokens.slice(0, f.first).filter((t) => t.pos === 'PRON').every((t) => /^(?:it|that|this|they|these|those)$/i.test(t.text))) return { binding: { ...b, kind: 'label' as const }, text: asked.text };
    if (b.kind === 'refers') return { binding: b, text: '' };
    // an answer that opens with its figure and names nothing ("> Net debt?" "$640m at year end") gives the measure its question asks about
    if (b.kind === 'share' && b.end <= b.start && asked && tokens.slice(0, f.first).every((t) => t.pos === 'PUNCT' || t.pos === 'SYM' || /^[A-Z]{1,3}$/.test(t.text))) return { binding: { ...b, kind: 'label' as const }, text: asked.text };
    // "44% say their workload is unmanageable": a share of those who answered
    if (b.kind === 'share' && b.end <= b.start) return { binding: b, text: 'respondents' };
    return { binding: b, text: measureName(tokens, b) };
  };
  // a number inside a note's label, after its preposition ("Calls answered within 20 seconds: 71%"), is a word of the label
  const colonAt = tokens.findIndex((t) => t.text === ':');
  // (so is one inside a bracket that defines the label: "Punctuality (no more than 1 min early or 5 min late): 81%")
  const defines = (f: RawFigure) => {
    const open = tokens.slice(0, f.first).map((t) => t.text).lastIndexOf('(');
    const close = tokens.findIndex((t, k) => k > f.last && t.text === ')');
    return open >= 0 && close > f.last && close < colonAt && !tokens.slice(open, f.first).some((t) => t.text === ')');
  };
  const inLabel = (f: RawFigure) => colonAt > f.last && (/^(?:within|in|per|under|over|after|before|by|above|below|than|>|<|≥|≤|>=|<=)$/.test(tokens[f.first - 1]?.lower ?? '') || defines(f)) && raw.some((g) => g.first > colonAt);
  // a size that modifies a noun inside a clause with another figure is not that clause's value ("the €25m facility was 82% drawn")
  const clauseAt = (f: RawFigure) => spans.find(([s, e]) => f.first >= s && f.first < e);
  const modifier = (f: RawFigure) => {
    const before = tokens[f.first - 1];
    const after = tokens[f.last + 1];
    // (a count joined to its noun by a hyphen after an article sizes that thing, whatever else the clause says: "a 200-room
    // conference centre opens …" measures no room)
    if (!f.unit && before && /^(?:a|an|the|its|our|their|this|that|new)$/.test(before.lower) && after?.text === '-' && after.start === tokens[f.last]!.end && tokens[f.last + 2]?.start === after.end && tokens[f.last + 2]!.type === 'word' && !/^(?:star|stars|point|points|out)$/.test(tokens[f.last + 2]!.lower)) return true;
    // (a size in money or a plain count: "the 4 hours benchmark", "a 20-day target" name a level, not a size)
    if (f.unit && !/^[£$€]$/.test(f.unit)) return false;
    if (after && /^(?:benchmark|target|standard|limit|average|norm|plan|budget|threshold|cap|ceiling|floor|minimum|maximum|terms|level)s?$/.test(after.lower)) return false;
    if (!before || !/^(?:the|a|an|its|our|their|this|that)$/.test(before.lower) || !after || after.type !== 'word' || ['ADP', 'DET', 'CCONJ', 'SCONJ', 'AUX', 'PART', 'PRON', 'PUNCT'].includes(after.pos) || (after.pos === 'VERB' && !/ing$/.test(after.lower))) return false;
    const own = clauseAt(f);
    return raw.some((g) => g !== f && clauseAt(g) === own);
  };
  const figures = raw.filter((f) => !inAppositive(f) && !inLabel(f) && !modifier(f)).map((f) => {
    const [cs, ce] = clauseOf(f.first);
    const role = roleOf(tokens, f, raw, ce);
    const end = tokens[f.last]!.end - f.trim;
    const text = sentence.text.slice(tokens[f.first]!.start - sentence.start, end - sentence.start);
    // (a signed change is stated by its size: "-11% yoy" fell 11%)
    const signed = role.role === 'change' && /^[+\-−]\d/.test(text) ? 1 : 0;
    // (a bare number after "to" takes the unit of the one it goes from: "down from 38 days to 29" is 29 days)
    const from = !f.unit && tokens[f.first - 1]?.lower === 'to' ? raw.find((g) => g.last === f.first - 2 && /^[a-z]+$/.test(g.unit) && tokens[g.first - 1]?.lower === 'from') : undefined;
    const ref: FigureRef = { value: signed ? Math.abs(f.value) : f.value, unit: from ? from.unit : f.unit, text: text.slice(signed), start: tokens[f.first]!.start + signed, end, ...role, ...(f.ratio ? { ratio: true as const } : {}), ...(from ? { headed: true as const } : {}) };
    const inClause = mentions.filter((x) => x.token >= cs && x.token < ce);
    // a measure with figures of its own (a win rate) takes the figures before a measure that only names a context (the mid-market)
    const quantitative = inClause.filter((x) => x.measure.intrinsic !== 1);
    const pool = quantitative.length && inClause.length > quantitative.length ? quantitative : inClause;
    const left = pool.filter((x) => x.token < f.first).at(-1);
    // "38% of revenue": the measure after "of" is what the share is of, not the measure of the figure
    // (nor is a measure after "of" that another figure's share is of: "Returns cost us £860k, 2.1% of revenue" states no revenue)
    const baseOfShare = (x: { token: number }) => {
      let j = x.token - 1;
      while (j > f.last && /^(?:the|our|its|their|total|all|group|annual|net|gross)$/.test(tokens[j]!.lower)) j--;
      return j > f.last + 1 && tokens[j]!.lower === 'of' && raw.some((g) => g !== f && g.last === j - 1);
    };
    const right = pool.find((x) => x.token > f.last && !(tokens[f.last + 1]?.lower === 'of' && x.token <= f.last + 3) && !baseOfShare(x));
    // the nearer of the two, the one before on a tie ("19 weeks on average to fill a technician vacancy")
    let owner = left && right ? (right.token - f.last < f.first - left.endToken ? right : left) : (left ?? right);
    // the phrase that governs the figure: a measure of the table counts only when it names the phrase's head
    // ("customer acquisition cost payback" is a payback, not a customer acquisition cost)
    const phrase = phraseOf(f, cs, ce);
    // a measure carried over from the sentence before yields to a phrase of the clause's own ("The build cost per premise passed increased …")
    if (owner && owner.start === 0 && owner.end === 0 && !pronoun && phrase?.text && !/^(?:cost|figure|estimate|total|amount|impact|increase|rise|fall|decline|world-class|it)$/i.test(analystName(phrase.text)) && !BENCHMARK_PHRASE.test(phrase.text)) owner = undefined;
    let np: { start: number; end: number; text: string; kind: string } | undefined;
    if (phrase && phrase.binding.kind !== 'refers' && phrase.text) {
      const b = phrase.binding;
      const inside = owner && owner.token >= b.start && owner.token < b.end;
      const head = headOf(tokens, b.start, b.end);
      const covers = (m: { token: number; endToken: number }) => m.token <= head && m.endToken >= head;
      if (owner && inside && !covers(owner) && owner.measure.intrinsic === undefined) owner = undefined;
      // (a bare "margin" after a measure of profit is that profit's margin: "EBITDA £2.1m, margin 5.0% (last year 6.3%)")
      const marginOf = owner && !inside && b.end - b.start === 1 && /^margins?$/i.test(tokens[b.start]!.text) && b.start > owner.endToken ? measureById.get({ ebitda: 'ebitda-margin', 'operating-profit': 'operating-margin' }[owner.measure.id] ?? '') : undefined;
      if (marginOf) owner = { measure: marginOf, start: 0, end: 0, token: b.start, endToken: b.start };
      // the subject of the figure's verb governs it, whatever measure is named nearer ("Net debt rose to 4.4x EBITDA")
      const governs = mentions.find((x) => x.token >= b.start && x.token < b.end && covers(x));
      if (governs && (b.kind === 'subject' || b.kind === 'label') && b.verb !== undefined) owner = governs;
      if (!owner) owner = governs;
      // a phrase the figure sits inside ("asked for a 5% price cut") governs it over a measure named elsewhere in the clause
      if (owner && !governs && b.kind === 'subject' && b.verb === undefined && b.start === f.last + 1 && !inside) owner = undefined;
      // a note's own phrase before its figure governs it over a measure named after it ("Order book £410m = about 1.6 years of revenue")
      if (owner && !governs && owner.token > f.last && owner.end > owner.start && (b.kind === 'subject' || b.kind === 'label') && b.verb === undefined && b.end <= f.first && tokens.slice(b.end, f.first).every((t) => t.pos === 'PUNCT' || t.type === 'currency')) owner = undefined;
      // "World-class would be 85%": a benchmark named as a subject is the benchmark of the measure named before
      const injected = mentions.find((x) => x.start === 0 && x.end === 0);
      if (!owner && injected && role.role === 'benchmark' && BENCHMARK_PHRASE.test(phrase.text)) owner = injected;
      else if (!owner || (owner.token >= b.start && owner.token < b.end)) np = { start: b.start, end: b.end, text: phrase.text, kind: b.kind };
    }
    if (!owner && !np && phrase?.binding.kind === 'refers') {
      // "it now costs 31p", "which rose from 2.1% to 3.4%": the measure named before in the sentence
      const earlier = mentions.filter((x) => x.token < f.first).at(-1);
      // (but "which" speaks of the phrase just before it when a clause with no figure names it after the measure: "Revenue
      // of £48.3m was ahead of budget, helped by delivery, which is now 19% of sales" is delivery's share)
      const opensWhich = tokens.slice(cs, f.first).find((t) => t.pos !== 'PUNCT')?.lower;
      const before = earlier && (opensWhich === 'which' || opensWhich === 'that') ? spans.filter(([, e]) => e <= cs).at(-1) : undefined;
      const nearer = before ? lastPhrase(tokens, before[0], before[1]) : undefined;
      // (a phrase of its own: after a comma that follows the measure and its figures, "…, helped by delivery, which …")
      const apart = nearer && earlier && nearer.start > earlier.endToken && tokens.slice(earlier.endToken, nearer.start).some((t) => t.text === ',') && !tokens.slice(tokens.slice(0, nearer.start).findLastIndex((t) => t.text === ','), nearer.end).some((t) => t.type === 'number');
      // (never a word that comments on the figure before it: "…, a record, which is 0.4% of turnover")
      const comment = nearer && /^(?:a|an|the)$/.test(tokens[nearer.start - 1]?.lower ?? '') && tokens[nearer.start - 2]?.text === ',';
      if (earlier && nearer && apart && !comment && !mentions.some((x) => x.token >= nearer.start && x.token < nearer.end)) np = { ...nearer, kind: 'refers' };
      else if (earlier) owner = earlier;
      else {
        const previousClause = spans.filter(([, e]) => e <= cs).at(-1);
        // (never the scale of the figure that ends that clause: "agency spend is £3.2m, which is 11% of payroll" is of agency spend)
        const scaleOnly = (p: { text: string } | undefined) => Boolean(p && /^(?:m|k|bn|mn|million|billion|thousand|%|pc)$/i.test(p.text.trim()));
        const last = previousClause ? lastPhrase(tokens, previousClause[0], previousClause[1]) : undefined;
        // (nor a time: "… framework in September, which gives us access to about 1,200 public bodies" is no measure of September)
        const timeOnly = (p: { text: string } | undefined) => Boolean(p && /^(?:(?:early|late|mid|last|next|this) )?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|(?:19|20)\d{2}|q[1-4]|h[12]|year|month|quarter|week)s?$/i.test(p.text.trim()));
        // (nor a word that comments on the figure before it: "…, a record, which is 0.4% of turnover")
        const remark = (p: { start: number } | undefined) => Boolean(p && /^(?:a|an|the)$/.test(tokens[p.start - 1]?.lower ?? '') && tokens[p.start - 2]?.text === ',' && tokens.slice(Math.max(0, p.start - 5), p.start - 2).some((t) => t.type === 'number'));
        const antecedent = scaleOnly(last) || timeOnly(last) || remark(last) ? undefined : last;
        // nothing in the sentence to refer to: a figure for the claim of the sentence before ("Two years ago it was one in four")
        np = antecedent ? { ...antecedent, kind: 'refers' } : { start: f.first, end: f.first, text: '', kind: 'refers' };
      }
    }
    if (!owner && !np && (role.role === 'benchmark' || role.role === 'previous')) owner = pool.at(-1);
    const population = !f.unit && (role.counts ?? role.of ?? '').match(/\b(?:firms|companies|businesses|customers|prospects|smes|households|stores)\b/i);
    if (population && opportunity && (!owner || owner.measure.intrinsic !== -1)) {
      owner = mentions.find((x) => x.measure === opportunity) ?? { measure: opportunity, start: 0, end: 0, token: 0, endToken: 0 };
      np = undefined;
    }
    const ranged = f.range !== undefined ? [{ ...ref, value: f.range }] : [];
    // "sales £2.3m, up 12%", "+18, down from +31": a change or an earlier value with no verb of its own describes the figure before it
    const before = raw.filter((g) => g.first >= cs && g.last < f.first).at(-1);
    const between = before ? tokens.slice(before.last + 1, f.first) : [];
    const opened = between.map((t) => t.text).lastIndexOf('(');
    // (not one that names its own measure after the figure before: "Ro-ro units +7% (Dutch route), lo-lo containers -15%")
    const ownName = phrase !== undefined && phrase.binding.kind === 'subject' && before !== undefined && phrase.binding.start > before.last + 1 && phrase.binding.end > phrase.binding.start && tokens.slice(phrase.binding.start, phrase.binding.end).some((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && !/^(?:year|years|quarter|month|season|week|period|time|yr|ly|py)$/i.test(t.lower));
    const trailing = (role.role === 'change' || role.role === 'previous') && before !== undefined && !ownName && !between.slice(0, opened >= 0 ? opened : between.length).some((t, j) => isVerbAt(tokens, before.last + 1 + j));
    // "Shops: … sales £2.3m": a measure named by one general word takes the note's label ("shop sales")
    if (np && phrase?.binding.kind === 'subject' && !/\s/.test(np.text)) {
      const colon = tokens.slice(cs, f.first).findIndex((t) => t.text === ':');
      // a speaker's label ("B:", "IV:") names no measure
      const label = colon > 0 && !/^[A-Z]{1,3}$/.test(tokens[cs + colon - 1]!.text) ? tokens.slice(cs, cs + colon).filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN') : [];
      // (a label that names the kind of amount follows the word it heads: "Costs: energy is down 18%" is energy costs)
      if (label.length === 1 && label[0]!.lower !== np.text.toLowerCase()) np = { ...np, text: /^(?:costs|prices|fees|margins|volumes|wages|overheads|expenses)$/.test(label[0]!.lower) ? `${np.text} ${label[0]!.lower}` : `${label[0]!.lower.replace(/(?<!s)s$/, '')} ${np.text}` };
    }
    // the phrase that governs the figure, kept for a measure of the table to be named by the evidence's whole phrase ("median first response time")
    const bound = phrase && phrase.binding.kind !== 'refers' && phrase.binding.end > phrase.binding.start ? { start: phrase.binding.start, end: phrase.binding.end } : undefined;
    return { ref, ranged, owner, np: owner ? undefined : np, bound, clause: [cs, ce] as const, trailing };
  });

  const claims: Claim[] = [];
  const byMeasure = new Map<string, { mention: (typeof mentions)[number] | undefined; np?: { start: number; end: number; text: string; kind: string }; bound?: { start: number; end: number }; clause: readonly [number, number]; figs: FigureRef[] }>();
  let lastKey = '';
  for (const f of figures) {
    if (f.trailing && lastKey && byMeasure.get(lastKey)?.clause[0] === f.clause[0]) {
      // "3 injuries in 2.1 million hours worked, against 7 in 2023": the figure before it in its unit
      const sameUnit = [...byMeasure.values()].reverse().find((v) => v.clause[0] === f.clause[0] && v.figs.some((g) => g.role === 'current' && g.unit === f.ref.unit));
      (sameUnit ?? byMeasure.get(lastKey)!).figs.push(f.ref, ...f.ranged);
      continue;
    }
    // "44% find the forms hard to fill in; 31% said the same in 2023": a share that says the same as the one before is its earlier value
    if (f.np?.kind === 'share' && /\b(?:said|say|says|felt|reported|answered) the same\b/i.test(wordsOf(tokens, f.clause[0], f.clause[1])) && lastKey && byMeasure.get(lastKey)?.figs.some((g) => g.role === 'current' && g.unit === f.ref.unit)) {
      byMeasure.get(lastKey)!.figs.push({ ...f.ref, role: 'previous' });
      continue;
    }
    if (!f.owner && !f.np) {
      // nothing in its clause governs it: a benchmark or an earlier value joins the clause's measure; anything else is not this clause's to state
      // (a benchmark in a clause of its own that names no measure, "…; we planned 18%", compares the sentence's last measure in its unit)
      const host = [...byMeasure.values()].at(-1);
      const sameClause = host?.clause[0] === f.clause[0];
      const compares = f.ref.role === 'benchmark' && host?.figs.some((g) => g.role === 'current' && g.unit === f.ref.unit) && !host.figs.some((g) => g.role === 'benchmark');
      if (host && (sameClause || compares) && (f.ref.role === 'benchmark' || f.ref.role === 'previous')) host.figs.push(f.ref, ...f.ranged);
      continue;
    }
    // one claim per mention: "Scrap at Telford rose to 5.2%, … the group scrap rate, which rose from 2.1% to 3.4%" is two claims
    const key = f.owner ? `${f.owner.measure.id}@${f.owner.token}` : f.np!.text ? `np:${f.np!.text.toLowerCase()}@${f.clause[0]}` : `refers@${f.clause[0]}`;
    // a benchmark or an earlier value of the clause belongs to the clause's measure, whatever phrase is nearest it; a benchmark named
    // in a clause of its own ("; the banks' covenant is 5.0x") to the sentence's measure in its unit
    const host =
      f.ref.role === 'benchmark' || f.ref.role === 'previous'
        ? ([...byMeasure.entries()].reverse().find(([, v]) => v.clause[0] === f.clause[0]) ??
          (f.ref.role === 'benchmark' && f.np && BENCHMARK_PHRASE.test(f.np.text) ? nearestHost([...byMeasure.entries()].reverse(), f.ref) : undefined))
        : undefined;
    if (host && !byMeasure.has(key)) {
      host[1].figs.push(f.ref, ...f.ranged);
      continue;
    }
    // (nor does a benchmark or an earlier value go to a measure with no level in its unit when one named after it has one:
    // "EBITDA €21.4m, margin 31% against 34% in the plan" holds the margin to the plan)
    const sameUnit = (v: { figs: FigureRef[] }) => v.figs.some((g) => g.role === 'current' && g.unit === f.ref.unit);
    const later = (f.ref.role === 'benchmark' || f.ref.role === 'previous') && f.ref.unit && byMeasure.has(key) && !sameUnit(byMeasure.get(key)!) ? [...byMeasure.entries()].reverse().find(([k, v]) => k !== key && v.clause[0] === f.clause[0] && sameUnit(v) && !v.figs.some((g) => g.role === f.ref.role)) : undefined;
    if (later) {
      later[1].figs.push(f.ref, ...f.ranged);
      continue;
    }
    // (and a gap in points right after a share belongs to the share, not to the whole it is a share of: "Fuel was 31% of
    // operating costs, 4 points above budget")
    const phraseAt = f.owner ? tokens[f.owner.token]!.start : f.np ? tokens[f.np.start]?.start : undefined;
    const shareBefore = f.ref.role === 'change' && /^(?:pts?|points?|pp|%)$/.test(f.ref.unit) && phraseAt !== undefined && lastKey && !byMeasure.get(lastKey)!.figs.some((g) => g.role === 'change') ? byMeasure.get(lastKey)!.figs.find((g) => g.role === 'current' && g.unit === '%' && g.of && g.end <= phraseAt && /^\s*of\b/.test(sentence.text.slice(g.end - sentence.start))) : undefined;
    if (shareBefore && byMeasure.get(lastKey)!.clause[0] === f.clause[0]) {
      byMeasure.get(lastKey)!.figs.push(f.ref, ...f.ranged);
      continue;
    }
    const entry = byMeasure.get(key) ?? { mention: f.owner, ...(f.np ? { np: f.np } : {}), ...(f.bound ? { bound: f.bound } : {}), clause: f.clause, figs: [] };
    entry.figs.push(f.ref, ...f.ranged);
    byMeasure.set(key, entry);
    lastKey = key;
  }
  // measures named without a figure still make a claim when they are good or bad in themselves (a competitor opening, dual-sourcing)
  const withFigures = new Set([...byMeasure.keys()].map((k) => k.split('@')[0]));
  for (const x of mentions) if (!withFigures.has(x.measure.id) && x.measure.intrinsic) {
    // (not one named as the cause of another's change, of someone else's: "… climbed after the refinery outage")
    let p = x.token - 1;
    while (p >= 0 && ['DET', 'ADJ', 'NOUN', 'PROPN'].includes(tokens[p]!.pos) && !/^(?:our|its|their)$/.test(tokens[p]!.lower)) p--;
    if (p >= 0 && /^(?:after|following|amid|during|because|owing|due)$/.test(tokens[p]!.lower) && tokens.slice(p + 1, x.token).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) continue;
    withFigures.add(x.measure.id);
    byMeasure.set(`${x.measure.id}@${x.token}`, { mention: x, clause: clauseOf(x.token), figs: [] });
  }

  for (const { mention, np, bound, clause, figs } of byMeasure.values()) {
    const measure = mention?.measure ?? null;
    // a measure the table does not name needs a figure in digits ("Two customers have …" counts nothing to measure)
    if (!measure && !figs.some((f) => /\d/.test(f.text) || (f.unit === '%' && /\s(?:percent|per cent)$/i.test(f.text)) || (DURATION_UNITS.has(f.unit) && f.role === 'previous'))) continue;
    const [cs, ce] = clause;
    const clauseTokens = tokens.slice(cs, ce);
    // the current value: one with a unit before a bare count ("11 hours of downtime" before "three outages")
    // (and one of the measure's own clause first: "Eight of our 46 account handlers are over 60, and hiring takes about five months")
    const inOwnClause = (f: FigureRef) => f.start >= tokens[cs]!.start && f.end <= tokens[ce - 1]!.end;
    const current =
      figs.find((f) => f.role === 'current' && inOwnClause(f) && f.unit && !f.ratio) ?? figs.find((f) => f.role === 'current' && inOwnClause(f) && f.unit) ?? figs.find((f) => f.role === 'current' && inOwnClause(f)) ??
      figs.find((f) => f.role === 'current' && f.unit && !f.ratio) ?? figs.find((f) => f.role === 'current' && f.unit) ?? figs.find((f) => f.role === 'current');
    const previous = figs.find((f) => f.role === 'previous');
    // (a count with only an earlier value is no measure: "two pub groups … delisted our ales from about 140 pubs")
    if (np?.kind === 'count' && !current && !figs.some((f) => f.role === 'change' || f.role === 'benchmark')) continue;
    // a benchmark is in the measure's own unit (a 19-week hiring time is no benchmark for a share of staff)
    // (and a share is never the benchmark of a count: "intake was 4,120, about 6% under target" states how far it fell short)
    const comparable = (f: FigureRef) => !current || f.unit === current.unit || (!f.unit && current.unit !== '%') || (!current.unit && f.unit !== '%');
    const benchmark = figs.find((f) => f.role === 'benchmark' && comparable(f));
    // (a level held against the organization's own is someone else's, a rival's or a peer's: "…, which charges £19.99 a month
    // against our £34" is no measure of the organization; what it means, the outside reading says)
    if (benchmark && current && /^[£$€]$/.test(benchmark.unit) && /\b(?:charg(?:es|ing)|costs|sells?|priced|offers?|pays?)\b/i.test(clauseTokens.map((t) => t.lower).join(' ')) && /\b(?:against|versus|vs\.?|compared with|than) our\s*$/i.test(sentence.text.slice(0, benchmark.start - sentence.start)) && !/^(?:our|we)\b/i.test(sentence.text.slice(tokens[cs]!.start - sentence.start).replace(/^[\s\-•*]+/, ''))) continue;
    const shortfall = current ? figs.find((f) => f.role === 'benchmark' && !comparable(f) && f.unit === '%') : undefined;
    const gapSide = shortfall ? /^\s*(?:(under|below|short of|behind|lower than)|(over|above|ahead of|higher than|beyond))\b/i.exec(sentence.text.slice(shortfall.end - sentence.start)) : null;
    const change = figs.find((f) => f.role === 'change');
    const period = periodNear(sentence, current ?? change);
    // (a level said to be a multiple of an earlier one moved that way: "£4m, double last year's", "412, twice what they were in 2023")
    const multipleOf = current && !previous && !change ? /^[\s,;(–—-]*(?:about |around |nearly |almost |roughly |more than |over |well over |at least )?(double|twice|triple|treble|three times|four times|half|a third of)\b\s*(?:of\s+)?(?:what|that of|last|a year|the year|(?:the|its|their) (?:level|figure|total) (?:of|in|for) (?:last|a|the|(?:19|20)\d\d)|in (?:19|20)\d\d)\b/i.exec(sentence.text.slice(current.end - sentence.start)) : null;
    const movement = movementOf(clauseTokens, { current, previous, benchmark, change }, measure) || (multipleOf ? (/^(?:half|a third of)$/i.test(multipleOf[1]!) ? -1 : 1) : 0);
    // outside or not: a measure of the table says; else the words of its own clause, before any "which …" that comments on it
    const own = sentence.text
      .slice(tokens[cs]!.start - sentence.start, tokens[ce - 1]!.end - sentence.start)
      .split(/,\s*(?:which|where|who)\b|\b(?:compare[sd]? with|against|versus|vs\.?|above|below|ahead of|behind|beating|beat|missing|missed|exceeding|exceeded)\b/)[0]!
      .toLowerCase()
      // who judged the result is not what it is about ("rated Good by the regulator")
      .replace(/\b(?:rated|judged|graded|assessed|ranked|scored|certified|accredited|classed|classified)\b[^.;]{0,40}?\bby (?:the |an? |its )?[\w-]+/g, ' ')
      // (nor is the organization's share of a market about the market: "Our share of the UK market slipped to 11%")
      .replace(/\bshare of (?:the )?(?:[\w-]+ ){0,3}market\b/g, ' ');
    // (a segment the organization does not own that grows at a yearly rate is a market that grows: "temperature-controlled
    // freight is growing at around 7% a year, driven by online grocery and pharma")
    const marketRate = !measure && /\b(?:is|are) (?:now )?(?:growing|expanding|shrinking|declining|contracting) (?:at )?(?:about |around |roughly |some |nearly |over |more than )?[\d.]+\s?(?:%|per ?cent) (?:a|per) year\b/.test(own) && !/\b(?:our|we|us|its|their)\b/.test(own) && !judgeByWords(own.split(/\s+(?:is|are)\s+/)[0]!.replace(/^[\s\-•*]+/, ''));
    const external = measure ? measure.scope === 'external' : marketRate || EXTERNAL_SUBJECT.test(own);
    // a measure the table does not name: its name from the clause ("the did-not-attend rate", "average wait"), judged by its head words
    // a figure that opens its clause takes its name from the clause before ("Patient experience remains strong: 91% of patients …")
    const colon = cs > 0 && tokens[cs - 1]!.text === ':' ? clauseOf(cs - 2)[0] : -1;
    // a phrase of its own: its head before its prepositions ("build cost" of "build cost per premise passed"), which
    // keep the name when they say what is measured ("per premise passed", "of frontline support workers") and qualify it
    // when they say where ("at the two golf resorts in the Algarve")
    const split = np && !measure ? (np.kind === 'share' ? { head: shareName(tokens, np, ce), pp: '' } : splitPhrase(analystName(np.text))) : undefined;
    const place = split && (/^(?:at|in|across|among|on|within)\b/i.test(split.pp) || (/^for\b/i.test(split.pp) && phraseOfClause(np))) ? split.pp : '';
    // (a count of people or things the organization is short of is a shortage of them: "Ground handling short of 19 ramp agents")
    const lacked = !measure && current && !current.unit && /\bshort of\s*$/i.test(sentence.text.slice(0, current.start - sentence.start)) ? /^\s*((?:[\p{L}-]+ ){0,3}?[\p{L}-]+?s)\b/u.exec(sentence.text.slice(current.end - sentence.start))?.[1] : undefined;
    // (and a time a machine or a site was out of use is its downtime: "The Kessel chair alone was down 11 days over the season")
    const downFor = !measure && current && /^(?:days?|hours?|weeks?|shifts?)$/.test(current.unit) ? /^[\s\-•*]*(?:[Tt]he |[Oo]ur )?((?:[\p{L}&'’-]+ ){0,3}?[\p{L}&'’-]+)(?: alone| itself)? (?:was|were|has been|have been|had been|went|is|are) (?:down|offline|out of (?:action|service|use)|out|shut|closed)(?: for)?(?: about| around| nearly| over| some| almost| roughly)?\s*$/u.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, current.start - sentence.start))?.[1] : undefined;
    // (and what doing something takes is the time to do it: "Opening an account online takes 3 days on average")
    const doing = !measure && current && DURATION_UNITS.has(current.unit) ? /^[\s\-•*]*(?:[A-Z]{1,3}:\s*)?(\p{L}+ing)((?: [\p{L}'’-]+){0,6}?) (?:now |currently |still |typically |usually |often |normally )?(?:takes|took|is taking|has taken|can take|will take|takes us|took us)(?: about| around| roughly| nearly| almost| over| up to| some| an average of| on average)?\s*$/u.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, current.start - sentence.start)) : null;
    // (and how long people waited is their wait: "On average families waited 19 days between the death and the funeral")
    const waited = !measure && current && DURATION_UNITS.has(current.unit) ? /^[\s\-•*]*(?:on average,?\s+)?(?:the |our )?((?:[\p{L}'’-]+ ){0,3}?[\p{L}'’-]+?) (?:have |had |typically |usually )?(?:waited|wait|were waiting|are waiting|have been waiting|had been waiting)(?: on average)?(?: for)?(?: an average of| on average| about| around| nearly| over| up to| some| roughly| almost)?\s*$/iu.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, current.start - sentence.start)) : null;
    const waitedFor = waited && !/^(?:we|i|they|it|you|he|she|who|which|that)$/i.test(waited[1]!) ? /^\s*(?:on average\s+)?((?:for|between|to|before|until) [^;,.()]{2,60}?)\s*(?:[;,.()]|$)/i.exec(sentence.text.slice(current!.end - sentence.start))?.[1] ?? '' : undefined;
    // (and what a funder or a buyer pays for each unit is its rate: "the council pays £5.90 an hour for under-threes")
    const payer = !measure && current && /^[£$€]/.test(current.text) ? /(?:^|\b(?:said|says|that)\s+)[\s\-•*]*(?:the |our )?((?:[\p{L}'’-]+ ){0,2}?[\p{L}'’-]+?) (?:now |only |still )?(?:pays|paid|pay|is paying|are paying|reimburses|reimbursed|funds|funded)(?: us| providers| the \w+)?(?: only| just)?\s*$/iu.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, current.start - sentence.start)) : null;
    const paidFor = payer && !/^(?:we|i|they|it|you|he|she|who|which|that)$/i.test(payer[1]!) ? /^\s*(?:an?|per) (?:hour|day|week|month|year|child|place|pupil|patient|visit|session|unit|night|bed|head|item|case|call|mile|tonne|litre)\b(?: (for [^;,.()]{2,40}?))?(?=\s+(?:against|versus|vs|compared|while|but|when)\b|\s*[;,.()]|\s*$)/i.exec(sentence.text.slice(current!.end - sentence.start)) : null;
    // (and what people start on is their starting pay: "our store assistants start at £11.60 an hour")
    const starting = !measure && current && /^[£$€]/.test(current.text) && /^\s*(?:an?|per) (?:hour|week|month|year|annum)\b/i.test(sentence.text.slice(current.end - sentence.start)) ? /^[\s\-•*]*(?:the |our )?((?:[\p{L}'’-]+ ){0,2}?[\p{L}'’-]+?) (?:now )?(?:start|starts|started|begin|begins) (?:on|at)(?: about| around| just)?\s*$/iu.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, current.start - sentence.start)) : null;
    const doingLemma = doing ? verbOfGerund(doing[1]!.toLowerCase(), tokens.find((t) => t.lower === doing[1]!.toLowerCase())?.lemma) : undefined;
    // (and what a thing costs more or less than it did is its cost: "Glass bottles cost us 31% more than two years ago")
    const costed = !measure && change && !current ? /^[\s\-•*]*(?:[Tt]he |[Oo]ur )?((?:[\p{L}'’-]+ ){0,3}[\p{L}'’-]+) (?:now )?costs? (?:us |the business |the company )?(?:about |around |roughly |some |nearly |almost |over |just )?$/u.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, change.start - sentence.start))?.[1] : undefined;
    const generic = measure
      ? undefined
      : costed ? `Cost of ${lowerFirst(costed)}` : starting && !/^(?:we|i|they|it|you|he|she|who|which|that)$/i.test(starting[1]!) ? `Starting pay for ${lowerFirst(starting[1]!)}` : paidFor ? `${capitalise(payer![1]!)}’s rate${paidFor[1] ? ` ${paidFor[1]}` : ''}` : waitedFor !== undefined ? `${capitalise(waited![1]!)}${/s$/i.test(waited![1]!) ? '’' : '’s'} wait${waitedFor ? ` ${waitedFor}` : ''}` : doing ? (doingLemma ? `Time to ${doingLemma}${doing[2]}` : `Time for ${doing[1]!.toLowerCase()}${doing[2]}`) : downFor && !/\b(?:we|it|they|sales|revenue|profit|margin|volumes?|demand|numbers?|visits|orders)\b/i.test(downFor) ? `${capitalise(downFor)} downtime` : lacked ? `Shortage of ${/^\p{Lu}\p{Ll}/u.test(lacked) && !ctx.names?.has(lacked.split(' ')[0]!) ? lowerFirst(lacked) : lacked}` : (split ? (place ? split.head : `${split.head}${split.pp ? ` ${split.pp}` : ''}`) : '') ||
        genericName(tokens, figs[0] ? tokenAt(tokens, figs[0].start) : ce, cs) ||
        (colon >= 0 ? genericName(tokens, cs - 1, colon) : '');
    // its head words, with what its figure counts ("Site managers: 11 vacancies")
    // (what a share is "of" is its base, not what it counts: "fuel down to 18.2% of sales")
    // (up to a cause or a time: "240 after the energy firms cut travel budgets" counts no energy)
    const afterFigure = current ? sentence.text.slice(current.end - sentence.start).split(/[,;(.]|\s(?=(?:after|as|because|since|when|while|following|due to|thanks to)\b)/i)[0]!.replace(/^\s*of\b.*$/i, '').split(/\s+/).slice(0, 4).join(' ') : '';
    // (with the figure's unit when it is a word: "212 days without a lost-time incident" counts days without one)
    // (a statement in quotation marks that labels a survey's figure is judged by what it says: "\"My workload is manageable\": 38%")
    // (or written without quotation marks when it reads as one: "Fees are fair: 29% agree")
    const labelled = /^[\s\-•*>]*([^:"“]{3,80}?)\s*:\s*[£$€~]?\d/.exec(sentence.text)?.[1];
    const quoted = /^[\s\-•*>]*["“]([^"”]{3,80})["”]\s*:/.exec(sentence.text)?.[1] ?? (labelled && statementPolarity(labelled) ? labelled : undefined);
    // a survey's line, "Repairs: 64% satisfied", "Home is safe: 82% agree", names what was asked, with how it was answered
    // (and who answered, between them: "Swimming lessons: 91% of parents are satisfied")
    const answered = labelled && current?.unit === '%' && !/\d/.test(labelled) ? /^\s*(?:of [\w\s-]{1,30}? (?:are|were|is|was|say they are|said they were) (?:very |fairly |quite )?)?(satisfied|dissatisfied|agree|agreed|disagree)\b/i.exec(sentence.text.slice(current.end - sentence.start))?.[1]?.toLowerCase() : undefined;
    // (turnover given as a share is people leaving: "turnover 27%, higher in cafés")
    const leavers = generic && /^turnover$/i.test(generic.trim()) && current?.unit === '%' ? judgeByWords('staff turnover') : undefined;
    // (a channel a business grows on purpose, as a share of what it sells, is better when larger: "The webshop now takes 38% of
    // orders, up from 29%", "digital now 27% of rev (19% LY)")
    const mixBase = current?.unit === '%' && SALES_BASE.test(sentence.text.slice(current.end - sentence.start).toLowerCase());
    // (or named as its share: "Delivery share rose 5 points to 19%", "online ticket share")
    const shareNamed = current?.unit === '%' && /\bshare\b/i.test(generic ?? '') && CHANNEL.test((generic ?? '').toLowerCase());
    // (not what goes wrong in a channel, whose words judge it: "Delivery complaints are 3.1% of orders")
    const channel = (mixBase || shareNamed) && !measure && CHANNEL.test(`${generic} ${clauseTokens.map((t) => t.lower).join(' ')}`) && judgeByWords(generic ?? '')?.polarity !== -1 ? judgeByWords('market share') : undefined;
    const byWords = leavers ?? channel ?? (quoted ? judgeByWords(quoted) : undefined) ?? (generic ? judgeByWords(`${generic} ${current?.counts ?? ''} ${current && /^[a-z]+$/.test(current.unit) ? `${current.unit} ` : ''}${afterFigure}`) : undefined);
    // good or bad: a limit the measure breaks, then its movement (over time, or against a benchmark) read against its polarity
    // (the table's, else its head words', else a time taken: worse when longer), then the judgement the source states,
    // then what the measure is in itself (a complaint, an injury; satisfaction); unknown stays neutral
    // (what the organization itself fitted, sold or delivered is its output: more is better, "We fitted 2,140 systems")
    const output = !measure && !byWords && current && OUTPUT.test(clauseTokens.map((t) => t.lower).join(' ').split(current.text.toLowerCase())[0] ?? '');
    const polarity = measure ? measure.polarity : (byWords?.polarity ?? (output ? 1 : current && DURATION_UNITS.has(current.unit) ? -1 : 0));
    const clauseText = clauseTokens.map((t) => t.text).join(' ').toLowerCase();
    // (a covenant or a threshold on a measure that is better when higher, "interest cover 2.9x (covenant 2.0x)", "continuation
    // 91.5%; the OfS threshold is 80%", is a floor, not a ceiling)
    const limit = benchmark?.bound === 1 && polarity === 1 && /\b(?:covenant|threshold)\b/.test(benchmark.label ?? '') ? -1 : benchmark?.bound;
    const breached = current && benchmark && limit && (limit === 1 ? current.value > benchmark.value : current.value < benchmark.value);
    // (a measure the words do not judge is good inside a limit it is held to: "6% (limit: under 8%)")
    const within = current && benchmark && limit && !breached && !measure && !polarity && current.value !== benchmark.value;
    // (a measure within a tenth of a limit it is held to has little room left: "4.2x against the covenant ceiling of 4.5x")
    const nearLimit = current && benchmark && limit && !breached && closeTo(current, benchmark);
    let valence: 1 | -1 | 0 = breached || nearLimit ? -1 : within ? 1 : measure ? valenceOf(measure, movement) : polarity ? valenceOf({ polarity }, movement) : 0;
    // (a level of unknown polarity held to a plan or a target is short of it below it, past it above it: "We've passed 212,000
    // premises, against a plan of 240,000")
    if (valence === 0 && !polarity && current && benchmark && current.unit === benchmark.unit && /^(?:target|plan|goal)$/.test(benchmark.label ?? '')) valence = compareFigures(current, benchmark);
    // (what an inspection or an audit of the organization found is its own weakness, whoever inspected: "MHRA inspection in Sept
    // closed with 2 majors")
    if (current && !current.unit && /\b(?:inspection|audit|review|assessment|visit)\b[^.;]{0,40}?\b(?:closed with|found|raised|identified|resulted in|ended with)\s+(?:[\w-]+ )?[\d]+ (?:major|critical|serious)?\s?(?:majors?|criticals?|findings?|observations?|non-?conformit(?:y|ies)|deficienc(?:y|ies)|breaches)\b/i.test(clauseText)) valence = -1;
    // (an opening in itself that the sentence says the organization cannot meet is a threat: "… must go through the new
    // e-invoicing portal, which our software does not support")
    if (measure?.intrinsic === 1 && /\b(?:our|we)\b[^.;]{0,40}\b(?:(?:does|do|can|could|will) not|doesn't|don't|can't|cannot|won't) (?:yet )?(?:support|handle|meet|comply|cope)|\b(?:we|our [\w-]+) (?:are|is) not (?:yet )?(?:ready|compliant|able)\b/i.test(sentence.text)) valence = -1;
    // (a growth held to the growth planned is short of it below it: "grew 3%, well short of the 7% we budgeted")
    if (!current && change && benchmark && change.unit === '%' && benchmark.unit === '%' && polarity && /^(?:budget|plan|target|goal|guidance|forecast)$/.test(benchmark.label ?? '')) {
      const side = compareFigures({ value: change.dir === -1 ? -change.value : change.value, unit: '%' }, benchmark);
      if (side) valence = (side * polarity) as 1 | -1;
    }
    // rivals' prices that rise, or stand above the organization's, leave it the cheaper offer
    if (measure?.id === 'competitor-prices' && change?.dir === 1) valence = 1;
    // a verb that places the figure behind or beyond its benchmark judges it, whatever the measure's words say: "R&D spend, 7% of
    // revenue, trails the 9% typical of the sector"; "our yield beats the 6% the market achieves"
    if (current && benchmark && !breached) {
      if (/\b(?:trails?|trailing|trailed|lags?|lagging|lagged|falls? short of|fell short of|underperforms?|underperformed)\b/.test(clauseText)) valence = -1;
      else if (/\b(?:outperforms?|outperformed|beats|beat|outstrips?|outstripped)\b/.test(clauseText)) valence = 1;
    }
    // a comparison with peers stated without their figure ("…, which he believes is well above most groups"; "£18, lower than
    // any rival we know of"): the level is above or below them, judged by the measure's polarity ("better", "behind" by itself)
    let peerWords = '';
    let movedWord = '';
    if (valence === 0 && current && !benchmark && !previous && !change) {
      const rest = sentence.text.slice(current.end - sentence.start).split(/;|\.\s/)[0]!.toLowerCase();
      const peerSide = PEERS_IN_WORDS.exec(rest);
      if (peerSide && !/\d/.test(rest.slice(0, peerSide.index + peerSide[0].length))) {
        const dir = /^(?:above|over|higher|more|ahead|better)/.test(peerSide[1]!) ? 1 : -1;
        valence = /^(?:ahead|better|behind|worse)/.test(peerSide[1]!) ? dir : ((dir * polarity) as 1 | -1 | 0);
        const degree = /\b(?:well|far|way|much|slightly|just|comfortably)\s+$/.exec(rest.slice(0, peerSide.index))?.[0] ?? '';
        // (not restated when the source hedges it as far as it knows: "lower than any rival we know of")
        const hedgedPeers = /^\s+(?:that |whom? )?(?:we|i|they|he|she) (?:know|are aware|have seen|can find|can think)\b/.test(rest.slice(peerSide.index + peerSide[0].length));
        if (valence !== 0 && !hedgedPeers) peerWords = `${degree}${peerSide[0]}`;
      }
    }
    // (and with a plan whose figure is not given: "Revenue of £48.3m was ahead of budget", "Sales of £2.1m were behind plan")
    if (current && !benchmark && !previous && !change && !peerWords) {
      const plan = /^\s*,?\s*(?:(?:was|were|is|are|came in|finished|ended|closed)\s+)?((?:well |slightly |just |comfortably |marginally )?(ahead of|behind|above|below|over|under|short of|in line with)\s+(?:the |our |its )?(?:full-year |annual |original |revised )?(?:budget|plan|target|forecast|guidance))\b/i.exec(sentence.text.slice(current.end - sentence.start));
      if (plan) {
        const side = /^(?:ahead of|above|over)$/i.test(plan[2]!) ? 1 : /^in line with$/i.test(plan[2]!) ? 0 : -1;
        const judged = /^(?:ahead of|behind|short of)$/i.test(plan[2]!) ? side : side * polarity;
        if (judged !== 0) {
          peerWords = plan[1]!.toLowerCase();
          if (valence === 0 || valence === judged) valence = judged as 1 | -1;
        }
      }
    }
    // a verb that judges the movement itself says which way is better, whatever the measure: "Realisation rate improved to 88%
    // from 82%", "Lapses improved to 6.5%", "payback deteriorated to 31 months", "the reservation rate slipped to 0.48 from 0.65"
    // (the figure's own verb overrides what the measure's words guess: "Fuel economy improved to 9.8 mpg from 9.1")
    if (current && !breached) {
      const own = (re: RegExp) => new RegExp(`\\b(?:${re.source})\\s+(?:(?:sharply|slightly|further|again|significantly|markedly|steadily|a little|a lot|somewhat)\\s+)?(?:to|from|by|on|[£$€]?\\d)`).test(clauseText);
      const judgedMove = own(/improved|improving|improves|recovered|recovering|strengthened/) ? 1 : own(/worsened|worsening|worsens|deteriorated|deteriorating|deteriorates|weakened|weakening/) ? -1 : 0;
      if (judgedMove && (valence === 0 || valence !== judgedMove)) valence = judgedMove;
      // (a slip is for the worse where nothing else judges the measure; "costs slipped to 4%" may mean they eased)
      if (valence === 0 && own(/slipped|slipping|slips|slid|sliding/)) valence = -1;
      if (judgedMove && !previous && !change) movedWord = /\b(improved|recovered|strengthened|worsened|deteriorated|weakened)\s+(?:[a-z]+\s+)?to\b/.exec(clauseText)?.[1] ?? '';
    }
    // a profit made after a loss is a turn for the better ("an operating profit of £38m after a loss of £22m in 2023")
    if (valence === 0 && current && polarity === 1 && !previous && !change && /\bprofit|\bsurplus\b|\bebitda?\b|\bearnings\b/.test(`${generic ?? ''} ${measure?.name ?? ''}`.toLowerCase()) && /^[^;.]{0,30}?\b(?:after|from|following|compared with|versus|against|up from) (?:a |an |the )?(?:[\w-]+ ){0,2}(?:loss|deficit)\b/.test(sentence.text.slice(current.end - sentence.start).toLowerCase())) valence = 1;
    // (a share of people who rate or call something good is better the more of them: "81% rated it good or excellent (2025: 86%)"
    // fell; its words of praise name what they were asked, and judge nothing of the move)
    if (valence === 0 && !measure && current?.unit === '%' && movement && (previous || change) && /\b(?:rated?|rating|say|said|agree[sd]?|felt|feel|would recommend)\b[^.;]{0,60}\b(?:good|excellent|very good|outstanding|satisfied|fair|favourable|positive)\b/.test(clauseText) && !/\b(?:poor|bad|unfair|dissatisfied|too high|negative|unfavourable)\b/.test(clauseText)) {
      // (a dip of a point or two in a high share is still a high share: "86% rated their stay excellent (2023: 88%)")
      const drop = previous ? previous.value - current.value : change?.unit === '%' || change?.unit === 'pt' ? change.value : 0;
      if (movement === 1 || drop >= 3 || current.value < 80) valence = movement;
    }
    if ((!measure && valence === 0) || (measure && valence === 0 && !measure.intrinsic)) {
      // no movement to read against the measure: the judgement the source states ("the weakest part", "too many")
      // the sentence before counts when it is a judgement of its own ("Badly.", "We lose too many …"), not a statement of other figures
      // (the words around the clause, without other clauses that state figures of their own: "Annual churn was 16%, and our
      // Trustpilot rating of 4.6 is among the best" judges the rating, not the churn)
      let around = contrastSegment(lower, tokens[cs]!.start - sentence.start, tokens[ce - 1]!.end - sentence.start);
      for (const [os, oe] of spans) {
        // (a clause that moves a measure of its own states it, figure or none: "…, and complaints fell by a third")
        if (os === cs || !tokens.slice(os, oe).some((t) => /\d/.test(t.text) || (t.pos === 'VERB' && (UP_WORDS.has(t.lower) || DOWN_WORDS.has(t.lower))))) continue;
        const other = lower.slice(tokens[os]!.start - sentence.start, tokens[oe - 1]!.end - sentence.start);
        if (other && !other.includes(clauseText.slice(0, 20))) around = around.replace(other, ' ');
      }
      valence =
        // (a verdict right after the figure speaks for it first: "98.1% - good, no complaints")
        (current ? verdict(sentence.text.slice(current.end - sentence.start).replace(/^\s*(?:[-–—,:]\s*)/, '')) : 0) ||
        judged(clauseText) ||
        judged(around) ||
        (ctx.previous && !ctx.afterBreak && !/\d/.test(ctx.previous.text) ? judged(ctx.previous.text.toLowerCase()) : 0) ||
        // a verdict of a word or two after it ("Order book £410m = about 1.6 years of revenue. Healthy.")
        (ctx.next && !/\d/.test(ctx.next.text) && ctx.next.tokens.filter((t) => /\p{L}/u.test(t.text)).length <= 3 ? judged(ctx.next.text.toLowerCase()) || verdict(ctx.next.text) : 0) ||
        // or a sentence after it that judges it by pointing back ("That's too high, everyone agrees.", "It is the best in the group.",
        // "The CEO said this was in line with peers and nothing to worry about.")
        (ctx.next && !/\d/.test(ctx.next.text) && /^[\s"“'‘-]*(?:(?:the |our |their )?(?:[\w'’-]+ ){1,3}(?:said|says|thinks|thought|believes|believed|feels|felt|reckons|added|noted|told us) (?:that )?)?(?:that|this|it|which)(?:'s|’s|\s+is|\s+was|\s+has been|\s+remains)\b/i.test(ctx.next.text) ? judged(ctx.next.text.toLowerCase()) : 0);
      // the lowest of a measure that is worse when higher is the best ("credit notes 0.6% of sales, the lowest of their three suppliers")
      if (polarity === -1 && /\blowest\b/.test(around) !== /\bhighest\b/.test(around)) valence = /\blowest\b/.test(around) ? 1 : -1;
    }
    // a source that says the level is no concern ("nobody thinks that's a problem", "nothing to worry about") judges it
    // good, whatever the measure is in itself, unless it breaks a limit
    if (!breached && valence < 0 && !change && !previous && NO_CONCERN.test(contrastSegment(lower, tokens[cs]!.start - sentence.start, tokens[ce - 1]!.end - sentence.start) + (ctx.next && !/\d/.test(ctx.next.text) ? ` ${ctx.next.text.toLowerCase()}` : ''))) valence = 1;
    // "only 41% said …", "just 3 bids": the source calls the level low; "as many as", "as high as": high
    const stressed = /\b(?:only|just|barely|merely)\s+(?:about |around |some )?(?:[£$€]?\d|(?:one|two|three|four|five|six|seven|eight|nine|ten) of\b)/.test(clauseText) ? -1 : /\bas (?:many|much|high|long) as\s+[£$€]?\d/.test(clauseText) ? 1 : 0;
    if (valence === 0 && stressed && polarity && !previous && !change && !benchmark) valence = (stressed * polarity) as 1 | -1;
    // a score on a stated scale ("3.2 / 5", "6.1 out of 10") is low under seven tenths of it and high from eight
    const scale = current ? /^\s*(?:\/|out of)\s*(5|10|100)\b/.exec(sentence.text.slice(current.end - sentence.start)) : null;
    if (valence === 0 && scale && current && polarity === 1 && !previous && !change && !benchmark) {
      const share = current.value / Number(scale[1]);
      valence = share < 0.7 ? -1 : share >= 0.8 ? 1 : 0;
    }
    // a book-to-bill ratio says by itself whether the order book grows: above 1 it does, below 1 it shrinks
    if (valence === 0 && current && !benchmark && /\bbook\s?-?\s?to\s?-?\s?bill\b/i.test(clauseText) && (current.unit === 'x' || !current.unit) && current.value !== 1 && current.value > 0 && current.value < 5) valence = current.value > 1 ? 1 : -1;
    const flat = directionIn(tokens, cs, ce) === 0;
    // a measure held steady in the face of something that should have moved it is resilience: "gross margin held at 31% despite price deflation"
    const despite = valence === 0 && flat && polarity && current && !benchmark && !change ? /^[^;.]{0,60}?\b((?:despite|in spite of|notwithstanding|even (?:with|as|though|after))\b[^,;.]{3,80})/i.exec(sentence.text.slice(current.end - sentence.start)) : null;
    if (despite) valence = 1;
    const heldDespite = despite && !/\b(?:we|our|us|i)\b/i.test(despite[1]!) ? despite[1]!.trim() : '';
    // what the measure is in itself: a problem or an asset at any level, when nothing else judged it
    // (a measure's own name judged only by words that agree with its polarity: "Return on capital employed" is no product returned)
    const byName = measure && !measure.intrinsic ? judgeByWords(measure.name) : undefined;
    const level = byWords?.level ?? (byName && byName.polarity === measure!.polarity ? byName.level : undefined);
    // (a share satisfied, or agreeing, with nothing to compare it to is judged by its size, as a survey's statement is: most are, or few)
    const surveyShare = level === 1 && current?.unit === '%' && (answered !== undefined || /\b(?:satisf\w*|agree\w*|favourab\w*|positive)\b/i.test(`${generic ?? ''} ${labelled ?? ''}`));
    // (and so is a share of people who hold a good view, said as a statement with no level of its own: "Eighty-seven percent of
    // tenants are satisfied with the service", "91% of parents rate the nursery as good")
    const holdsView = level === undefined && current?.unit === '%' && current.value <= 100 && ((polarity === 1 && generic !== undefined && statementPolarity(generic) === 1) || answered === 'satisfied' || (/^agreed?$/.test(answered ?? '') && statementPolarity(labelled ?? '') === 1));
    if (valence === 0 && !flat && !previous && !change && !benchmark && (level || holdsView)) valence = surveyShare || holdsView ? (current.value >= 70 ? 1 : current.value < 50 ? -1 : 0) : level!;
    // (a rate of people or customers lost is judged by its level, not by being a loss at all: absence of 2.1% of working days
    // and churn of 4% a year are low; from 5% and 10% a year, and staff turnover from 20%, they are high)
    // (a level alone: never one the clause says moved, "churn edged up to 1.6% a month")
    const lossNorm = level === -1 && current?.unit === '%' && !previous && !change && !benchmark && !/\b(?:up|down|rose|risen|rising|fell|fallen|falling|grew|grown|increased|decreased|edged|climbed|dropped|jumped|doubled|halved|improved|worsened)\b/.test(clauseText) ? LOSS_NORMS.find(([re]) => re.test(sentence.text.toLowerCase())) : undefined;
    // (the norms are a year's: a month's churn of 4% is high, "4.8% monthly")
    const monthly = /\bmonthly\b|\b(?:a|per|each) month\b/.test(sentence.text.toLowerCase());
    if (lossNorm && current && !(monthly && lossNorm[1] === 5)) {
      const [, low, high] = lossNorm;
      valence = current.value <= low ? 1 : current.value >= high ? -1 : 0;
    }
    // a rate of doing a thing right, with nothing to compare it to, is judged by how near it comes to all of it: "OTIF to US
    // customers 84%" and "right first time on 79% of jobs" fall short, "gas safety certificates for 100% of homes" does not;
    // a share kept ("94% renewed") and a share of space or time filled ("occupancy 79%") by lower marks of their own
    if (valence === 0 && current?.unit === '%' && !previous && !change && !benchmark && current.value <= 100 && !MIX_SHARE.test(clauseText)) {
      // (words written with a hyphen are read whole: "first-contact resolution")
      const rate = clauseText.replace(/\s*-\s*/g, '-');
      const failed = FAILED_RATE.test(rate) && !RIGHT_RATE.test(rate);
      const [good, bad] = polarity === -1 || failed ? [NaN, NaN] : RIGHT_RATE.test(rate) ? [95, 88] : KEPT_RATE.test(rate) ? [90, 80] : FILLED_RATE.test(rate) ? [75, 60] : [NaN, NaN];
      if (current.value >= good) valence = 1;
      else if (current.value < bad) valence = -1;
      // (a rate of doing it again or wrong the other way about: from 10% it is a weakness, at 2% or less a strength)
      else if (failed) valence = current.value >= 10 ? -1 : current.value <= 2 ? 1 : 0;
      // (a plant or a site running at nine tenths of its capacity or more has no room to grow: "runs at 97% of capacity")
      if (valence === 0 && current.value >= 90 && /%\s+of\s+(?:its |our |the |their )?(?:full |maximum |total |rated )?capacity\b/.test(clauseText)) valence = -1;
    }
    // (a share short of or past a target says which way the level falls: under a target is short of it, whatever the measure)
    if (valence === 0 && gapSide && shortfall) {
      const side = gapSide[1] ? -1 : 1;
      const pol = polarity || (/^(?:targets?|plan|planned|forecast|goal|aim|ambition)$/.test(shortfall.label ?? '') ? 1 : 0);
      valence = (side * pol) as 1 | -1 | 0;
    }
    // (cash conversion, the share of profit that turns into cash, is sound from nine tenths and weak under seven)
    if (valence === 0 && current?.unit === '%' && !previous && !change && !benchmark && /\bcash conversion\b/i.test(clauseText)) valence = current.value >= 90 ? 1 : current.value < 70 ? -1 : 0;
    // (what a mishap "cost us" is a loss the organization bore: "Warranty claims cost us £1.2m last year"; an investment's cost is none)
    // (named in the clause before when this one points back to it: "…, driven by escape-of-water claims, which now cost us £41m")
    if (valence === 0 && current && current.unit !== '%' && !benchmark && /\b(?:claims|returns|fines?|penalt(?:y|ies)|write-?offs?|errors?|outages?|defects?|failures?|complaints|absence|delays?|breakdowns?|strikes?|theft|fraud|waste|scrap|downtime|rework|recalls?|disputes?|stoppages?|breaches?|accidents?|injuries|floods?|flooding|storms?|mistakes?|no-shows?|cancellations?|sickness|vacancies|turnover|churn|cases?|incidents?|attacks?|ransomware|cyber-?attacks?|hacks?|leaks?|spills?|collisions?|crashes|fires?)\b[^.;]{0,30}\bcost (?:us |the (?:business|company|group|firm|trust|practice) )?(?:an estimated |about |around |some |nearly |over )?[£$€]/i.test(`${np?.kind === 'refers' ? `${generic ?? ''} ` : ''}${clauseText}`)) valence = -1;
    // (a return on capital from 15% clears any usual cost of capital; under 8% it does not)
    if (valence === 0 && current?.unit === '%' && !previous && !change && !benchmark && measure?.id === 'return-on-capital') valence = current.value >= 15 ? 1 : current.value < 8 ? -1 : 0;
    // (net revenue retention above all of last year's revenue means customers kept spend more than they took away; under nine tenths is a leak)
    if (valence === 0 && current?.unit === '%' && !previous && !change && !benchmark && /\b(?:net (?:revenue|dollar|sales) retention|nrr|ndr)\b/i.test(clauseText)) valence = current.value >= 100 ? 1 : current.value < 90 ? -1 : 0;
    // one name that brings a large share of what the organization sells, carries or makes is a dependence on it: "Skyvale
    // accounts for 58% of traffic", "Daventry accounts for 91% of capacity", "our largest customer is 40% of revenue"
    if (valence === 0 && current?.unit === '%' && current.value >= 35 && current.value < 100 && !previous && !change && !benchmark && CONCENTRATION.test(clauseText)) {
      const written = clauseTokens.map((t) => t.text).join(' ');
      // (a name, not a word of English that opens the sentence: "Exports make up 45% of sales" is a mix)
      // (after a speaker's label or a source that says it: "AL: The deck says Skyvale is 58% of your traffic")
      const subject = /(?:^[\s\-•*]*(?:[A-Z]{1,3}\s*:\s*)?|\b(?:says|said|shows|showed|notes|noted)\s+(?:that\s+)?)((?:\p{Lu}[\p{L}&'’-]*\s+){0,2}\p{Lu}[\p{L}&'’-]*)(?:\s+(?:Ltd|Group|plc|Inc))?\s+(?:alone\s+)?(?:accounts?|accounted|makes?|made|represents?|represented|brings?|brought|is|are|was|were|takes?|took|provides?|provided|supplies|supplied|carries|carried|handles|handled|flies|flew|buys|bought)\b/u.exec(written)?.[1];
      // (and never a place written with "the": "The Midlands is 40% of sales" is a region's share)
      // (a name of two capitalised words is a name even when each is a word of English: "Meridian Foods")
      const one = subject !== undefined && !/^The\b/.test(subject) && (subject.split(/\s+/).some((w) => !isEnglishWord(w)) || subject.split(/\s+/).length >= 2);
      if (one || /\b(?:one|single|largest|biggest|top|main)\s+(?:customer|client|supplier|site|contract|buyer|account|airline|retailer|distributor|plant|mill|route|product|market|partner|funder|tenant|carrier)\b/.test(clauseText)) valence = -1;
    }
    // a multiple of a level named in words ("more than twice the target", "half the sector average", "2.3 times budget"): above
    // or below it, and restated with the level when no figure of the level's is given
    const afterCurrent = current ? sentence.text.slice(current.end - sentence.start).split(/;|\.\s/)[0]!.toLowerCase() : '';
    const multiple = current && !benchmark ? MULTIPLE_OF.exec(afterCurrent) : null;
    if (multiple && polarity && !(Number(multiple[2]) <= 1)) {
      const side = (/^(?:half|a third|a quarter|two-thirds|a fraction)/.test(multiple[1]!) ? -polarity : polarity) as 1 | -1;
      if (valence === 0) valence = side;
      if (valence === side && !peerWords && !/\d/.test(afterCurrent.slice(0, multiple.index))) peerWords = multiple[0];
    }
    // the share that agrees with a statement, with nothing to compare it to, is judged by its size: most agree, or few do
    // ("Payouts arrive on time: 94% agree", "Fees are fair: 29% agree")
    const stated = quoted ? statementPolarity(quoted) : generic && /\b(?:who|that) (?:say|said|feel|felt|agree|agreed|think|rate|rated)\b/i.test(generic) ? statementPolarity(generic) : 0;
    if (valence === 0 && stated && current?.unit === '%' && !benchmark && !previous && !change) valence = current.value >= 70 ? stated : current.value < 50 ? ((-stated) as 1 | -1) : 0;
    // the share of sites or services an inspector rates good is judged by its size ("58 of 63 practices are rated Good",
    // "All 38 homes are rated Good or Outstanding"); any share rated below that is a weakness ("Two of our 40 sites … Inadequate")
    const rated = current && !benchmark && !previous && !change ? /\b(?:are|is|were|was|been|now)\s+(?:rated|judged|graded|assessed as)\s+(good|outstanding|inadequate|poor|requires improvement|requiring improvement|unsatisfactory)\b/.exec(clauseText) : null;
    const ratedShare = current?.unit === '%' ? current.value : current && current.unit === '' && /^(?:all|every one of)\b/.test(clauseText.replace(/^[\s\-•*]+/, '')) ? 100 : undefined;
    if (valence === 0 && rated && ratedShare !== undefined) valence = /^(?:good|outstanding)$/.test(rated[1]!) ? (ratedShare >= 85 ? 1 : ratedShare < 70 ? -1 : 0) : ratedShare > 0 ? -1 : 0;
    // a share or a count held to a target, a standard or a minimum, whose words say nothing of which way is better: the target
    // is the level to reach ("11% of households registered, against Ofwat's target of 9%")
    if (valence === 0 && !measure && !polarity && current && benchmark && !benchmark.bound && (current.unit === '%' || current.unit === '') && current.value !== benchmark.value && /\b(?:target|goal|standard|required|requirement|minimum|min|threshold|pass mark|aim|benchmark|sla|norm)\b/.test(benchmark.label ?? '')) valence = current.value > benchmark.value ? 1 : -1;
    // (and one held to a budget, a cap or a ceiling: above it is an overrun, "unsold product 7.8%, above the budget of 5.0%")
    if (valence === 0 && !measure && !polarity && current && benchmark && !benchmark.bound && (current.unit === '%' || current.unit === '') && current.value !== benchmark.value && /\b(?:budget|budgeted|cap|ceiling|maximum|max|allowance)\b/.test(benchmark.label ?? '')) valence = current.value > benchmark.value ? -1 : 1;
    if (valence === 0 && marketRate && change?.dir) valence = change.dir;
    // a rival's share of a market that grows is custom the organization does not win, one that shrinks is custom to win
    // ("Discount rivals now hold 22% of the regional market, up from 15%"; "Shein and Temu now take around 16% of UK online
    // fashion spending, up from 9%")
    // (named as the holder's share: "Discount rivals' share of the regional market")
    const rivalShare = valence === 0 && !measure && current?.unit === '%' && movement !== 0 ? RIVAL_SHARE.exec(sentence.text.slice(tokens[cs]!.start - sentence.start, tokens[ce - 1]!.end - sentence.start)) : null;
    // ("They now take …" after a sentence that names them: "… the piece on Shein and Temu?")
    const named0 = rivalShare?.[1]!.trim() ?? '';
    const before = /^they$/i.test(named0) && ctx.previous ? entitiesIn(ctx.previous.tokens, ctx.ignore).filter((e) => !MONTHS.has(e.toLowerCase())) : [];
    const pair = before.length > 1 && ctx.previous!.text.includes(`${before.at(-2)} and ${before.at(-1)}`) ? `${before.at(-2)} and ${before.at(-1)}` : before.at(-1);
    const holder = pair ?? named0;
    const rivalName = rivalShare && !/\b(?:we|our|us|i)\b/i.test(holder) && (pair || RIVALS.test(holder.toLowerCase()) || entities.some((e) => holder.includes(e))) ? `${capitalise(holder)}${/s$/.test(holder) && !/\band\b/.test(holder) ? '’' : '’s'} share of ${rivalShare[2]!.trim()}` : '';
    if (rivalName) valence = movement > 0 ? -1 : 1;
    // (a rate paid to the organization below what it costs to deliver loses money on each unit)
    if (valence === 0 && paidFor && benchmark && /\bcosts?\b/.test(benchmark.label ?? '') && current!.value !== benchmark.value) valence = current!.value < benchmark.value ? -1 : 1;
    // the measure's own words name the subject of a concentration: "two suppliers provide" → "two suppliers"
    // the measure as the evidence names it: the whole phrase that governs the figure when it holds the table's words ("median first response time")
    const mentioned = mention && mention.end > mention.start ? lower.slice(mention.start, mention.end) : '';
    const governing = np ?? bound;
    const named = governing && measure && mention && mention.end > mention.start && governing.start <= mention.token && governing.end > mention.endToken ? analystName(np ? np.text : wordsOf(tokens, governing.start, governing.end)).toLowerCase() : mentioned;
    const subject = measure && /\{subject\}/.test(measure.action) && named
      ? named.replace(/^(?:rel(?:y|ies|iant) on)\s+/, '').replace(/\s+(?:provide|supply|account for)$/, '').replace(/^(?:two|three) main\b/, (w) => w.split(' ')[0]!)
      : subjectOf(tokens, cs, ce);
    const refers = np?.kind === 'refers' && !np.text && !rivalName;
    // a word capitalised only because it opens the sentence is written in lower case inside a name ("combined ratio for home")
    const opener = tokens.find((t) => /\p{L}/u.test(t.text) && !(t.text.length <= 3 && /^[A-Z]+$/.test(t.text)));
    const uncap = (text: string) => (ctx.names && opener && /^\p{Lu}\p{Ll}+$/u.test(opener.text) && !ctx.names.has(opener.text) ? text.replace(new RegExp(`(?<=\\S\\s)${opener.text}\\b`, 'g'), opener.lower) : text);
    // a measure of the table keeps the evidence's qualifier before its words ("net revenue", "adjusted EBITDA margin", "gross churn")
    // (and a segment's word that opens the note, which the tagger may read as a verb: "Used gross margin 7.8% vs 9.0% target")
    const segmentWord = measure && mention && mention.end > mention.start && mention.token > 0 && /^(?:used|new|retail|wholesale|online|export|domestic|trade)$/i.test(tokens[mention.token - 1]!.text) && tokens.slice(0, mention.token - 1).every((t) => t.pos === 'PUNCT' || /^[•·▪◦‣∙*-]$/.test(t.text)) ? tokens[mention.token - 1]!.lower : '';
    const qualifier0 = measure && named && mentioned && named.endsWith(mentioned) ? named.slice(0, named.length - mentioned.length).trim() || segmentWord : '';
    const qualified = measure && qualifier0 && /^(?:(?:net|gross|adjusted|underlying|operating|recurring|total|like-for-like|organic|core|annual|annualised|annualized|statutory|reported|monthly|weekly|median|average|group|blended|used|new|retail|wholesale|online|in-store|store|export|domestic|commercial|residential|corporate|consumer|private|trade)\s*)+$/.test(qualifier0) && !measure.name.toLowerCase().startsWith(qualifier0) ? `${capitalise(qualifier0)} ${/^\p{Lu}\p{Ll}/u.test(measure.name) ? measure.name.charAt(0).toLowerCase() : measure.name.charAt(0)}${measure.name.slice(1)}` : '';
    const asAnswered = answered && !measure
      ? /satisf/.test(answered)
        ? /\bsatisf/i.test(labelled!) ? labelled!.trim() : `${answered === 'satisfied' ? 'Satisfaction' : 'Dissatisfaction'} with ${lowerFirst(labelled!.trim().replace(/^(?:the|our)\s+/i, ''))}`
        : `${answered === 'disagree' ? 'Disagreement' : 'Agreement'} that ${lowerFirst(labelled!.trim())}`
      : undefined;
    const name0 = asAnswered ?? (measure ? qualified || measure.name : refers ? '' : capitalise(uncap(generic || nounPhraseBefore(tokens, figs[0] ? tokenAt(tokens, figs[0].start) : cs, cs) || subject)));
    // (a note's own label that names no measure is no word of the measure's name: "headline: GMV £4.1m" names GMV)
    const label = /^(headline|summary|note|nb|update|overall|fyi|highlight|lowlight|key point|bottom line)\s*:/i.exec(sentence.text.replace(/^[\s\-•*]+/, ''))?.[1];
    // (a figure in brackets inside the phrase is no part of its name: "58 of 63 practices (92%) met the standard")
    // (nor is the code of the currency of a figure after it: "3 cut-off errors worth EUR 4.2m" counts cut-off errors)
    const name1 = (label && name0.toLowerCase().startsWith(`${label.toLowerCase()} `) ? capitalise(name0.slice(label.length + 1)) : name0).replace(/\s*\([^()]*\d[^()]*\)/g, '').replace(TRAILING_CURRENCY, '');
    // (the part of a limit that is used is what the figure measures: "the overdraft limit is £250k, of which £180k is used")
    const used = /\bof which (?:about |around |some )?[£$€]?\s?[\d.,]+\s?(?:k|m|bn)?\s+(?:is|are|was|were|has been|have been) (used|drawn|utili[sz]ed|committed|spent|taken)\b/i.exec(sentence.text);
    // (a share "of them" counts those the sentence before names: "We took on 420 seasonal staff. 71% of them came back")
    const ofThem = !measure && /^Respondents who /.test(name1) && current?.unit === '%' && /^\s*of (?:them|these|those)\b/i.test(sentence.text.slice(current.end - sentence.start)) && ctx.previous ? lastPhrase(ctx.previous.tokens, 0, ctx.previous.tokens.length) : undefined;
    const name = ofThem ? `${capitalise(analystName(ofThem.text))}${name1.slice('Respondents'.length)}` : rivalName ? rivalName : used && /\b(?:limit|facility|budget|allocation|allowance)\b/i.test(name1) && current && sentence.text.slice(current.end - sentence.start).trimStart().match(/^(?:is|are|was|were|has been|have been)\b/i) ? `${name1.replace(/\s*\b(?:limit|allocation|allowance)\b/i, '').trim()} ${used[1]!.toLowerCase()}` : name1;
    // (a time is no measure: "we lost the Harbourside office park to them in August (£0.9m a year)" measures no August)
    if (/^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|winter|q[1-4]|h[12])$/i.test(name.trim())) continue;
    if (!refers && (!name || (!measure && figs.some((f) => name.toLowerCase().includes(f.text.toLowerCase()))))) continue;
    // (a distance that says where something is measures nothing: "a brand the others don't have within 30 miles", "4 miles from our branch")
    if (!measure && current && !previous && !change && !benchmark && /^\s*(?:miles?|km|kilometres?|kilometers?|metres?|meters?|yards?)\b/i.test(sentence.text.slice(current.end - sentence.start)) && (/\b(?:within|from|about|around|some|only|just|lies|sits)\s*$/i.test(sentence.text.slice(0, current.start - sentence.start)) || /^\s*\S+\s+(?:away|from|of|outside|north|south|east|west|up|down)\b/i.test(sentence.text.slice(current.end - sentence.start)))) continue;
    // a share of those who do "it" does what the clause before names: "… tenants moving onto Universal Credit; 38% of tenants now
    // claim it" counts tenants who claim Universal Credit
    const it = np?.kind === 'share' && / it$/.test(name) ? /\b(?:onto|on to|on|to|for|from|of|into)\s+((?:\p{Lu}[\p{L}-]*\s+){0,3}\p{Lu}[\p{L}-]*)\s*[;,]?\s*$/u.exec(sentence.text.slice(0, tokens[cs]!.start - sentence.start)) : null;
    const itNamed = it ? name.replace(/ it$/, ` ${it[1]}`) : name;
    // a possessive names whose figure it is, not a measure ("Rival's 1.2% flat offer")
    if (!measure && /['’]s$/.test(name)) continue;
    // (nor the organization itself: "Beacon Learning Trust (9 academies)" in a heading counts its units, it measures nothing)
    if (!measure && name.split(/\s+/).length > 1 && name.toLowerCase().split(/\s+/).every((w) => ctx.ignore.has(w))) continue;
    // (nor an act of someone's, "the government's decision to cut the graduate visa to 18 months": the figure is the act's terms)
    if (!measure && /\b(?:decision|announcement|proposal|intention|consultation|ruling|choice)$/i.test(name)) continue;
    const scoped = ctx.scope ? `at ${ctx.scope}` : '';
    // (a shortage names what it lacks; the words before "short of" are where, not what for: "Ground handling short of …")
    const qualifier = lacked ? '' : uncap(
      place ||
      qualifierOf(tokens, mention && mention.end > mention.start ? mention.endToken : cs, ce) ||
      (current ? qualifierOf(tokens, tokenAt(tokens, current.end - 1), ce) : '') ||
      preQualifier(tokens, mention && mention.end > mention.start ? mention.token : -1, cs, ctx.names) ||
      placeSubject(sentence.text) ||
      (name ? segmentLabel(sentence.text, name) : '') ||
      scoped,
    );
    claims.push({
      evidence_id: ctx.evidence_id,
      start: sentence.start,
      end: sentence.end,
      sentence: sentence.text,
      order: ctx.order,
      measure,
      key: refers ? 'refers' : measure ? measure.id : `np:${(split && !asAnswered ? `${split.head}${place ? ` ${place}` : ''}` : name).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}`,
      name: itNamed,
      dimension: measure?.dimension ?? byWords?.dimension ?? 'Operational Efficiency',
      subject,
      named,
      entity: measure && /entity/.test(measure.action) ? entity : entities.find((e) => lower.includes(e.toLowerCase())) ?? '',
      ...(resolved && ctx.lastEntityFrom && measure && /entity/.test(measure.action) ? { entityFrom: ctx.lastEntityFrom } : {}),
      ...(mention && mention.end === mention.start && inheritedFrom ? { measureFrom: inheritedFrom } : (asked && np?.text === asked.text) || (current && fromPlan.get(current.start)?.before) ? { measureFrom: { start: ctx.previous!.start, end: ctx.previous!.end } } : {}),
      qualifier,
      ...(qualifier && qualifier === scoped && ctx.scopeFrom ? { scopeFrom: ctx.scopeFrom } : {}),
      figures: figs,
      ...(np ? { kind: np.kind as BindingKind } : {}),
      clause: { start: tokens[cs]!.start, end: tokens[ce - 1]!.end },
      ...(current ? { current } : {}),
      ...(previous ? { previous } : {}),
      ...(benchmark ? { benchmark } : {}),
      ...(change ? { change } : {}),
      ...(peerWords && !/\b(?:we|our|us|i)\b/.test(peerWords) ? { peerWords } : {}),
      ...(heldDespite ? { heldDespite } : {}),
      ...(movedWord ? { movedWord } : {}),
      movement,
      trend: trendOf(clauseTokens, { current, previous, change }, measure),
      valence,
      external,
      period,
      cause,
      // (a budget the result is held to is no forecast: "grew 3%, well short of the 7% we budgeted")
      forecast: forecast && !(benchmark?.label === 'budget' && !/\b(?:suggests?|forecast|expected|expects?|projected|will)\b/i.test(sentence.text)),
      intent: intentOf(sentence.text),
      proposal,
      hedged,
      ...(clauseTokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX') ? {} : { verbless: true as const }),
    });
  }
  // a benchmark stated as a clause of its own after the claim's ("… resolves 54% of tickets on first contact; good practice is
  // 70%", "… averages 22 minutes; the chain's standard is 10") is that claim's benchmark, never a claim of its own
  for (const b of [...claims]) {
    if (!b.current || b.previous || b.change || b.measure || !BENCHMARK_CLAUSE.test(b.name)) continue;
    const target = claims.filter((c) => c !== b && c.current && !c.benchmark && c.clause && b.clause && c.clause.end <= b.clause.start && (c.current.unit === b.current!.unit || !b.current!.unit)).at(-1);
    if (!target) continue;
    withBenchmark(target, { ...b.current, unit: target.current!.unit, role: 'benchmark', label: b.name.toLowerCase() }, { start: b.clause!.start, end: b.clause!.end });
    claims.splice(claims.indexOf(b), 1);
  }
  // the level a plan set in an earlier clause is the benchmark of the outturn named from it, never a claim of its own ("The
  // budget assumed 4% like-for-like growth; we delivered 1.5%")
  for (const c of [...claims]) {
    // (an outturn of a rate the plan set is the rate's level: "We budgeted for 6% growth in visitor rounds and got 11%")
    if (!c.current && c.change && !c.previous && fromPlan.has(c.change.start)) {
      Object.assign(c, { current: { ...c.change, role: 'current' as const, dir: undefined }, movement: 0, trend: 0 });
      delete c.change;
    }
    const plan = c.current && !c.benchmark ? fromPlan.get(c.current.start) : undefined;
    const set = plan && !plan.before ? figures.find((x) => x.ref.start === plan.figure.start)?.ref : undefined;
    if (!set) continue;
    withOutturn(c, { ...set, role: 'benchmark', label: plan!.label }, { start: set.start, end: set.end });
    for (const p of [...claims]) if (p !== c && p.figures.some((x) => x.start === set.start) && (!p.current || p.current.start === set.start)) claims.splice(claims.indexOf(p), 1);
  }
  // a place said to be the worst or the best on the measure just named is that measure's level there ("Rebooking rate 62% vs our
  // 70% target; Kingsway is worst at 48%")
  for (const b of claims) {
    const said = b.clause && b.current && !b.measure ? /^[\s,;:–—-]*(?:(?:and|but|while|with)\s+)?((?:\p{Lu}[\p{L}'’&-]*\s?){1,3}?)\s+(?:is|was|are|were)\s+(?:the\s+)?(?:worst|best|lowest|highest|weakest|strongest)\b/u.exec(sentence.text.slice(b.clause.start - sentence.start, b.clause.end - sentence.start)) : null;
    const a = said ? claims.filter((c) => c !== b && c.current && c.clause && c.clause.end <= b.clause!.start && c.current.unit === b.current!.unit).at(-1) : undefined;
    if (!said || !a) continue;
    Object.assign(b, { name: `${a.name} at ${said[1]!.trim()}`, key: `${a.key} at ${said[1]!.trim().toLowerCase()}`, measure: a.measure, dimension: a.dimension });
  }
  // an earlier level of a measure in one clause and its level now in the next are one claim ("We were at 41% two years ago
  // and we closed this year at 33%")
  for (const a of [...claims]) {
    if (!a.previous || a.current || a.change || a.benchmark || !a.clause) continue;
    const b = claims.find((c) => c !== a && c.key === a.key && c.name === a.name && c.current && !c.previous && !c.change && c.clause && c.clause.start >= a.clause!.end);
    if (!b) continue;
    withPrevious(b, a.previous, a.clause);
    if (b.previous === a.previous) claims.splice(claims.indexOf(a), 1);
  }
  return claims;
}

/** A currency's code left at the end of a name, with the word that led to its amount ("Contract worth USD"). */
const TRAILING_CURRENCY = new RegExp(String.raw`\s+(?:worth|of|at|costing|totalling|totaling)?\s*${CURRENCY_CODE.source.replace(/^\^/, '')}`);

/** The name of a clause that states a benchmark and nothing else: "good practice", "the chain's standard", "world-class". */
const BENCHMARK_CLAUSE = /^(?:[\w'’-]+\s){0,3}?(?:(?:good|best) practice|standard|target|benchmark|norm|(?:sector|industry|national|peer) average|world[- ]class|best[- ]in[- ]class|requirement|(?:regulator|commissioners?|contract|sla|framework|inspectorate|funder|client|customer)s? (?:expects?|requires?|sets?|demands?|wants?|asks? for))$/i;
/** A phrase that names a benchmark rather than a measure ("World-class", "the better-run peers", "the sector average"). */
const BENCHMARK_PHRASE = /\b(?:world[- ]class|best[- ]in[- ]class|(?:good|best) practice|peers?|target|benchmark|sector|industry|national|average|norm|plan|budget|policy|covenant|better[- ]run|competitors?|rivals?|(?:listed|big|biggest|large|larger|other|leading|top|main|comparable|similar) (?:[a-z-]+ )?(?:operators|banks|firms|companies|players|chains|groups|providers|insurers|carriers|airlines|universities|trusts|landlords|retailers|practices|schools|hospitals|suppliers|manufacturers))\b/i;

/** The head of a noun phrase [start, end): its last noun before a preposition ("payback" of "customer acquisition cost payback"). */
function headOf(tokens: readonly Token[], start: number, end: number): number {
  let head = start;
  for (let k = start; k < end; k++) {
    const t = tokens[k]!;
    if (['of', 'for', 'in', 'at', 'across', 'among', 'on', 'per', 'within', 'to', 'from', 'through', 'via'].includes(t.lower) && k > start && !(t.text.length <= 3 && tokens[k + 1]?.text === '-')) break;
    if (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ' || t.pos === 'VERB') head = k;
  }
  return head;
}

/** The last noun phrase of a clause: what "it" at the start of the next clause refers to ("fundraising costs: it now costs 31p"). */
function lastPhrase(tokens: readonly Token[], cs: number, ce: number): { start: number; end: number; text: string } | undefined {
  let e = ce;
  while (e > cs && !['NOUN', 'PROPN'].includes(tokens[e - 1]!.pos)) e--;
  let s = e;
  // (a word written with hyphens is one word of it: "escape-of-water claims")
  const glued = (k: number) => k - 2 >= cs && tokens[k - 1]!.text === '-' && tokens[k - 2]!.end === tokens[k - 1]!.start && tokens[k - 1]!.end === tokens[k]!.start;
  while (s > cs && (['NOUN', 'PROPN', 'ADJ'].includes(tokens[s - 1]!.pos) || (s < e && glued(s)))) s -= s < e && glued(s) ? 2 : 1;
  return e > s ? { start: s, end: e, text: wordsOf(tokens, s, e) } : undefined;
}

/** Whether a phrase names whose measure it is as the clause's subject ("combined ratio for home"), a qualifier of its own. */
function phraseOfClause(np: { text: string } | undefined): boolean {
  return Boolean(np && / for [A-Z]/.test(np.text));
}

/** A phrase's head and its prepositional phrase: "build cost" and "per premise passed". */
function splitPhrase(phrase: string): { head: string; pp: string } {
  // (a fixed phrase is a word of the name, not a place: "studies delivered on time", "projects on budget")
  const m = /\s(?=(?:of|for|per|in|at|across|among|on|within)\s(?!(?:time|schedule|budget|target|plan|full|stock|spec|specification)\b))/i.exec(phrase);
  return m ? { head: phrase.slice(0, m.index), pp: phrase.slice(m.index + 1) } : { head: phrase, pp: '' };
}

/**
 * The measure a share states, in words: who it counts and what they say or do ("88% of staff say they are proud to
 * work for Hearthstone" → "staff who say they are proud to work for Hearthstone"; "44% say their workload is
 * unmanageable" → "respondents who say their workload is unmanageable").
 */
function shareName(tokens: readonly Token[], phrase: { start: number; end: number }, ce: number): string {
  const surveyVerb = (t: Token) => SURVEY_VERB.test(t.lower);
  // (and ends the phrase of who is counted, when the tagger took it into it: "91% of parents rate the nursery as good")
  // (never a word joined to the one before by a hyphen: "fixed-rate mortgages" rates nothing)
  const cut = tokens.slice(phrase.start, phrase.end).findIndex((t, n) => n > 0 && surveyVerb(t) && !(tokens[phrase.start + n - 1]!.text === '-' && tokens[phrase.start + n - 1]!.end === t.start));
  const np = cut > 0 ? { start: phrase.start, end: phrase.start + cut } : phrase;
  const population = np.end > np.start ? analystName(wordsOf(tokens, np.start, np.end)) : 'respondents';
  let k = np.end;
  // the main verb, past the participles of the population ("people leaving supported housing moved …")
  // (never past a comma: "with 91% of clients renewing, proves it" — the verb after it is the sentence's, not the share's)
  while (k < ce && tokens[k]!.text !== ',' && !surveyVerb(tokens[k]!) && ((tokens[k]!.pos !== 'VERB' && tokens[k]!.pos !== 'AUX') || (/ing$/.test(tokens[k]!.lower) && tokens[k]!.pos === 'VERB'))) k++;
  if (tokens[k]?.text === ',' && np.end > np.start) return analystName(wordsOf(tokens, np.start, k));
  let e = k;
  while (e < ce && !/^[,;(:.]$/.test(tokens[e]!.text) && !['against', 'compared', 'versus'].includes(tokens[e]!.lower)) e++;
  // the respondents' own "their" is the analyst's "the" ("guests who rated the stay …")
  const predicate = wordsOf(tokens, k, e).replace(/\s+$/, '').replace(/\btheir\b/gi, 'the');
  // (a time word the tagger took into who is counted stays out of the name: "62% of customers now use the app")
  const who = (k > np.end && np.end > np.start ? analystName(wordsOf(tokens, np.start, k)) : population).replace(/\s+(?:now|currently|still|also|already|today)$/i, '');
  const person = /\b(?:people|staff|customers|respondents|guests|patients|students|employees|members|volunteers|workers|clients|users|residents|tenants|colleagues|nurses|drivers|managers|doctors|teachers|parents|pupils)\b/i.test(who);
  // (who is counted may already end in its relative word: "72% of clients who were active two years ago still are")
  if (!predicate) return who;
  const words = `${who.replace(/\s+(?:who|that|which)$/i, '')} ${person ? 'who' : 'that'} ${predicate}`.split(/\s+/);
  if (words.length <= 14) return words.join(' ');
  // (a long one ends before the phrase the cut would break: "… that renew in the next 18 months", not "… at rates roughly two points")
  const kept = words.slice(0, 14);
  const lastPreposition = kept.findLastIndex((w, n) => n >= 5 && /^(?:at|in|for|with|by|on|from|to|as|than|against|after|before|since|because|so|and|but|while)$/i.test(w));
  return (lastPreposition > 0 ? kept.slice(0, lastPreposition) : kept).join(' ');
}

/** The verb of a word in -ing ("opening" → "open", "hiring" → "hire"): the tagger's lemma, else the English word it ends from. */
function verbOfGerund(word: string, lemma: string | undefined): string | undefined {
  if (lemma && lemma !== word) return lemma;
  const stem = word.replace(/ing$/, '');
  if (stem.length >= 4 && isEnglishWord(stem)) return stem;
  if (isEnglishWord(`${stem}e`)) return `${stem}e`;
  if (/(\p{L})\1$/u.test(stem) && isEnglishWord(stem.slice(0, -1))) return stem.slice(0, -1);
  return undefined;
}

/** A noun phrase as an analyst names a measure: no article or possessive before it, one line. */
function analystName(phrase: string): string {
  return phrase
    .replace(/\s+/g, ' ')
    .replace(/^[•·▪◦‣∙*–-]+\s*/, '')
    .replace(/^(?:the|a|an|our|their|its|his|her|my|your)\s+/i, '')
    // (a reporting verb the tagger read into the phrase is who spoke, not the measure: "she said wages are 23%")
    .replace(/^(?:said|says|reckons|thinks|noted|notes|added|reported)\s+(?:that\s+)?(?:the\s+|our\s+)?/i, '')
    .replace(/\b(?:our|their|your)\b/gi, 'the')
    // (a survey's ranking in the label is no part of the measure: "Wi-Fi scored lowest: 3.1 out of 5" is the Wi-Fi score)
    .replace(/\s+(?:scored|rated|ranked|came)\s+(?:lowest|highest|best|worst|top|bottom|last|first)$/i, ' score')
    // (nor the full stop of a note that ends with it: "14 of 96 academic posts vacant.")
    .replace(/\s*[.;:,]+$/, '')
    .trim();
}

function tokenAt(tokens: readonly Token[], offset: number): number {
  const i = tokens.findIndex((t) => t.end > offset);
  return i < 0 ? tokens.length - 1 : i;
}

/**
 * A verb of loss with its own object ("ran at 52% occupancy and lost money"), with a share of a whole ("we lost 9% of our
 * accounts") or with a count of what was lost ("we lost 47 members at renewal", not "the dollar has lost 7 cents"): no movement of
 * the measure.
 */
const lossOfObject = (clause: readonly Token[], k: number) => {
  if (!/^(?:lose|loses|lost|losing)$/.test(clause[k]!.lower)) return false;
  // (past a word of how many: "we've lost around 60 small clients")
  let n = k + 1;
  while (APPROXIMATE.test(clause[n]?.lower ?? '')) n++;
  return (n === k + 1 && ['NOUN', 'PROPN', 'PRON', 'DET'].includes(clause[n]?.pos ?? '')) || (clause[n]?.type === 'number' && clause[n + 1]?.text === '%' && clause[n + 2]?.lower === 'of') || (clause[n]?.type === 'number' && ['NOUN', 'PROPN', 'ADJ'].includes(clause[n + 1]?.pos ?? '') && !/^(?:cents?|pence|p|points?|pts|bps|basis|percent|pounds?|dollars?|euros?|yen)$/.test(clause[n + 1]!.lower));
};

/** Up (+1) or down (−1): a stated change, then earlier → current, then the benchmark, then the clause's own words. */
function movementOf(clause: readonly Token[], f: { current?: FigureRef; previous?: FigureRef; benchmark?: FigureRef; change?: FigureRef }, measure: Measure | null): 1 | -1 | 0 {
  if (f.change?.dir) return f.change.dir;
  if (f.current && f.previous && compareFigures(f.current, f.previous)) return compareFigures(f.current, f.previous);
  const words = clause.map((t) => t.lower);
  // (a verb inside a hyphenated word names, it does not move: "lost-time injuries")
  const verb = clause.find((t, k) => t.pos === 'VERB' && clause[k + 1]?.text !== '-' && clause[k - 1]?.text !== '-' && (UP_WORDS.has(t.lemma) || DOWN_WORDS.has(t.lemma) || UP_WORDS.has(t.lower) || DOWN_WORDS.has(t.lower)) && !lossOfObject(clause, k) && !idleParticle(clause, k) && !hypothetical(clause, k));
  if (verb) return UP_WORDS.has(verb.lower) || UP_WORDS.has(verb.lemma) ? 1 : -1;
  if (f.current && f.benchmark && f.current.value !== f.benchmark.value) return f.current.value > f.benchmark.value ? 1 : -1;
  const text = words.join(' ');
  // "the reserve is down to £6m": a level said to have come down to its figure
  if (/\b(?:is|are|was|were|has come|have come|came|now) down to\b/.test(text)) return -1;
  // "returns were down by a third to 2.1%", "bookings are up by half": a move said in words
  if (/\b(?:is|are|was|were|now|has been|have been) (?:down|up) by (?:a |one |two |about |around |nearly |almost |over |more than )?(?:half|third|quarter|fifth|tenth|thirds|quarters)\b/.test(text)) return /\b(?:down) by\b/.test(text) ? -1 : 1;
  if (/\b(?:remains? high|too high|high at|ahead of|above)\b/.test(text) || /\d\s?%?\s+over (?:the )?(?:plan|budget|target|forecast)\b/.test(text)) return 1;
  if (/\d\s?%?\s+under (?:the )?(?:plan|budget|target|forecast)\b/.test(text)) return -1;
  // (a time a measure counts within is part of its name, no side of a limit: "98% of calls were answered within 20 seconds")
  if (/\b(?:within(?!\s+(?:\d[\d.,]*|one|two|three|four|five|six|seven|ten|twelve|a|an)\s+(?:working\s+|calendar\s+|business\s+)?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b)|below|too low|low at)\b/.test(text)) return -1;
  if (/\b(?:lengthened|slowed|slipped)\b/.test(text)) return measure?.polarity === 1 ? -1 : 1;
  return betterOrWorse(text, measure);
}

/** "EBITDA margin improved to 18%" is up, "scrap improved to 4.1%" down: the direction that is better (or worse) for the measure. */
function betterOrWorse(text: string, measure: Pick<Measure, 'polarity'> | null): 1 | -1 | 0 {
  if (!measure) return 0;
  if (BETTER.test(text)) return measure.polarity;
  if (WORSE.test(text)) return measure.polarity === 1 ? -1 : 1;
  return 0;
}

/** Up or down over time: a change, an earlier value, or a verb of change in the clause (never a benchmark). */
/** Whether the verb at k only would, could or might move: "58% say they would increase their gift if …" states no movement. */
const hypothetical = (clause: readonly Token[], k: number) =>
  /^(?:would|could|might|may|should|['’]d)$/.test(clause[k - 1]?.lower ?? '') || (/^(?:not|never|also)$/.test(clause[k - 1]?.lower ?? '') && /^(?:would|could|might|may|should)$/.test(clause[k - 2]?.lower ?? ''));

function trendOf(clause: readonly Token[], f: { current?: FigureRef; previous?: FigureRef; change?: FigureRef }, measure: Measure | null): 1 | -1 | 0 {
  if (f.change?.dir) return f.change.dir;
  if (f.current && f.previous && compareFigures(f.current, f.previous)) return compareFigures(f.current, f.previous);
  // (a verb inside a hyphenated word names, it does not move: "lost-time injuries")
  const verb = clause.find((t, k) => t.pos === 'VERB' && clause[k + 1]?.text !== '-' && clause[k - 1]?.text !== '-' && (UP_WORDS.has(t.lemma) || DOWN_WORDS.has(t.lemma) || UP_WORDS.has(t.lower) || DOWN_WORDS.has(t.lower)) && !['above', 'below', 'lower', 'higher'].includes(t.lower) && !lossOfObject(clause, k) && !idleParticle(clause, k) && !hypothetical(clause, k));
  if (verb) return UP_WORDS.has(verb.lower) || UP_WORDS.has(verb.lemma) ? 1 : -1;
  return betterOrWorse(clause.map((t) => t.lower).join(' '), measure);
}

/** The clause's subject: its words before the first verb, without determiners and pronouns. */
function subjectOf(tokens: readonly Token[], cs: number, ce: number): string {
  let start = cs;
  // speaker labels: "FM: …", "DP: we lose …", "- DP: …"
  const out: string[] = [];
  for (let k = start; k < ce; k++) {
    const t = tokens[k]!;
    if (t.pos === 'VERB' || t.pos === 'AUX' || t.text === ',' || t.pos === 'PUNCT') {
      if (out.length) break;
      continue;
    }
    if (t.pos === 'PRON' || ['the', 'a', 'an', 'our', 'their', 'its', 'this', 'that', 'these', 'those', 'both', 'all', 'most'].includes(t.lower)) continue;
    if (t.type === 'number' && !out.length) out.push(t.text);
    else out.push(t.text);
    if (out.length >= 6) break;
    start = k;
  }
  return out.join(' ').replace(/\s+([,.;:%])/g, '$1').trim();
}

/** The good or bad a source states in words, outside any condition ("if we can fix the theatre problem"). */
/**
 * The part of a sentence a clause's judgement can come from: its stretch between contrasts ("…, proves it; but we sell
 * too much of our time to one buyer": the judgement after "but" is of something else). [from, to) are the clause's offsets.
 */
function contrastSegment(lower: string, from: number, to: number): string {
  // (a cause or a time after the figure is no judgement of it: "fell from 310 to 240 after the energy firms cut travel budgets")
  const cuts = [...lower.matchAll(/\b(?:but|while|whilst|whereas|although|though|however|yet|because|after|since|until|unless)\b/g)].map((m) => m.index);
  const start = Math.max(0, ...cuts.filter((i) => i <= from));
  const end = Math.min(lower.length, ...cuts.filter((i) => i >= to));
  return lower.slice(start, end);
}

/** A verdict of a word or two that opens a text ("Good.", "- good, no chasers", "Healthy"). */
function verdict(text: string): 1 | -1 | 0 {
  const t = text.trim().toLowerCase();
  if (/^(?:good|great|excellent|strong|healthy|solid|fine|on track|very good|all good)\b(?![-\s]*(?:news|for|at|to|enough|as))/.test(t)) return 1;
  if (/^(?:bad|poor|weak|worrying|concerning|disappointing|not good|not great|too (?:high|low|slow|long)|off track|awful|terrible)\b/.test(t)) return -1;
  return 0;
}

function judged(text: string): 1 | -1 | 0 {
  const plain = text.replace(/\b(?:if|unless|once)\b[^,.;]*/g, ' ');
  const goods = [...plain.matchAll(new RegExp(GOOD_WORDS.source, 'gi'))];
  const bads = [...plain.matchAll(new RegExp(BAD_WORDS.source, 'gi'))];
  if (goods.length !== bads.length) return goods.length > bads.length ? 1 : -1;
  if (!goods.length) return 0;
  // as many of each: the first judgement after the figure ("91%, which she is proud of given the pressure")
  const figure = plain.search(/\d/);
  const after = (m: RegExpMatchArray[]) => m.find((x) => (x.index ?? 0) > figure)?.index ?? Infinity;
  return after(goods) < after(bads) ? 1 : after(bads) < after(goods) ? -1 : 0;
}

/**
 * The name of a measure the table does not know: the clause's words from its start to the verb before the
 * figure, without determiners, cut before a preposition ("The average wait for a first outpatient
 * appointment rose …" → "average wait"; "the did-not-attend rate is 11%" → "did-not-attend rate").
 */
function genericName(tokens: readonly Token[], figure: number, cs: number): string {
  let verb = -1;
  for (let k = figure - 1; k >= cs; k--) {
    if (tokens[k]!.pos === 'VERB' || tokens[k]!.pos === 'AUX') {
      verb = k;
      // a verb inside a hyphenated word ("did-not-attend") is part of the name
      if (tokens[k - 1]?.text === '-' || tokens[k + 1]?.text === '-') continue;
      break;
    }
  }
  if (verb <= cs) return '';
  // "Warehouse automation cut order cycle time by 30%": a transitive verb of change names its object, not its subject
  const object = tokens.slice(verb + 1, figure);
  if (
    TRANSITIVE_CHANGE.has(tokens[verb]!.lower) &&
    object.length >= 2 &&
    object.at(-1)!.lower === 'by' &&
    object.slice(0, -1).every((t) => ['NOUN', 'ADJ', 'PROPN'].includes(t.pos) || t.text === '-') &&
    object.length <= 6
  ) {
    return object.slice(0, -1).map((t) => t.text).join(' ').replace(/ - /g, '-');
  }
  let stop = verb;
  while (stop > cs && (tokens[stop - 1]!.pos === 'AUX' || tokens[stop - 1]!.pos === 'PART' || /^(?:will|would|could|should|may|might|must|can|to)$/i.test(tokens[stop - 1]!.text))) stop--;
  const span = tokens.slice(cs, stop);
  let start = 0;
  while (start < span.length && (['DET', 'PRON', 'PUNCT', 'SCONJ', 'CCONJ'].includes(span[start]!.pos) || /^(?:so|and|but|also)$/i.test(span[start]!.text))) start++;
  const words: string[] = [];
  let last: Token | undefined;
  for (const t of span.slice(start)) {
    if (t.pos === 'ADP' || t.text === ',' || t.text === '(') break;
    words.push(last && last.end === t.start ? `\u0000${t.text}` : t.text);
    last = t;
  }
  const name = words.join(' ').replace(/ \u0000/g, '').trim();
  const count = name.split(' ').length;
  return count >= 1 && count <= 5 && /\p{L}{3}/u.test(name) && !/\b(?:i|we|he|she|they|it)\b/i.test(name) ? name : '';
}

/** A noun phrase ending just before token `at` (a figure), for measures the table does not know. */
function nounPhraseBefore(tokens: readonly Token[], at: number, cs: number): string {
  for (let k = at - 1; k >= cs; k--) {
    const t = tokens[k]!;
    if (t.pos === 'NOUN' || t.pos === 'PROPN') {
      const words: string[] = [];
      let j = k;
      while (j >= cs && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[j]!.pos) && words.length < 4) words.unshift(tokens[j--]!.text);
      return words.join(' ');
    }
  }
  return '';
}

const PLACE_SUBJECT =
  /^(?:[-•*]\s*)?((?:the\s+)?(?:[\p{L}-]+\s+){0,2}?(?:stores|sites|plants|branches|clinics|depots|warehouses|factories|hospitals|wards|offices|shops|outlets|schools)\b[^,;:.]{0,60}?)\s+(?:saw|have seen|has seen|had|experienced|reported|recorded)\s/iu;

/** "Stores within ValuMart's catchments saw footfall fall by 7%": where a measure was read, when a place is the subject. */
function placeSubject(sentence: string): string {
  const m = PLACE_SUBJECT.exec(sentence);
  if (!m) return '';
  const place = m[1]!.replace(/\b(?:our|their|your)\b/gi, 'the').replace(/\s+/g, ' ').trim();
  return `at ${/^[A-Z][a-z]/.test(place) && !/^[A-Z][a-z]+[A-Z]/.test(place) ? place.charAt(0).toLowerCase() + place.slice(1) : place}`;
}

/** A note's label that names a part of the business, before the measure it states: "private client team: revenue +19%" is the team's revenue. */
function segmentLabel(sentence: string, measureName: string): string {
  const m = /^[\s\-•*]*([A-Za-z][\w&'’ -]{1,40}?)\s*:\s+(?=\S)/.exec(sentence);
  if (!m) return '';
  const label = m[1]!.trim();
  const lower = label.toLowerCase();
  if (/\d/.test(label) || label.split(/\s+/).length > 4 || !SEGMENT_HEAD.test(lower) || lower.includes(measureName.toLowerCase()) || (judgeByWords(lower) && !/\bteams?$/.test(lower))) return '';
  // (never where the measure itself is the label's: "Revenue by channel:" is no channel)
  if (/\b(?:by|per|of|vs|versus)\b/.test(lower)) return '';
  return /^(?:retail|wholesale|online|e-?commerce|commercial|residential|domestic|international|export|corporate|consumer|enterprise)$/i.test(label) ? `in ${lower}` : `in the ${/^\p{Lu}{2,}/u.test(label) ? label : lower}`;
}

/**
 * The measure a benchmark in a clause of its own compares: the last in its unit; a bare level ("the sector average is 7.5")
 * compares the measure nearest its size, in any unit ("average age 9.8 years", not "312 buses").
 */
function nearestHost<T extends { figs: FigureRef[] }>(entries: [string, T][], ref: FigureRef): [string, T] | undefined {
  const currentOf = (v: T) => v.figs.find((g) => g.role === 'current' && (g.unit === ref.unit || (!ref.unit && g.unit && g.unit !== '%' && !/^[£$€]$/.test(g.unit))));
  const fits = entries.filter(([, v]) => currentOf(v));
  if (ref.unit || fits.length < 2) return fits[0];
  const gap = ([, v]: [string, T]) => Math.abs(Math.log(Math.max(1e-9, Math.abs(currentOf(v)!.value)) / Math.max(1e-9, Math.abs(ref.value))));
  return [...fits].sort((a, b) => gap(a) - gap(b))[0];
}

/** A phrase with its first letter in lower case, unless it opens with a name or an acronym ("Repairs" → "repairs", "NHS" stays). */
const lowerFirst = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** "in stores", "among micro customers", "at Telford": the measure's place, from its words on. */
function qualifierOf(tokens: readonly Token[], from: number, ce: number): string {
  let skip = 0;
  if (tokens[from + 1]?.lower === 'a' && /^(?:year|month|week)$/.test(tokens[from + 2]?.lower ?? '')) skip = 2; // "14% a year among micro customers"
  for (let k = from + 1 + skip; k < Math.min(ce, from + 3 + skip); k++) {
    const t = tokens[k]!;
    if (['in', 'among', 'at', 'across', 'for', 'on'].includes(t.lower)) {
      const words = [t.lower];
      for (let j = k + 1; j < ce && words.length < 5; j++) {
        const w = tokens[j]!;
        // (a hyphen inside a word joins it: "in the latest C-MeX survey")
        if (w.text === '-' && tokens[j - 1]!.end === w.start && tokens[j + 1]?.start === w.end && tokens[j + 1]!.type === 'word' && words.length > 1) {
          words[words.length - 1] += `-${tokens[j + 1]!.text}`;
          j++;
          continue;
        }
        if (w.pos === 'VERB' || w.pos === 'AUX' || w.pos === 'PUNCT' || w.type === 'number' || w.pos === 'ADP' || w.pos === 'CCONJ' || ['that', 'which', 'who', 'where'].includes(w.lower)) break;
        words.push(['our', 'their', 'its', 'your'].includes(w.lower) ? 'the' : w.text);
      }
      const q = words.join(' ');
      // "in fiscal 2025": a period, not a place
      const next = tokens[k + words.length];
      if (next?.type === 'number') return '';
      // (nor a month or a day: "in Aug alone", "in May", "on Tuesdays")
      return words.length > 1 && !/\b(?:the group|group|year|years|month|quarter|half|end|week|total|average|alone|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|summer|winter|spring|autumn|christmas|easter)\b/i.test(q) ? q : '';
    }
    if (t.pos === 'VERB' || t.pos === 'AUX') break;
  }
  return '';
}

const PERIOD = /\b(?:FY ?\d{2,4}|Q[1-4] ?\d{4}|H[12] ?\d{4}|(?:19|20)\d{2}|last year|this year|the second half|the first half|year on year)\b/gi;

/** The period nearest the claim's figure, outside brackets (which hold the earlier years' figures). */
function periodNear(sentence: ParsedSentence, figure: FigureRef | undefined): string {
  const text = sentence.text;
  let best = '';
  let distance = Infinity;
  for (const m of text.matchAll(PERIOD)) {
    const at = sentence.start + m.index;
    const opened = text.slice(0, m.index).split('(').length - text.slice(0, m.index).split(')').length;
    if (opened > 0) continue;
    const d = figure ? Math.abs(at - figure.end) : m.index;
    if (d < distance) {
      distance = d;
      best = m[0];
    }
  }
  return best;
}

const GENERIC_PRE = new Set(['group', 'total', 'overall', 'average', 'the', 'our', 'its', 'their', 'annual', 'current', 'sickness', 'illness', 'staff', 'employee', 'workforce']);

/**
 * Words before the measure that narrow it: "Mid-market customers churn", "Telford's OEE". A capitalised word that
 * opens the sentence is a place only when the evidence writes it capitalised mid-sentence too (`names`): "Median
 * first response time" is a median, not a place called Median.
 */
function preQualifier(tokens: readonly Token[], at: number, cs: number, names?: ReadonlySet<string>): string {
  if (at <= cs) return '';
  const words: string[] = [];
  for (let k = at - 1; k >= cs && words.length < 3; k--) {
    const t = tokens[k]!;
    if (t.text === "'s" || t.text === '’s') continue;
    if (!['ADJ', 'NOUN', 'PROPN'].includes(t.pos) || GENERIC_PRE.has(t.lower)) break;
    // half of a hyphenated word ("low-cost competitors") qualifies nothing on its own
    if (tokens[k - 1]?.text === '-') return '';
    words.unshift(t.text);
  }
  if (!words.length) return '';
  // an adjective alone says what kind, not whose or where ("regulatory fines" is not "fines for the regulatory")
  if (!tokens.slice(cs, at).some((t) => words.includes(t.text) && (t.pos === 'NOUN' || t.pos === 'PROPN'))) return '';
  const opening = tokens.findIndex((t) => /\p{L}/u.test(t.text));
  if (names && words.length === 1 && tokens[opening]?.text === words[0] && !names.has(words[0]!)) return '';
  // a place ("UK homewares market", "Telford's OEE") is where the measure is; anything else is whose it is
  return tokens.slice(cs, at).some((t) => t.pos === 'PROPN' && words.includes(t.text)) ? `in ${/^[A-Z]{2,3}$/.test(words[0]!) ? 'the ' : ''}${words.join(' ')}` : `for the ${words.join(' ')}`;
}

/** A cause the sentence (or the next one, "The decline reflects …") states: a noun phrase list, at most 12 words. */
function causeOf(sentence: ParsedSentence, next: ParsedSentence | undefined): string {
  const pick = (s: ParsedSentence): string => {
    const m = CAUSE_MARKERS.exec(s.text);
    if (!m) return '';
    const rest = s.text.slice(m.index + m[0].length).replace(/^[\s:,]+/, '');
    // (up to the end of its clause: a full stop that is no decimal point, or ", and"/", but" before another clause)
    const cut = rest.split(/\.(?!\d)|;|\s—\s|\s–\s|,\s(?:and|but|while|whereas|although)\s/)[0]!.trim();
    const words = cut.split(/\s+/);
    if (words.length < 2 || /\b(?:we|our|us|i|he|she|they)\b/i.test(cut)) return '';
    return words.slice(0, 16).join(' ').replace(/[,]$/, '');
  };
  const own = pick(sentence);
  if (own) return own;
  if (next && /^(?:the|this) (?:decline|fall|drop|increase|rise|deterioration|change|shortfall|gap)\b/i.test(next.text)) return pick(next);
  return '';
}

/** "Vantor told us that it will dual-source brackets from 2026" → "dual-source brackets from 2026". */
function intentOf(text: string): string {
  const m = /\b(?:will|intends to|plans to|is going to|wants to)\s+(.+?)(?:[.;]|,\s(?:and|but)\b|$)/i.exec(text);
  if (!m) return '';
  const vp = m[1]!.trim();
  if (/\b(?:we|us|our|i|you)\b/i.test(vp) || vp.split(/\s+/).length > 12) return '';
  return vp;
}

const __test = { rawFigures, roleOf };
