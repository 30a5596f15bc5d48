/**
 * The reading layer: what each clause of a sentence says, bound to the measure it is about. Figures are read
 * from wink-nlp's tokens (currency, magnitude and unit joined to the number, ranges split) and given their
 * role (today's value, an earlier one, a benchmark or target, a change); a sentence is cut into clauses (at
 * ";", "while", "whereas", "but", "although", and at "and" or a comma before a new subject and verb); and each
 * figure is bound to the noun phrase that governs it in its own clause: the subject of its verb ("customer
 * acquisition cost payback lengthened to 31 months"), the label of a note ("Free reserves: 2.1 months"), the
 * population a share counts ("88% of staff say …"), or what the figure counts when the subject is who acts
 * ("the helpline took 41,000 calls"). A figure is never bound to a measure of another clause: "Revenue was flat
 * at $212 million while material costs rose 9%" says nothing of revenue rising.
 *
 * `clauseSpans`, `rawFigures`, `bindFigure`, `measureName` and `directionIn` are the pieces: the analyst's claims
 * (./claims.ts) and the faithfulness check of drafts are built on them.
 */
import { DURATION_UNITS, judgeByWords } from './measures';
import type { Token } from './nlp';

export type Role = 'current' | 'previous' | 'benchmark' | 'change';

export interface FigureRef {
  value: number;
  /** '%', 'pt', 'bp' (basis points), 'ppm', 'days', 'weeks', 'months', 'hours', 'years', 'x', a currency sign, or '' */
  unit: string;
  /** exactly as written (text.slice(start, end)) */
  text: string;
  start: number;
  end: number;
  role: Role;
  /** for a change: +1 up, −1 down */
  dir?: 1 | -1;
  /** for a benchmark: what it is ("sector average", "target") */
  label?: string;
  /** for a benchmark that is a limit: +1 a ceiling ("a safe level of 85%", a covenant), −1 a floor ("the board's 150% appetite") */
  bound?: 1 | -1;
  /** "of revenue", "of homeware stock": what a share is of */
  of?: string;
  /** what a count counts ("stores", "work orders") */
  counts?: string;
  /** a rate: "a year", "a week" */
  per?: string;
  /** a share written as a ratio ("1 in 4"): its value is computed, so only its words are stated */
  ratio?: true;
  /** a benchmark that is others' level, as the evidence states it ("the listed operators report around 28%") */
  by?: string;
  /** a bare figure whose unit a table's label or heading gives ("Load factor (%) | 82"): written with its unit */
  headed?: true;
}

// ── figures ───────────────────────────────────────────────────────────────────────────────────────────

const MAGNITUDE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };
const UNIT: Record<string, string> = {
  '%': '%', percent: '%', pct: '%', points: 'pt', point: 'pt', pts: 'pt', pp: 'pt', ppm: 'ppm', bps: 'bp', bp: 'bp',
  day: 'days', days: 'days', week: 'weeks', weeks: 'weeks', wk: 'weeks', wks: 'weeks', month: 'months', months: 'months', mth: 'months', mths: 'months', hour: 'hours', hours: 'hours',
  second: 'seconds', seconds: 'seconds', sec: 'seconds', secs: 'seconds', minute: 'minutes', minutes: 'minutes', min: 'minutes', mins: 'minutes', hr: 'hours', hrs: 'hours', yr: 'years', yrs: 'years', year: 'years', years: 'years', x: 'x', times: 'x',
  // (units of energy and of freight keep their figure whole: "148 MW", "612k FEU")
  mw: 'MW', gw: 'GW', kw: 'kW', mwh: 'MWh', gwh: 'GWh', kwh: 'kWh', teu: 'TEU', feu: 'FEU',
};
const YEAR = /^(?:19|20)\d{2}$/;
const MONTH_WORDS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);

export interface RawFigure {
  value: number;
  unit: string;
  first: number;
  last: number;
  /** characters of the last token that are not the figure's ("m." at a sentence end) */
  trim: number;
  /** both ends of a range */
  range?: number;
  /** a share written as a ratio ("1 in 4", "one bid in six"): its value is computed, only its words are the evidence's */
  ratio?: true;
}

/** Measures written as acronyms: the number after one is its value, not part of a name like "SOC 2". */
const MEASURE_ACRONYMS: ReadonlySet<string> = new Set(['nps', 'oee', 'otif', 'otd', 'arr', 'mrr', 'nrr', 'grr', 'cac', 'ltv', 'arpu', 'aov', 'csat', 'ces', 'roce', 'roe', 'roi', 'ebitda', 'dso', 'dpo', 'kpi', 'sla', 'mttr', 'mtbf', 'fte', 'ftes', 'wip', 'revpar', 'adr', 'cet1', 'lcr', 'nim', 'cir', 'ppm', 'ltir', 'ltifr', 'trir', 'trifr', 'afr', 'dscr', 'icr', 'ltv', 'eps', 'gmv', 'aum', 'dau', 'mau', 'cpa', 'ctr', 'cpc', 'roas', 'tat', 'sdr']);

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const numberOf = (text: string) => WORD_NUMBERS[text.toLowerCase()] ?? Number(text.replace(/,/g, '').replace(/^\+/, ''));

const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const TEENS: Record<string, number> = { thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };

/** Whether the word at k ends a share written in words ("ninety-two percent", "forty per cent"). */
const percentAt = (tokens: readonly Token[], k: number): boolean => [1, 2, 3].some((back) => k - back >= 0 && percentInWords(tokens, k - back)?.last === k);

/** A share written in words from token k ("ninety-two percent", "forty per cent"): its value and its last token. */
function percentInWords(tokens: readonly Token[], k: number): { value: number; last: number } | undefined {
  const word = tokens[k]!.lower;
  let value = TENS[word] ?? TEENS[word] ?? (word === 'one' ? undefined : WORD_NUMBERS[word]);
  if (value === undefined) return undefined;
  let at = k + 1;
  // (the units after a hyphen, written as one word: "ninety-two")
  if (TENS[word] !== undefined && tokens[at]?.text === '-' && tokens[at]!.start === tokens[k]!.end && WORD_NUMBERS[tokens[at + 1]?.lower ?? ''] !== undefined && (WORD_NUMBERS[tokens[at + 1]!.lower] ?? 10) < 10) {
    value += WORD_NUMBERS[tokens[at + 1]!.lower]!;
    at += 2;
  }
  if (tokens[at]?.lower === 'percent') return { value, last: at };
  if (tokens[at]?.lower === 'per' && tokens[at + 1]?.lower === 'cent') return { value, last: at + 1 };
  return undefined;
}

/** Figures in a sentence's tokens: currency, magnitude and unit joined to the number; ranges split. */
/** What a number after it names, not counts: "cell 9", "line 3", "appendix 2" (and, as a plural, a span of them: "cells 4 to 7"). */
const NUMBERED_THING = /^(?:paper|annex|exhibit|agenda|attachment|enclosure|tab|slide|cell|line|plant|site|gate|section|table|appendix|figure|page|room|ward|bay|unit|platform|route|lot|stage|phase|version|zone|grade|tier|step|item|question|chapter|floor|block|lane|dock|shift|team|area|region|store|hall|episode|issue|vol|volume|edition|scope|category|class|field|paddock|screen|berth|pier|terminal|hangar|wing|building|court|pitch|kiln|furnace|oven|silo|seam|shaft|reactor|turbine|machine|press|chiller|freezer|fridge|boiler|tank|vessel|truck|van|trailer|bed|theatre|studio|milestone|sprint|wave|tranche|workstream|package|mission|part|level|band|division)$/i;

/** People an age after them says which of ("customers under 25", "adults over 75"). */
const AGED_PEOPLE = /^(?:customers|people|adults|children|users|members|patients|residents|respondents|staff|employees|drivers|those|workers|population|populations|men|women|pupils|students|clients|households|pensioners)$/;

/** Words of how many before a figure ("about", "around", "c."). */
export const APPROXIMATE = /^(?:about|around|roughly|some|nearly|almost|over|approximately|c\.|~)$/;

/** Verbs of losing: what the organization lost is counted as lost ("We lost 47 members at renewal"). */
const LOST_VERB = /^(?:lost|lose|loses|losing|shed|sheds|shedding)$/;

/** Words between "cost" and the figure of what something costs ("cost us about 31% more", "costs the business some"). */
const COST_FILLER = /^(?:about|around|roughly|some|nearly|almost|over|just|us|them|the|business|company|group|firm|now)$/;

/** A currency written as its code before an amount ("USD 1.32bn", "EUR 4.2m"). */
export const CURRENCY_CODE = /^(?:USD|EUR|GBP|CHF|NZD|AUD|CAD|SEK|NOK|DKK|JPY|CNY|INR|ZAR|SGD|HKD|AED|PLN|CZK)$/;

export function rawFigures(tokens: readonly Token[]): RawFigure[] {
  const out: RawFigure[] = [];
  // (a survey's line of method states how it was done, not a figure of the organization: "Fieldwork: 1,214 tenants by phone (response rate 31%)")
  const lead = tokens.findIndex((t) => t.pos !== 'PUNCT');
  if (/^(?:fieldwork|sample|base|methodology|method)$/.test(tokens[lead]?.lower ?? '') && tokens[lead + 1]?.text === ':') return out;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // digits, or a small number in words that counts something ("three P1 outages")
    const counting =
      (t.pos === 'NUM' || t.lower === 'one') &&
      WORD_NUMBERS[t.lower] !== undefined &&
      (['NOUN', 'PROPN'].includes(tokens[i + 1]?.pos ?? '') || (tokens[i + 1]?.lower === 'in' && WORD_NUMBERS[tokens[i + 2]?.lower ?? ''] !== undefined)) &&
      !['years', 'months', 'weeks', 'days', 'hours', 'times', 'miles', 'kilometres', 'km', 'metres', 'of'].includes(tokens[i + 1]?.lower ?? '');
    // a small number in words with its unit of time ("about four months")
    const spelled = t.type !== 'number' && WORD_NUMBERS[t.lower] !== undefined && /^(?:days|weeks|months|years|hours|minutes)$/.test(tokens[i + 1]?.lower ?? '') && (/^(?:is|was|are|were|be|about|around|roughly|nearly|almost|takes|took|averages|averaged|at|remains|stands|over|under|now|from)$/.test(tokens[i - 1]?.lower ?? '') || (tokens[i - 1]?.lower === 'of' && /^(?:policy|target|standard|minimum|maximum|limit|plan|budget|benchmark|average|norm|requirement)$/.test(tokens[i - 2]?.lower ?? ''))) && !/^(?:for|over|in|within|after)$/.test(tokens[i - 2]?.lower ?? '');
    // (and the bare number in words it goes to: "from five days to two")
    const goesTo = t.type !== 'number' && WORD_NUMBERS[t.lower] !== undefined && tokens[i - 1]?.lower === 'to' && out.at(-1)?.last === i - 2 && /^(?:days|weeks|months|years|hours|minutes)$/.test(tokens[i - 2]?.lower ?? '') && tokens[i - 4]?.lower === 'from';
    if (goesTo) {
      out.push({ value: WORD_NUMBERS[t.lower]!, unit: '', first: i, last: i, trim: 0 });
      continue;
    }
    // ("the mid-50s", "the low 40s": a level given as a part of a decade, read as its part of it; its words the evidence's)
    const decade = /^(?:(low|mid|high)-)?([1-9]0)s$/i.exec(t.text);
    const part = decade ? (decade[1] ?? (/^(?:low|mid|high)$/i.test(tokens[i - 1]?.text ?? '') ? tokens[i - 1]!.text : '')).toLowerCase() : '';
    if (decade && part && tokens[i - (decade[1] ? 1 : 2)]?.lower === 'the') {
      out.push({ value: Number(decade[2]) + (part === 'mid' ? 5 : part === 'low' ? 2 : 8), unit: '', first: decade[1] ? i : i - 1, last: i, trim: 0 });
      continue;
    }
    // ("Ninety-two percent of staff", "forty per cent of orders": a share written in words, one figure, its words the evidence's)
    const spelledShare = t.type !== 'number' ? percentInWords(tokens, i) : undefined;
    if (spelledShare) {
      out.push({ value: spelledShare.value, unit: '%', first: i, last: spelledShare.last, trim: 0 });
      i = spelledShare.last;
      continue;
    }
    // ("four of our 23 managers": a share of a count that opens with a number in words, one figure)
    if (t.type !== 'number' && WORD_NUMBERS[t.lower] !== undefined && tokens[i + 1]?.lower === 'of') {
      let w = i + 2;
      while (w < i + 4 && /^(?:our|the|its|their|top|largest|biggest|main|key|major)$/.test(tokens[w]?.lower ?? '')) w++;
      const whole = tokens[w];
      if (whole?.type === 'number' && !YEAR.test(whole.text) && numberOf(whole.text) > WORD_NUMBERS[t.lower]! && tokens[w + 1]?.type === 'word' && !UNIT[tokens[w + 1]!.lower] && !MAGNITUDE[tokens[w + 1]!.lower]) {
        out.push({ value: Math.round((1000 * WORD_NUMBERS[t.lower]!) / numberOf(whole.text)) / 10, unit: '%', first: i, last: w, trim: 0, ratio: true });
        i = w;
        continue;
      }
    }
    if (t.type !== 'number' && !counting && !spelled) continue;
    // "+49 40 555 0192", "phone 0161 496 0000", "extension 220": a telephone number, not a figure
    let run = i;
    while (run > 0 && tokens[run - 1]!.type === 'number') run--;
    let runEnd = i;
    while (tokens[runEnd + 1]?.type === 'number') runEnd++;
    // (a run of three or more groups of digits opening with "+" or "0"; "+4.2%" and "NPS +42" are figures)
    const dialled = runEnd - run >= 2 && /^(?:\+|0)\d/.test(tokens[run]!.text) && tokens.slice(run, runEnd + 1).every((x) => /^\+?\d+$/.test(x.text));
    if (dialled || /^(?:phone|tel|telephone|mobile|extension|ext|fax)\.?$/.test(tokens[run - 1]?.lower ?? '')) continue;
    // ("-80 °C alarms", "4°C fridges": a temperature that names the kind of thing after it, no figure of the organization)
    if (t.type === 'number' && /^°[CF]?$/.test(tokens[i + 1]?.text ?? '') && (/^[CF]$/.test(tokens[i + 2]?.text ?? '') ? ['NOUN', 'PROPN'].includes(tokens[i + 3]?.pos ?? '') : ['NOUN', 'PROPN'].includes(tokens[i + 2]?.pos ?? ''))) continue;
    // "3h40m", "2d4h": a span written as one word, which the tokenizer splits; no figure of its own
    if (t.type === 'number' && tokens[i + 1]?.start === t.end && /^\p{L}+\d/u.test(tokens[i + 1]!.text)) continue;
    // ("accounts under 20 seats", "clients with over 500 staff": a size that says which of them, no figure of its own)
    if (/^(?:under|over|above|below|with|of)$/.test(tokens[i - 1]?.lower ?? '') && /^(?:accounts|customers|clients|firms|companies|businesses|sites|schools|practices|members|households|tenants|users|homes|stores|branches)$/.test(tokens[i - 2]?.lower ?? '') && /^(?:seats|users|staff|employees|people|beds|rooms|sites|stores|branches|pupils|students|members|licences|licenses|units|homes)$/.test(tokens[i + 1]?.lower ?? '')) continue;
    // (and a rule's reach by size, "covers ferries over 5,000 gross tonnes", "applies to firms with more than 250 employees")
    if (
      /^(?:under|over|above|below|than|exceeding)$/.test(tokens[i - 1]?.lower ?? '') &&
      tokens.slice(Math.max(0, i - 4), i - 1).some((u) => u.pos === 'NOUN' && /s$/.test(u.lower)) &&
      /^(?:(?:gross|deadweight|net) )?(?:tonnes|tons|employees|staff|seats|beds|kw|mw|megawatts|passengers|pupils|students)\b/.test(tokens.slice(i + 1, i + 3).map((u) => u.lower).join(' ')) &&
      tokens.slice(Math.max(0, i - 8), i - 1).some((u) => /^(?:covers?|covered|covering|applies|apply|applied|applying|extends?|extended|includes?|included|exempts?|exempted)$/.test(u.lower))
    )
      continue;
    // "1,020 replies", "412 respondents": the size of a survey's sample, not a figure of the organization
    // ("88% of complaints within 10 working days", "92% of calls in under 20 seconds": the time a share is measured within
    // qualifies that share, no figure of its own)
    // (and before the share it qualifies: "Ambulance handovers within 30 minutes were 71%")
    if (/^(?:within|inside|under)$/.test(tokens[i - 1]?.lower ?? '') && /^(?:working|business|calendar|clear|days?|hours?|minutes?|mins?|seconds?|secs?|weeks?|months?)$/.test(tokens[i + 1]?.lower ?? '') && (out.some((g) => g.unit === '%') || tokens.slice(i + 2, i + 8).some((u, j) => u.text === '%' && tokens[i + 1 + j]?.type === 'number'))) continue;
    // (and "from 8,900 reviews": how many reviewed, not a figure of the organization)
    if (/^(?:replies|responses|respondents|reviews|reviewers|ratings|votes)$/.test(tokens[i + 1]?.lower ?? '')) continue;
    // ("to survey 1,200 tenants", "we interviewed 40 staff": who a survey asked, not a figure of the organization)
    if (/^(?:survey|surveyed|surveying|interview|interviewed|polled|sampled|asked)$/.test(tokens[i - 1]?.lower ?? '') && tokens[i + 1]?.pos === 'NOUN') continue;
    // "(n = 318)", "n=1,240": the size of a sample, not a figure of the organization
    if (tokens[i - 1]?.text === '=' && /^n$/i.test(tokens[i - 2]?.text ?? '')) continue;
    // "in the next 24 months", "over the past 3 years": the period a statement covers, not a figure
    // (a note's too, before the figure it covers: "Line fill rate last 7 days 94.1%")
    if (/^(?:next|last|past|coming|previous|prior|following)$/.test(tokens[i - 1]?.lower ?? '') && /^(?:days|weeks|months|years|quarters|seasons)$/.test(tokens[i + 1]?.lower ?? '') && (/^(?:the|over|in|within|during|for)$/.test(tokens[i - 2]?.lower ?? '') || (/^(?:last|past)$/.test(tokens[i - 1]!.lower) && tokens.slice(i + 2, i + 5).some((u) => u.type === 'number')))) continue;
    // "1 January 2026", "SOC 2", "ISO 14001": part of a date or a name, not a figure
    if (MONTH_WORDS.has((tokens[i + 1]?.lower ?? '').replace(/\.$/, '')) || MONTH_WORDS.has((tokens[i - 1]?.lower ?? '').replace(/\.$/, ''))) continue;
    // ("NPS 42", "OEE 61%" are a measure and its value)
    if (/^[A-Z]{2,5}$/.test(tokens[i - 1]?.text ?? '') && tokens[i - 1]!.type === 'word' && !MEASURE_ACRONYMS.has(tokens[i - 1]!.lower) && !CURRENCY_CODE.test(tokens[i - 1]!.text)) continue;
    // "customers aged under 25", "staff over the age of 50": an age that says which people, not a figure
    // (not an average age, which measures a fleet or a workforce: "average age 9.8 years")
    if (t.type === 'number' && !UNIT[tokens[i + 1]?.lower ?? ''] && !/^(?:average|mean|median|avg)$/.test(tokens[i - 2]?.lower ?? '') && (/^(?:aged|age|ages)$/.test(tokens[i - 1]?.lower ?? '') || (/^(?:under|over|below|above)$/.test(tokens[i - 1]?.lower ?? '') && /^(?:aged|age|ages)$/.test(tokens[i - 2]?.lower ?? '')) || (/^(?:under|over)$/.test(tokens[i - 1]?.lower ?? '') && AGED_PEOPLE.test(tokens[i - 2]?.lower ?? '') && !UNIT[tokens[i + 1]?.lower ?? '']))) continue;
    // (and a share of people said to be over or under an age: "only 8% of our members are under 35", "and only 8% are under 35")
    if (t.type === 'number' && /^\d{1,2}$/.test(t.text) && !UNIT[tokens[i + 1]?.lower ?? ''] && tokens[i + 1]?.text !== '%' && /^(?:under|over)$/.test(tokens[i - 1]?.lower ?? '') && /^(?:are|were)$/.test(tokens[i - 2]?.lower ?? '') && out.at(-1)?.unit === '%') continue;
    // "every 5 cents of dollar weakness", "each 1% rise in rates": the step a sensitivity is counted in, not a figure of its own
    if (/^(?:every|each)$/.test(tokens[i - 1]?.lower ?? '') && t.type === 'number') continue;
    // "per 100,000 hours", "per £1": what a rate is counted against, not a figure of its own
    if (tokens[i - 1]?.lower === 'per' || (tokens[i - 1]?.type === 'currency' && tokens[i - 2]?.lower === 'per')) continue;
    // "FY24/25", "2024/25": a period, not a figure
    if (tokens[i - 1]?.text === '/' && /^(?:fy ?\d{2,4}|(?:19|20)\d{2}|\d{2})$/i.test(tokens[i - 2]?.text ?? '')) continue;
    // "each £1", "per £1", "for every £100": what a cost is counted against, not a figure of its own
    if (tokens[i - 1]?.type === 'currency' && /^(?:each|every|per)$/.test(tokens[i - 2]?.lower ?? '')) continue;
    // "5-star", "3-bed": a number that is part of a rating's or a kind's name, not a figure
    if (t.type === 'number' && /^[-–]$/.test(tokens[i + 1]?.text ?? '') && /^(?:star|stars|bed|bedroom|bedded|door|seat|seater|storey|story|screen|berth|pin)$/i.test(tokens[i + 2]?.text ?? '')) continue;
    // "cell 9", "line 3", "appendix 2": a number that names a thing, not a figure
    if (NUMBERED_THING.test(tokens[i - 1]?.lower ?? '') && !/[.,]/.test(t.text)) continue;
    // "cells 4 to 7", "lines 2 and 3": a span of numbered things, both its ends
    const numbered = (w: string) => w.endsWith('s') && (NUMBERED_THING.test(w.slice(0, -1)) || (w.endsWith('es') && NUMBERED_THING.test(w.slice(0, -2))));
    if (t.type === 'number' && !/[.,]/.test(t.text) && ((numbered(tokens[i - 1]?.lower ?? '') && /^(?:to|-|–|and|&)$/.test(tokens[i + 1]?.lower ?? '') && tokens[i + 2]?.type === 'number') || (numbered(tokens[i - 3]?.lower ?? '') && /^(?:to|-|–|and|&)$/.test(tokens[i - 1]?.lower ?? '') && tokens[i - 2]?.type === 'number'))) continue;
    // "Scope 1 and 2 emissions", "Tier 1 and 2 suppliers": the second of two numbered names
    if (/^(?:and|&|\/|-|–)$/.test(tokens[i - 1]?.lower ?? '') && tokens[i - 2]?.type === 'number' && /^(?:scope|tier|category|class)$/i.test(tokens[i - 3]?.lower ?? '')) continue;
    // "10 Park Row", "the top 10 accounts": an address and a rank, not figures
    const street = /^(?:Row|Street|St|Road|Rd|Lane|Avenue|Ave|Square|Place|Way|Court|House|Drive|Crescent|Terrace|Gardens|Quay|Wharf)$/;
    if ((t.type === 'number' && /^\p{Lu}/u.test(tokens[i + 1]?.text ?? '') && (street.test(tokens[i + 1]?.text ?? '') || (/^\p{Lu}/u.test(tokens[i + 2]?.text ?? '') && street.test(tokens[i + 2]?.text ?? '')))) || (tokens[i - 1]?.lower === 'top' && !UNIT[tokens[i + 1]?.lower ?? '']) || (tokens[i - 1]?.lower === 'big' && t.type !== 'number' && /^(?:two|three|four|five|six)$/.test(t.lower))) continue;
    // "section 4.2", "clause 7.3", "finding 2 of 4": a reference to a part of a document, whatever its number
    if (/^(?:section|sections|clause|clauses|paragraph|para|article|chapter|appendix|annex|schedule|finding|findings|recommendation|action|note|notes|rule|regulation|standard|policy|table|figure|page|pages|step|version|release|edition|no\.?|number|ref|reference|id)$/i.test(tokens[i - 1]?.lower ?? '') && !UNIT[tokens[i + 1]?.lower ?? ''] && !(/^(?:policy|standard|target)$/i.test(tokens[i - 1]!.lower) && /^[–-]$/.test(tokens[i + 1]?.text ?? '') && tokens[i + 2]?.type === 'number')) continue;
    // "Scores: likelihood x impact, 1-5 each", "rated on a 1–10 scale": a scale's span, not a figure
    if (/^[01][-–](?:3|4|5|7|10|100)$/.test(t.text) && /\b(?:scale|scores?|each|rated|rating|likelihood|impact)\b/i.test(tokens.map((x) => x.lower).join(' '))) continue;
    let first = i;
    let last = i;
    let currency = '';
    if (tokens[i - 1]?.type === 'currency') {
      currency = tokens[i - 1]!.text;
      first = i - 1;
    } else if (CURRENCY_CODE.test(tokens[i - 1]?.text ?? '') && tokens[i - 1]!.end < t.start) {
      // an amount written with its currency's code: "Revenue of USD 1.32bn", "errors worth EUR 4.2m"
      currency = tokens[i - 1]!.text;
      first = i - 1;
    }
    let value: number;
    let second: number | undefined;
    let ratio = false;
    const dashed = /^([\d,.]+)[-–]([\d,.]+)$/.exec(t.text);
    if (dashed) {
      value = numberOf(dashed[1]!);
      second = numberOf(dashed[2]!);
    } else value = numberOf(t.text);
    if (!Number.isFinite(value)) continue;
    // a range: 20 – 30 %
    if (second === undefined && ['–', '-', 'to'].includes(tokens[i + 1]?.lower ?? '') && tokens[i + 2]?.type === 'number' && (tokens[i + 1]!.lower !== 'to' || /^(?:%|per|percent)$/.test(tokens[i + 3]?.lower ?? ''))) {
      second = numberOf(tokens[i + 2]!.text);
      last = i + 2;
    }
    let next = tokens[last + 1];
    let trim = 0;
    const magnitudeWord = next?.lower.replace(/\.$/, '');
    const magnitude = magnitudeWord ? MAGNITUDE[magnitudeWord] : undefined;
    if (magnitude && (next!.start === tokens[last]!.end || next!.lower.length > 2)) {
      value *= magnitude;
      if (second !== undefined) second *= magnitude;
      trim = next!.lower.length - magnitudeWord!.length;
      last++;
      next = trim ? undefined : tokens[last + 1];
    }
    let unit = currency;
    if (!unit && next) {
      if (next.lower === 'per' && tokens[last + 2]?.lower === 'cent') {
        unit = '%';
        last += 2;
      } else if (next.lower === 'percentage' && /^points?$/.test(tokens[last + 2]?.lower ?? '')) {
        unit = 'pt';
        last += 2;
      } else if (next.lower === 'basis' && /^points?$/.test(tokens[last + 2]?.lower ?? '')) {
        unit = 'bp';
        last += 2;
      } else if (/^(?:working|business|calendar|clear|school)$/.test(next.lower) && /^(?:days?|weeks?|hours?)$/.test(tokens[last + 2]?.lower ?? '')) {
        // "23 working days", "5 business days": days all the same
        unit = UNIT[tokens[last + 2]!.lower]!;
        last += 2;
      } else if (next.lower === 'parts' && tokens[last + 2]?.lower === 'per' && tokens[last + 3]?.lower === 'million') {
        unit = 'ppm';
        last += 3;
      } else if (next.lower === 's' && next.start === tokens[last]!.end && /\./.test(tokens[last]!.text + (tokens[last - 1]?.text ?? ''))) {
        // "page load came down from 3.8s to 1.9s": seconds written as a letter on the figure
        unit = 'seconds';
        last++;
      } else if (UNIT[next.lower] && !(next.lower === 'x' && next.start !== tokens[last]!.end && /^[a-z]/i.test(tokens[last + 2]?.text ?? ''))) {
        unit = UNIT[next.lower]!;
        last++;
      } else if (/^(?:p|x)\.$/.test(next.lower) && next.start === tokens[last]!.end) {
        // "24p." and "5.0x." at a sentence's end: the unit without the full stop
        unit = next.lower === 'p.' ? 'p' : 'x';
        trim = 1;
        last++;
      } else if (next.lower === 'p' && next.start === tokens[last]!.end) {
        unit = 'p'; // pence: "31p to raise each £1"
        last++;
      } else if (next.text === '-' && next.start === tokens[last]!.end && UNIT[tokens[last + 2]?.lower ?? '']) {
        // "an 8-hour target", "our 20-day target"; but "the 30-day readmission rate" names its measure, it states no figure
        const named = tokens[last + 3];
        if (named && ['NOUN', 'PROPN', 'ADJ'].includes(named.pos) && !BENCHMARK_WORDS.test(named.lower) && !/^(?:average|median|mean|maximum|minimum|limit|standard|window|period)$/.test(named.lower)) {
          i = last + 2;
          continue;
        }
        unit = UNIT[tokens[last + 2]!.lower]!;
        last += 2;
      }
    }
    if (!unit && YEAR.test(t.text) && !/,/.test(t.text)) continue; // a year is a period, not a figure
    // a score on its scale ("7.4 out of 10", "4.6 out of 5") and a ratio ("1 in 4 calls"): one figure, not two
    if (!trim && tokens[last + 1]?.lower === 'out' && tokens[last + 2]?.lower === 'of' && tokens[last + 3]?.type === 'number') last += 3;
    else if (!trim && !unit) {
      // "1 in 4", "one bid in six": a share, counted as a percentage
      const skip = tokens[last + 1]?.pos === 'NOUN' && tokens[last + 2]?.lower === 'in' ? 1 : 0;
      const ofToken = tokens[last + 2 + skip];
      if (tokens[last + 1 + skip]?.lower === 'in' && ofToken && (ofToken.type === 'number' || WORD_NUMBERS[ofToken.lower] !== undefined) && !YEAR.test(ofToken.text) && numberOf(ofToken.text) > value) {
        value = Math.round((1000 * value) / numberOf(ofToken.text)) / 10;
        unit = '%';
        last += 2 + skip;
        ratio = true;
      } else if (!skip && tokens[last + 1]?.lower === 'of') {
        // "58 of 63 practices", "3 of our top 10 accounts": a share of a count, one figure
        let w = last + 2;
        while (w < last + 4 && /^(?:our|the|its|their|top|largest|biggest|main|key|major)$/.test(tokens[w]?.lower ?? '')) w++;
        if (tokens[w]?.type === 'number' && !YEAR.test(tokens[w]!.text) && numberOf(tokens[w]!.text) > value && tokens[w + 1]?.type === 'word' && !UNIT[tokens[w + 1]!.lower] && !MAGNITUDE[tokens[w + 1]!.lower]) {
          value = Math.round((1000 * value) / numberOf(tokens[w]!.text)) / 10;
          unit = '%';
          last = w;
          ratio = true;
        }
      }
    }
    // (a share in brackets that restates the count of a whole before it, "27 of 310 posts (9%)", is that figure again)
    const restated = out.at(-1);
    // (when the clause ends there: in "29 of 34 settings (85%) rated Good" the share is what is rated)
    if (unit === '%' && !ratio && tokens[first - 1]?.text === '(' && tokens[last + 1]?.text === ')' && (!tokens[last + 2] || /^[.;,]$/.test(tokens[last + 2]!.text)) && restated?.ratio && restated.last < first && first - restated.last <= 4 && Math.abs(restated.value - value) < 1) {
      i = last;
      continue;
    }
    out.push({ value, unit, first, last, trim, ...(second !== undefined ? { range: second } : {}), ...(ratio ? { ratio: true as const } : {}) });
    i = last;
  }
  return out;
}

// ── words that give figures and claims their meaning ──────────────────────────────────────────────────

export const UP_WORDS: ReadonlySet<string> = new Set(['rise', 'rose', 'risen', 'rising', 'grow', 'grew', 'grown', 'growing', 'growth', 'increase', 'increased', 'increasing', 'up', 'higher', 'climb', 'climbed', 'lengthen', 'lengthened', 'jump', 'jumped', 'double', 'doubled', 'above', 'gain', 'gained', 'expand', 'expanded', 'soared', 'surged']);
/** Whether the word at `k` is joined by a hyphen with no space to the word before or after it ("top-up", "break-down"). */
function hyphenatedAt(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k]!;
  const before = tokens[k - 1];
  const after = tokens[k + 1];
  return (before?.text === '-' && before.end === t.start) || (after?.text === '-' && after.start === t.end);
}

/**
 * Whether "up" or "down" at `k` is the particle of a phrasal verb that moves nothing ("make up 9% of sales", "signed up",
 * "shut down", "broke down"), or "fell" is of a payment that fell due. Read alike by the reader and the faithfulness check.
 */
export function idleParticle(tokens: readonly { lower: string }[], k: number): boolean {
  const w = tokens[k]?.lower;
  const verb = tokens[k - 1]?.lower ?? '';
  // (a payment or a contract that "fell due" moved nowhere)
  if (/^(?:fell|falls?|falling|fallen)$/.test(w ?? '') && tokens[k + 1]?.lower === 'due') return true;
  if (w === 'up') return /^(?:make|makes|made|making|sign|signs|signed|signing|set|sets|setting|take|takes|took|taken|taking|pick|picks|picked|top|topped|follow|followed|catch|caught|line|lined|back|backed|use|used|free|freed|open|opened|give|gave|given|show|showed|shown|turn|turned|tie|tied|step|stepped|speed|sped|scale|scaled|ramp|ramped)$/.test(verb);
  if (w === 'down') return /^(?:shut|shuts|shutting|break|breaks|broke|broken|breaking|wind|winds|wound|close|closed|closes|turn|turned|turns|track|tracked|hand|handed|settle|settled|calm|calmed|sit|sat|note|noted|put|write|wrote|written|slow|slowed)$/.test(verb) && !/^(?:by|to|from)$/.test(tokens[k + 1]?.lower ?? '');
  return false;
}
export const DOWN_WORDS: ReadonlySet<string> = new Set(['halve', 'halved', 'halving', 'fall', 'fell', 'fallen', 'falling', 'decline', 'declined', 'declining', 'decrease', 'decreased', 'drop', 'dropped', 'down', 'lower', 'cut', 'reduce', 'reduced', 'shrink', 'shrank', 'shorten', 'shortened', 'slip', 'slipped', 'below', 'lose', 'lost', 'cheaper', 'eased', 'easing', 'dipped', 'softened', 'slid', 'slumped', 'plunged', 'plummeted', 'tumbled']);
const BENCHMARK_WORDS =
  /^(?:average|benchmark|benchmarks|target|targets|sector|industry|peers?|world-class|norm|plan|require|requires|required|better-run|contractual|promise[sd]?|sla|slas|obligations?|expectations?|commitments?|guided|guidance|policy|budget|budgeted|bud|tgt|std|covenant|limit|safe|national|charter|appetite|threshold|cap|ceiling|maximum|minimum|floor|assumed|breakeven|terms|aims|aim|aiming|normal|typical|usual|customary)$/;
/** Benchmarks a measure must stay under (above one is bad whatever the measure), and over. */
const CEILING = /\b(?:safe|limit|cap|ceiling|maximum|covenant|threshold|allowed|permitted|tolerance)\b/;
const FLOOR = /\b(?:minimum|floor|appetite|break-even|establishment|funded posts)\b/;
const ROLE_SKIP = new Set(['c.', 'ca.', 'approx.', 'i.e.', 'e.g.', '~', 'the', 'a', 'an', 'our', 'their', 'its', 'his', 'her', 'my', 'your', 'this', 'that', 'these', 'those', 'we', 'us', 'about', 'around', 'roughly', 'some', 'approximately', 'nearly', 'almost', 'by', 'only', 'just', 'at', 'of', 'to', 'is', 'was', 'are', 'were', 'be', 'been', 'still', 'now', 'well', 'also']);

/** The figure's role from the words around it, within its clause. */
/** The last word of a note's label that names a part of the business ("private client team:", "Retail:"), not a measure. */
export const SEGMENT_HEAD = /\b(?:team|teams|division|unit|arm|segment|business|practice|department|dept|line|brand|region|channel|stores?|sites?|branch(?:es)?|clinics?|retail|wholesale|online|e-?commerce|commercial|residential|domestic|international|export|corporate|consumer|enterprise|smb|sme|public sector|private client|services?|products?|portfolio|book|desk|hub|plant|factory|depot|warehouse)$/i;

/** Names of amounts whose signed share straight after them is their change ("revenue +19%"), not a level as a ratio's may be. */
export const AMOUNT_NAMES = /^(?:revenues?|sales|income|turnover|fees|volumes?|orders|bookings|costs?|spend|headcount|premiums?|profits?|ebitda|footfall|traffic|visits|visitors|users|customers|members|subscribers|enquiries|complaints|claims|leads|prices?|applications|admissions|referrals|instructions|donations|exports|imports|output|production|shipments|deliveries|payroll|wages|arrears|debt|borrowings|units|containers|tonnes|tonnage|teu|passengers|pax|calls|covers|transactions|placements|contracts|listings|downloads|installs|sessions|journeys|trips|flights|nights)$/;

export function roleOf(tokens: readonly Token[], f: RawFigure, all: readonly RawFigure[], clauseEnd: number): Pick<FigureRef, 'role' | 'dir' | 'label' | 'of' | 'counts' | 'bound'> {
  // the words before reach back over a clause break (": 30%" after "sector average"), never out of brackets
  const before: Token[] = [];
  for (let k = f.first - 1; k >= 0 && before.length < 7; k--) {
    if (tokens[k]!.text === '(' || tokens[k]!.text === ')' || tokens[k]!.text === ';') break;
    // (nor over a dash that opens a clause of its own: "Please bake to the plan - waste is 7.8%" holds no plan of 7.8%)
    // (a dash with a space on each side; "World-class would be 85%" keeps its hyphen)
    if (/^[-–—]$/.test(tokens[k]!.text) && (tokens[k - 1]?.end ?? -1) < tokens[k]!.start && (tokens[k + 1]?.start ?? Infinity) > tokens[k]!.end && before.some((t) => t.pos === 'AUX' || t.pos === 'VERB')) break;
    before.push(tokens[k]!);
  }
  const after: Token[] = [];
  for (let k = f.last + 1; k < Math.min(clauseEnd, f.last + 7); k++) {
    if ([',', '(', ')', ';'].includes(tokens[k]!.text)) break;
    after.push(tokens[k]!);
  }
  const beforeComma = before.findIndex((t) => t.text === ',');
  const beforeNear = beforeComma < 0 ? before : before.slice(0, beforeComma);
  const near = before.filter((t) => !ROLE_SKIP.has(t.lower) || ['from', 'by', 'to', 'at', 'of'].includes(t.lower));
  const of = after[0]?.lower === 'of' && after[1] && after[1].type !== 'number' ? afterOf(tokens, f.last + 2, clauseEnd) : undefined;
  const firstNoun = after.slice(0, 2).findIndex((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
  const counts = !f.unit && firstNoun >= 0 && /s$|^(?:people|staff|children|men|women)$/.test(after[firstNoun]!.lower) ? phraseFrom(tokens, f.last + 1, clauseEnd, 3) : undefined;
  const rate = /^(?:a|per) (?:year|month|week|day|quarter)$/.exec(after.slice(0, 2).map((t) => t.lower).join(' '))?.[0];
  const extra = { ...(of ? { of } : {}), ...(counts ? { counts } : {}), ...(rate ? { per: rate } : {}) };
  // a signed share after a figure, or before "yoy": its change ("New car registrations 6,420 units, -11% yoy", "+4% vs LY")
  const sign = /^[+\-−]/.exec(tokens[f.first]!.text)?.[0];
  if (sign && ['%', 'pt', 'bp'].includes(f.unit) && (/^(?:yoy|y\/y|yoy\.|year-on-year)$/.test(after[0]?.lower ?? '') || (/^(?:vs\.?|on|versus)$/.test(after[0]?.lower ?? '') && /^(?:ly|py|last|prior|previous|a)$/.test(after[1]?.lower ?? '')) || (before.some((t) => t.type === 'number') && ![...after, ...before.slice(0, Math.max(0, before.findIndex((t) => t.type === 'number')))].some((t) => BENCHMARK_WORDS.test(t.lower) || /^(?:vs\.?|versus|against|compared)$/.test(t.lower))))) return { role: 'change', dir: sign === '+' ? 1 : -1, ...extra };
  // "revenue +19%", "fee income +4%": a signed share straight after an amount's name is its change (a ratio's, "margin -3%", may be its level)
  // (not a growth rate's own level, "LFL sales +2.4%", nor one held against a budget later in the clause: "…, budget was 5%")
  if (sign && f.unit === '%' && AMOUNT_NAMES.test(before[0]?.lower ?? '') && !/^(?:lfl|like-for-like|organic|underlying)$/.test(before[1]?.lower ?? '') && !tokens.slice(f.last + 1, clauseEnd).some((t) => BENCHMARK_WORDS.test(t.lower))) return { role: 'change', dir: sign === '+' ? 1 : -1, ...extra };
  // "timber prices +9% since summer": a signed share that says since when is a change
  if (sign && ['%', 'pt', 'bp'].includes(f.unit) && /^(?:since|on|over|in|this|vs\.?|versus|from)$/.test(after[0]?.lower ?? '') && !after.slice(0, 4).some((t) => BENCHMARK_WORDS.test(t.lower))) return { role: 'change', dir: sign === '+' ? 1 : -1, ...extra };
  // "€6.40 (+8%)": a signed share in brackets right after a figure is that figure's change
  if (sign && ['%', 'pt', 'bp'].includes(f.unit) && tokens[f.first - 1]?.text === '(' && all.some((g) => g.last === f.first - 2)) return { role: 'change', dir: sign === '+' ? 1 : -1, ...extra };
  // "20–30% lower", "15% below us", "6 hours a week"
  const gap = after[0];
  // "18% more than the year before", "3% fewer than last year": a change over time
  // (with what there is more of between: "a combined 7% more contacts than the year before")
  const than = after[1]?.lower === 'than' ? 1 : after[2]?.lower === 'than' && after[1]?.pos === 'NOUN' && ['more', 'fewer', 'less'].includes(gap?.lower ?? '') ? 2 : 0;
  if (gap && than && ['more', 'fewer', 'less', 'higher', 'lower'].includes(gap.lower) && /^(?:the (?:year|season|quarter|month)|last (?:year|season|quarter|month|week|period|time)|a year|the previous|the prior|in (?:19|20)\d{2}|in fy)/.test(after.slice(than + 1, than + 3).map((t) => t.lower).join(' '))) {
    return { role: 'change', dir: ['more', 'higher'].includes(gap.lower) ? 1 : -1, ...extra };
  }
  // "60% more than budgeted", "20% less than planned": a gap to the plan, said as a comparison, not a change over time
  if (gap && ['more', 'less', 'fewer'].includes(gap.lower) && after[1]?.lower === 'than' && /^(?:budget(?:ed)?|planned|plan|forecast|target(?:ed)?|expected|assumed|the (?:budget|plan|target|forecast))\b/.test(after.slice(2, 4).map((t) => t.lower).join(' '))) {
    return { role: 'change', dir: gap.lower === 'more' ? 1 : -1, ...extra };
  }
  // "against a published service standard of 15 days", "the national standard is 18 weeks": a standard set for the measure
  const bw = before.map((t) => t.lower).filter((w) => !/^(?:about|around|roughly|some|c\.?|approximately|just)$/.test(w));
  if (((bw[0] === 'of' || bw[0] === 'is' || bw[0] === ':') && /^standards?$/.test(bw[1] ?? '') && /^(?:service|published|national|regulatory|quality|minimum|required|statutory|agreed|contractual|industry|government|nhs|performance|response|delivery)$/.test(bw[2] ?? '')) || (/^standards?$/.test(bw[0] ?? '') && /^(?:the|a|our|its|their)$/.test(bw[1] ?? '') === false && /^(?:service|published|national|regulatory|statutory|contractual)$/.test(bw[1] ?? ''))) {
    return { role: 'benchmark', label: `${bw[0] === 'of' || bw[0] === 'is' || bw[0] === ':' ? bw[2] : bw[1]} standard`, ...extra };
  }
  // "below the housing sector median of 71%": a median of others is a benchmark (never the organization's own median, "median wait")
  if (bw[0] === 'of' && bw[1] === 'median' && /^(?:sector|industry|national|peer|peers|market|regional|uk|england|network|benchmark)$/.test(bw[2] ?? '')) return { role: 'benchmark', label: `${bw[2]} median`, ...extra };
  // "behind plan by about £300k", "over budget by 4%": a gap to the plan said after it, never the plan's level
  const byWords = before.map((t) => t.lower).filter((w) => !/^(?:about|around|roughly|some|nearly|almost|c\.?|approximately|just|over|under)$/.test(w) || w === 'over' || w === 'under');
  if (byWords[0] === 'by' && /^(?:the |our )?(?:plan|budget|target|forecast|budgeted|planned)$/.test(byWords[1] ?? '') && /^(?:behind|below|under|short|over|above|ahead)$/.test(byWords[2] === 'of' || byWords[2] === 'the' || byWords[2] === 'our' ? (byWords[3] ?? '') : (byWords[2] ?? ''))) {
    const word = byWords[2] === 'of' || byWords[2] === 'the' || byWords[2] === 'our' ? byWords[3]! : byWords[2]!;
    return { role: 'change', dir: /^(?:over|above|ahead)$/.test(word) ? 1 : -1, label: 'plan gap', ...extra };
  }
  // ("three points under the sector", "8% ahead of plan": a gap to a level named after it, as "below" and "above" are)
  const toLevel = gap && /^(?:under|over|ahead|behind)$/.test(gap.lower) && /^(?:of )?(?:the |our |its |a |an )?(?:[\w-]+ )?(?:sector|industry|national|peers?|average|benchmark|targets?|plan|budget|forecast|norm|market|rivals?|competitors?|standard|england|uk|region|regional)\b/.test(after.slice(1, 5).map((t) => t.lower).join(' '));
  if (gap && (['lower', 'higher', 'below', 'above', 'cheaper'].includes(gap.lower) || toLevel)) {
    return { role: 'change', dir: UP_WORDS.has(gap.lower) || /^(?:over|ahead)$/.test(gap.lower) ? 1 : -1, ...extra };
  }
  // "The target agreed with the NHS commissioner is 80%": a level whose clause's subject is the target itself, however long its name
  if (/^(?:is|was|are|were|remains|stands|sits)$/.test(before.find((t) => !ROLE_SKIP.has(t.lower) || /^(?:is|was|are|were)$/.test(t.lower))?.lower ?? '')) {
    let b = f.first - 1;
    while (b > 0 && !/^[;,:]$/.test(tokens[b - 1]!.text)) b--;
    while (b < f.first && DETERMINERS.has(tokens[b]!.lower)) b++;
    if (b < f.first && /^(?:target|targets|benchmark|budget|threshold|requirement|standard)$/.test(tokens[b]!.lower) && !all.some((g) => g.last < f.first && g.first >= b)) return { role: 'benchmark', label: labelOfText(tokens[b]!.lower), ...extra };
  }
  // "up on last year's 61%", "below the previous quarter's 12%": an earlier period's own value
  if (/^(?:'s|’s)$/.test(before[0]?.text ?? '') && /^(?:year|yr|quarter|month|season|week|period)$/.test(before[1]?.lower ?? '') && /^(?:last|previous|prior)$/.test(before[2]?.lower ?? '')) return { role: 'previous', ...extra };
  // "vs 11 last season", "against 7 the year before": a comparison with an earlier period is an earlier value, not a benchmark
  const afterText = after.slice(0, 3).map((t) => t.lower).join(' ');
  if (['against', 'versus', 'vs', 'vs.', 'compared'].includes(near[0]?.lower ?? before[0]?.lower ?? '') && /^(?:last (?:year|yr|season|quarter|qtr|month|mth|week|wk|period|time)|the (?:year|season|quarter|month) before|the (?:previous|prior) (?:year|season|quarter|month)|a year (?:ago|earlier|before)|(?:ly|py|ltm ly)\.?(?: |$)|last(?: [,;.)]|$)|(?:prior|previous) (?:year|yr)|before (?:the )?(?:pandemic|covid|lockdowns?|crisis|recession|downturn)|pre-(?:pandemic|covid|crisis))/.test(afterText)) return { role: 'previous', ...extra };
  // ("against £1.9m in 2023": the level of a year named, when no word of a plan or a target is near it)
  if (['against', 'versus', 'vs', 'vs.', 'compared'].includes(near[0]?.lower ?? before[0]?.lower ?? '') && /^in (?:19|20)\d{2}\b/.test(afterText) && !tokens.some((t) => /^(?:targets?|plan|planned|budget|budgeted|forecasts?|goal|aim|ambition|expected|benchmark|average|peers?)$/.test(t.lower)) && all.some((g) => g.last < f.first)) return { role: 'previous', ...extra };
  // ("31% FY25 vs 35% FY24", "vs 12% in 2023": an earlier period named by its year, when the figure before it names a later one)
  const yearAfter = /^(?:(?:in|for) )?(?:fy ?'?(\d{2,4})|(?:19|20)(\d{2})|[hq][1-4] ?'?(\d{2,4}))\b/i.exec(afterText);
  if (['versus', 'vs', 'vs.'].includes(before[0]?.lower ?? '') && yearAfter) {
    const mine = Number((yearAfter[1] ?? yearAfter[2] ?? yearAfter[3] ?? '').slice(-2));
    const earlierFig = all.filter((g) => g.last < f.first).at(-1);
    const theirs = earlierFig ? /\b(?:fy ?'?(\d{2,4})|(?:19|20)(\d{2})|[hq][1-4] ?'?(\d{2,4}))\b/i.exec(tokens.slice(earlierFig.last + 1, f.first).map((t) => t.text).join(' ')) : null;
    const later = theirs ? Number((theirs[1] ?? theirs[2] ?? theirs[3] ?? '').slice(-2)) : NaN;
    if (Number.isFinite(later) && mine < later) return { role: 'previous', ...extra };
  }
  // benchmarks and targets
  // a label after the figure is its own only when no figure comes between them or right after it ("68% against a target of 85%": the target is 85%)
  // (a figure is a number, a currency sign or a number glued to its scale: "against £2.4m budget")
  const figureToken = (t: Token) => t.type === 'number' || t.type === 'currency' || /^\d/.test(t.text);
  const ownAfter = (k: number) => !after.slice(0, k).some(figureToken) && !tokens.slice(f.last + 2 + k, f.last + 5 + k).some(figureToken);
  // a level the measure must reach to pay its way ("(break-even 88%)"), and a population's average just before the figure in
  // brackets after the measure's own value ("0.9 per million hours (Chilean mining average 1.6)"), are benchmarks
  const breakEven = before[0]?.lower === 'even' && before[1]?.text === '-' && before[2]?.lower === 'break';
  // a level named just before the figure: "(design 92%)", "we planned 18%", "guidance had been $2.10" (after it, "88% of design
  // capacity" and "14% of planned hours" name what the figure is a share of)
  const namedLevel = beforeNear.slice(0, 3).some((t) => /^(?:design|designed|planned|guidance)$/.test(t.lower)) || (beforeNear[0]?.lower === 'want' && /^(?:'d|’d|would|should)$/.test(beforeNear[1]?.lower ?? ''));
  const open = tokens.slice(0, f.first).map((t) => t.text).lastIndexOf('(');
  const bracketAverage = before[0]?.lower === 'average' && open >= 0 && !tokens.slice(open, f.first).some((t) => t.text === ')') && all.some((g) => g.last < open);
  // (a word before the figure that modifies the noun after it names the measure, not a level: "Stocking plan interest £3.1m")
  // (what costs "31% more than two years ago" moved by that much since then)
  if (f.unit === '%' && /^(?:cost|costs)$/.test(tokens.slice(0, f.first).filter((t) => !COST_FILLER.test(t.lower)).at(-1)?.lower ?? '') && /^(?:more|less) than (?:(?:a|one|two|three|four|five|\d+) (?:years?|months?|quarters?|seasons?) ago|last (?:year|season|quarter|month)|(?:in )?(?:19|20)\d{2}|before|a year earlier)\b/.test(after.slice(0, 6).map((t) => t.lower).join(' '))) return { role: 'change', dir: after[0]!.lower === 'more' ? 1 : -1, ...extra };
  // (a level said to be ahead of or behind a plan whose figure is not given is the level, judged against it: "Revenue of
  // £48.3m was ahead of budget", "Sales of £2.1m were behind plan")
  if (/^(?:was|were|is|are|came in|finished|ended|closed)\s+(?:well |slightly |just |comfortably |marginally |a little |)(?:ahead of|behind|above|below|over|under|short of|in line with|on)\s+(?:the |our |its )?(?:full-year |annual |original |revised )?(?:budget|plan|target|forecast|guidance)\b/.test(after.slice(0, 10).map((t) => t.lower).join(' ')) && !all.some((g) => g.first > f.last && g.first < clauseEnd)) return { role: 'current', ...extra };
  const labelWords = [...beforeNear.slice(0, 6).map((t, k) => ({ t, prev: beforeNear[k + 1], own: !(k > 0 && beforeNear.slice(0, k).every((u) => (u.pos === 'NOUN' || u.pos === 'ADJ') && /^\p{Ll}/u.test(u.text) && !BENCHMARK_WORDS.test(u.lower))) })), ...after.slice(0, 7).map((t, k) => ({ t, prev: after[k - 1], own: ownAfter(k) }))].filter(
    ({ t, prev, own }) => own && BENCHMARK_WORDS.test(t.lower) && !properName(tokens, tokens.indexOf(t)) && !(t.lower === 'average' && /^(?:an|on)$/.test(prev?.lower ?? '')) && !(/^(?:typical|normal|usual|average)$/.test(t.lower) && /^(?:day|week|month|year|shift|night|weekend|weekday|quarter|season)$/.test(tokens[tokens.indexOf(t) + 1]?.lower ?? '')) && !(t.lower === 'safe' && !/^(?:level|levels|limit|limits|threshold|maximum|minimum|staffing|capacity|ratio|range|working)$/.test(tokens[tokens.indexOf(t) + 1]?.lower ?? '')) && !(t.lower === 'terms' && /^(?:original|same|new|existing|current|better|worse|improved|revised|agreed|usual|old|similar)$/.test(prev?.lower ?? '')) && !(t.lower === 'terms' && /^(?:within|on|outside|beyond|past)$/.test(prev?.lower ?? '') && !tokens.slice(tokens.indexOf(t) + 1, tokens.indexOf(t) + 3).some((u) => u.type === 'number')) && !(t.lower === 'floor' && /^(?:shop|factory|production|sales|trading|warehouse|plant|ground|first|second|top|dealing)$/.test(tokens[tokens.indexOf(t) - 1]?.lower ?? '')) && !(t.lower === 'sector' && /^(?:public|private|third|voluntary|charity|charitable|not-for-profit|housing|health|care|education|energy|financial|retail|defence|commercial|corporate|nhs|government|industrial|manufacturing|hospitality|leisure)$/.test(tokens[tokens.indexOf(t) - 1]?.lower ?? '')) && !(t.lower === 'policy' && (!/^(?:=|:|of|is|range)$/.test(tokens[tokens.indexOf(t) + 1]?.lower ?? '') || /^(?:per|each|every|a|an)$/.test(prev?.lower ?? ''))) && !(t.lower === 'average' && prev?.lower === 'on') && !(/^(?:budget|plan|target)$/.test(t.lower) && /^(?:on|within|to)$/.test(prev?.lower ?? '') && !tokens.slice(tokens.indexOf(t) + 1, tokens.indexOf(t) + 3).some((u) => u.type === 'number')) && !(t.lower === 'average' && !/^(?:sector|industry|national|market|peer|uk|eu|regional|group|global|european)$/.test(prev?.lower ?? '') && tokens[tokens.indexOf(t) + 1]?.lower !== 'of') && !ownsCount(tokens, tokens.indexOf(t)),
  );
  // "against a sector average of 30%", "above the 75% that investors use", "below our 12% target"
  const windowText = [...beforeNear].reverse().map((t) => t.lower).join(' ');
  // "against a delivery cost of £7.40": what a price or a rate paid is held to, after another level in its clause
  const costOf = /\bagainst (?:a|an|the|our|its|their) ((?:[a-z-]+ ){0,2}(?:cost|costs|price|rate|charge|fee))(?: of| at)?$/.exec(windowText);
  if (costOf && all.some((g) => g.last < f.first)) return { role: 'benchmark', label: costOf[1]!, ...extra };
  // "short of the 33% we guided to", "ahead of the 4% plan"
  // the whole a count is taken from is no level to compare it with: "6 vacancies against a team of 30"
  if (before[0]?.lower === 'of' && /^(?:team|headcount|workforce|fleet|total|base|pool|crew|staff)$/.test(before[1]?.lower ?? '')) return { role: 'current', ...extra };
  // (the level right after "short of", not a noun after it: "short of fitters - 6 vacancies" names no level)
  // (nor a count of people the organization lacks, with no level before it: "Ground handling short of 19 ramp agents")
  const lacking = !f.unit && ['NOUN', 'PROPN', 'ADJ'].includes(after[0]?.pos ?? '') && after.slice(0, 3).some((t) => t.pos === 'NOUN') && !all.some((g) => g.last < f.first) && !BENCHMARK_WORDS.test(after.slice(0, 3).map((t) => t.lower).join(' '));
  const shortOf = !lacking && beforeNear.slice(0, 4).some((t, k) => t.lower === 'of' && /^(?:short|ahead|shy)$/.test(beforeNear[k + 1]?.lower ?? '') && beforeNear.slice(0, k).every((u) => ROLE_SKIP.has(u.lower)));
  const against = shortOf || /\b(?:world - class|world-class|best - in - class|better - run|best-in-class)\b/.test(windowText) || beforeNear.slice(0, 4).some((t) => ['against', 'versus', 'vs', 'vs.'].includes(t.lower)) || ['above', 'below'].includes(beforeNear.find((t) => !ROLE_SKIP.has(t.lower) || t.lower === 'the')?.lower ?? '') || (beforeNear[0]?.lower === 'the' && ['above', 'below'].includes(beforeNear[1]?.lower ?? '')) ||
    // (a level beaten or missed: "98.4%, beating the 97% SLA", "missing the 90% target")
    (beforeNear[0]?.lower === 'the' && /^(?:beating|beat|beats|exceeding|exceeded|exceeds|missing|missed|misses|surpassing|surpassed|topping|topped)$/.test(beforeNear[1]?.lower ?? '') && all.some((g) => g.last < f.first));
  // a level a bracket after the measure's own value names before its figure: "17% (covenant test in the lease portfolio:
  // under 20%)", "(target: 90%)"; "under", "max", "at least" say which side of it the measure must stay
  const opened = open >= 0 && !tokens.slice(open, f.first).some((t) => t.text === ')') ? tokens.slice(open + 1, f.first) : [];
  // (so do others named in it, before their figure: "Gross margin 46% (listed toy makers: ~41%)")
  const othersNamed = /\b(?:listed|peers?|rivals?|competitors?|other|comparable|similar|larger|leading|big|biggest)\b/.test(opened.map((t) => t.lower).join(' '));
  // (and a bound named in it: "(contract max 0.25%)", "(min 95%)")
  const boundNamed = opened.some((t) => /^(?:max|maximum|min|minimum)\.?$/.test(t.lower));
  if (opened.length > 0 && opened.length <= 10 && all.some((g) => g.last < open) && (opened.some((t) => BENCHMARK_WORDS.test(t.lower)) || othersNamed || boundNamed)) {
    const w0 = opened.at(-1)!.lower;
    const w1 = opened.at(-2)?.lower ?? '';
    const stated = /^(?:under|below|max|maximum|within|<|≤)$/.test(w0) || (w0 === 'than' && /^(?:less|fewer)$/.test(w1)) || (w0 === 'most' && w1 === 'at') ? 1 : /^(?:over|above|min|minimum|>|≥)$/.test(w0) || (w0 === 'least' && w1 === 'at') || (w0 === 'than' && w1 === 'more') ? -1 : undefined;
    const label = othersNamed && !opened.some((t) => BENCHMARK_WORDS.test(t.lower)) ? 'peer level' : labelOfText(opened.map((t) => t.lower).join(' '));
    const bound = stated ?? (CEILING.test(label) ? 1 : FLOOR.test(label) ? -1 : undefined);
    return { role: 'benchmark', label, ...(bound ? { bound } : {}), ...extra };
  }
  // ("against 21% two years ago": an earlier period's value, not a benchmark)
  if (against && after.slice(0, 4).some((t) => t.lower === 'ago')) return { role: 'previous', ...extra };
  if (labelWords.length || against || breakEven || bracketAverage || namedLevel) {
    // ("against 1.4 for non-members": another group's level, named by whose it is)
    // (the group runs over its words to its noun, and no further: "against 5 for the leading online retailers")
    let g = 1;
    while (g < 8 && tokens[f.last + 1 + g] && (['NOUN', 'ADJ', 'PROPN', 'DET'].includes(tokens[f.last + 1 + g]!.pos) || tokens[f.last + 1 + g]!.text === '-')) g++;
    const group = tokens.slice(f.last + 2, f.last + 1 + g);
    const forGroup = against && !labelWords.length && after[0]?.lower === 'for' && group.length && (['NOUN', 'PROPN'].includes(group.at(-1)!.pos) || /^[a-z]+-[a-z]+s$/.test(group.at(-1)!.lower)) && !/^(?:the )?(?:(?:same|previous|prior|last|this|next) )?(?:year|period|quarter|month|season|time|week)s?\b/.test(group.map((t) => t.lower).join(' '));
    if (forGroup) return { role: 'benchmark', label: `for ${group.map((t) => t.text).join(' ').replace(/ - /g, '-')}`, ...extra };
    // (a level the organization says it wants is its target: "against the 1% we'd want")
    const wanted = /^(?:we|i)(?: would| ['’]d|['’]d| 'd)? (?:want|like|aim for|expect|hope for)\b/.test(after.map((t) => t.lower).join(' ').replace(/ (['’])d\b/, '$1d'));
    const label = wanted ? 'target' : benchmarkLabel(tokens, f, clauseEnd);
    const bound = CEILING.test(label) ? 1 : FLOOR.test(label) ? -1 : undefined;
    return { role: 'benchmark', label, ...(bound ? { bound } : {}), ...extra };
  }
  // previous values: "from 41%", "up from 66%", "(FY2023: 38.9%; FY2022: 41.0%)", "compared with €2.6m two years ago"
  // "(FY23 £248m)", "(was 71%)", "against 7 in 2023": an earlier period's value ("(LY £389k)": last year's)
  if (tokens[f.first - 2]?.text === '(' && /^(?:fy ?\d{2,4}|(?:19|20)\d{2}|[hq][1-4]|was|were|ly|py|lyr)$/i.test(tokens[f.first - 1]?.lower ?? '')) return { role: 'previous', ...extra };
  // ("(2025: 86%)", "(FY24: 41%)": an earlier year's value in brackets, named with a colon)
  if (tokens[f.first - 1]?.text === ':' && tokens[f.first - 3]?.text === '(' && /^(?:fy ?\d{2,4}|(?:19|20)\d{2})$/i.test(tokens[f.first - 2]?.lower ?? '') && all.some((g) => g.last < f.first - 3)) return { role: 'previous', ...extra };
  // "(31 in 2019)": an earlier year's value in brackets
  if (tokens[f.first - 1]?.text === '(' && after[0]?.lower === 'in' && /^(?:(?:19|20)\d{2}|fy\s?\d{2,4})$/i.test(after[1]?.text ?? '')) return { role: 'previous', ...extra };
  // "(prior year £21k)", "(last year: 12%)", "(H1 last year £40.2m)": the period before named first in brackets
  if (tokens.slice(Math.max(0, f.first - 4), f.first).some((t) => t.text === '(') && /\((?:(?:h[12]|q[1-4]|fy\s?\d{2,4}|ytd|p\d{1,2})\s+)?(?:prior|last|previous) (?:year|yr|period|season)\s*:?\s*$/i.test(tokens.slice(Math.max(0, f.first - 4), f.first).map((t) => t.text).join(' ').replace(/\( /, '('))) return { role: 'previous', ...extra };
  // "Staff turnover is 12%, which is low for the sector (about 30%)": a level in brackets after a word of comparison is the benchmark
  if (tokens[f.first - 1]?.text === '(' || (tokens[f.first - 2]?.text === '(' && /^(?:about|around|c\.|roughly|some|nearly|~)$/i.test(tokens[f.first - 1]?.lower ?? ''))) {
    const open = tokens[f.first - 1]?.text === '(' ? f.first - 1 : f.first - 2;
    const lead = tokens.slice(Math.max(0, open - 4), open).map((t) => t.lower);
    if (lead.some((w) => /^(?:sector|industry|peers?|average|national|benchmark|norm|rivals?|competitors?)$/.test(w))) return { role: 'benchmark', label: lead.find((w) => /^(?:sector|industry|peers?|average|national|benchmark|norm|rivals?|competitors?)$/.test(w))!, ...extra };
  }
  // "(19% LY)", "(£2.1m last year)": the value of the period before, named after it in brackets
  if (tokens[f.first - 1]?.text === '(' && (/^(?:ly|py|py\.|ly\.)$/i.test(after[0]?.lower ?? '') || (/^(?:last|prior|previous)$/.test(after[0]?.lower ?? '') && /^(?:year|yr|season|quarter|month)$/.test(after[1]?.lower ?? '')))) return { role: 'previous', ...extra };
  if (before[0]?.lower === 'against' && after[0]?.lower === 'in' && /^(?:(?:19|20)\d{2}|fy\d{2,4})$/i.test(after[1]?.lower ?? '')) return { role: 'previous', ...extra };
  const w0 = near[0]?.lower;
  const laterCurrent = all.some((g) => g.first > f.last && g.first < clauseEnd + 12);
  if (w0 === 'from' && (laterCurrent || all.some((g) => g.first < f.first))) return { role: 'previous', ...extra };
  const bracketed = tokens.slice(0, f.first).reduce((d, t) => (t.text === '(' ? d + 1 : t.text === ')' ? Math.max(0, d - 1) : d), 0) > 0;
  // ("(Mar 2024: 4,100)", "(last March: 860)", "(prior year: 12%)": a period's label in the bracket)
  if (bracketed && before[0]?.text === ':' && /^(?:(?:fy)?\d{2,4}|[qh][1-4]|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|year|ly|py|prior|previous|before|then|ago)$/i.test(before[1]?.lower ?? '')) return { role: 'previous', ...extra };
  // "compared with a profession-wide figure of around 12%", "against an industry rate of 3%": others' level, named before its "of"
  // (an earlier period's is an earlier value: "compared with a figure of 25% last year")
  const back = tokens.slice(Math.max(0, f.first - 10), f.first).reverse();
  const ofAt = bw[0] === 'of' ? back.findIndex((t) => t.lower === 'of') : -1;
  const cmpAt = ofAt >= 0 ? back.findIndex((t, k) => k > ofAt + 1 && (t.lower === 'against' || (t.lower === 'with' && back[k + 1]?.lower === 'compared'))) : -1;
  if (cmpAt > 0 && back.slice(ofAt + 1, cmpAt).every((t) => /^(?:a|an|the|-)$/.test(t.lower) || t.pos === 'NOUN' || t.pos === 'ADJ' || t.pos === 'PROPN') && /^(?:figure|level|rate|average|score|number|ratio|percentage|proportion)$/.test(back[ofAt + 1]?.lower ?? '') && !/^(?:last|a year|the year|the previous|the prior|in (?:19|20)\d{2}|(?:two|three|\d+) years)/.test(after.slice(0, 3).map((t) => t.lower).join(' '))) {
    const words = back.slice(ofAt + 1, cmpAt).reverse().filter((t) => !/^(?:a|an|the)$/.test(t.lower)).map((t) => t.lower).join(' ').replace(/ - /g, '-');
    return { role: 'benchmark', label: words, ...extra };
  }
  if (w0 === 'with' && before[1]?.lower === 'compared') {
    // "compared with 21% for the group as a whole", "compared with 58 for the network": another's level, not an earlier one
    const scope = after.map((t) => t.text).join(' ');
    // (and "in" a wider whole or a place: "compared with 3.9% in the wider NHS", "… 11% in Scotland", never "in 2023", "in March")
    const place = /^in (?:the )?(?:wider|whole|rest of|sector|industry|market|country|region|nhs|uk|us|eu|peer|comparable|similar|other|national)\b/i.test(scope) || /^in (?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Q[1-4]|H[1-4]|FY)\b)\p{Lu}\p{Ll}/u.test(scope);
    if ((place || /^(?:for|across|among|at) /i.test(scope)) && !/^(?:for|at) (?:the )?(?:(?:same|previous|prior|last) )?(?:year|period|quarter|month|season|time)\b/i.test(scope)) return { role: 'benchmark', label: scope.replace(/\s+'s\b/g, "'s").replace(/[\s.;:,]+$/, ''), ...extra };
    return { role: 'previous', ...extra };
  }
  if (after.slice(0, 3).some((t) => t.lower === 'ago')) return { role: 'previous', ...extra };
  // ", was 55 min LY", "(was 71% last year)": an earlier value, its period named after it
  // (a "was" with no subject of its own after a comma or a bracket: "Availability was 99.95% last year" states this period's value)
  // (and one named by its month, year or quarter when the figure before it in its unit names another: "£61k in October, was £95k in Jan")
  if (/^(?:was|were)$/.test(before[0]?.lower ?? '') && /^[,(;]$/.test(tokens[f.first - 2]?.text ?? '') && after[0]?.lower === 'in' && /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:19|20)\d{2}|[qh][1-4]|fy\s?\d{2,4})\.?$/i.test(after[1]?.text ?? '') && all.some((g) => g.last < f.first - 2 && g.unit === f.unit)) return { role: 'previous', ...extra };
  if (/^(?:was|were)$/.test(before[0]?.lower ?? '') && /^[,(;]$/.test(tokens[f.first - 2]?.text ?? '') && (/^(?:ly|py)\.?$/i.test(after[0]?.text ?? '') || /^(?:last|prior|previous) (?:year|yr|season|quarter|month)|^a year (?:ago|earlier)|^the (?:year|quarter|month|season) before/.test(after.slice(0, 3).map((t) => t.lower).join(' ')) || /^(?:min|mins|minutes|hours?|days?|weeks?|%)$/i.test(after[0]?.text ?? '') && /^(?:ly|py)\.?$/i.test(after[1]?.text ?? ''))) return { role: 'previous', ...extra };
  // "Two years ago it was one in four", "Last year it was 12%": an earlier value, its time named first
  // (never past a comma: "Staff turnover was 27% last year, and sickness absence averaged 11.2 days" is this year's absence)
  // (nor past "and" before a subject of its own: "We were at 41% two years ago and we closed this year at 33%")
  const joined = before.findIndex((t, j) => j > 0 && ((t.text === ',' && /^(?:and|but|while|whereas|whilst)$/.test(before[j - 1]!.lower)) || (/^(?:and|but|while|whereas|whilst)$/.test(t.lower) && /^(?:we|it|they|he|she|i)$/.test(before[j - 1]!.lower))));
  const ownBefore = joined < 0 ? before : before.slice(0, joined);
  if (ownBefore.some((t) => t.lower === 'ago') || (ownBefore.at(-1)?.lower === 'last' && /^(?:year|quarter|month)$/.test(ownBefore.at(-2)?.lower ?? ''))) return { role: 'previous', ...extra };
  // a share followed by its direction and the period it is measured on: "8% up on last year", "3% down on 2024", "6% higher than a year ago"
  if (f.unit === '%' && /^(?:up|down|higher|lower|ahead|behind)$/.test(after[0]?.lower ?? '') && (/^(?:on|vs\.?|versus|than|against|from|year-on-year|yoy)$/.test(after[1]?.lower ?? '') || (/^(?:ahead|behind)$/.test(after[0]!.lower) && after[1]?.lower === 'of')) && /^(?:last|the|a|prior|previous|ly|py|(?:19|20)\d{2}|fy\s?\d{2,4}|same)$/i.test(after[2]?.lower ?? (after[1]?.lower === 'yoy' ? 'yoy' : ''))) return { role: 'change', dir: /^(?:up|higher|ahead)$/.test(after[0]!.lower) ? 1 : -1, ...extra };
  // (and an amount a price is dearer or cheaper by than before: "diesel is 11p a litre dearer than a year ago")
  const perWhat = /^(?:a|an|per)$/.test(after[0]?.lower ?? '') && /^(?:litre|liter|gallon|kilo|kg|tonne|ton|unit|hour|day|night|month|year|head|pallet|mile|kwh|mwh|therm)$/.test(after[1]?.lower ?? '') ? 2 : 0;
  if (/^[£$€p]$|^pence$/.test(f.unit || (tokens[f.last]?.lower ?? '')) && /^(?:dearer|cheaper|higher|lower|more|less)$/.test(after[perWhat]?.lower ?? '') && /^(?:than|on)$/.test(after[perWhat + 1]?.lower ?? '') && /^(?:last|a|the|prior|previous|(?:19|20)\d{2})$/.test(after[perWhat + 2]?.lower ?? '')) return { role: 'change', dir: /^(?:dearer|higher|more)$/.test(after[perWhat]!.lower) ? 1 : -1, ...extra };
  // changes: "rose 18%", "grew by 24%", "fell by 7%", "increase of around 12%"
  // ("we lost 9% of our domestic accounts": a share of a whole, the verb is what happened to it, not a change of the share)
  const shareOfWhole = f.unit === '%' && after[0]?.lower === 'of' && after[1] !== undefined && after[1].type !== 'number' && /^(?:lose|loses|lost|losing)$/.test(before.find((t) => !APPROXIMATE.test(t.lower))?.lower ?? '');
  if (shareOfWhole) return { role: 'current', ...extra };
  // (a word of change inside a hyphenated word names, it does not move: "automatic top-up customers", "a break-down")
  const verb = before.find((t) => (UP_WORDS.has(t.lower) || DOWN_WORDS.has(t.lower) || UP_WORDS.has(t.lemma) || DOWN_WORDS.has(t.lemma)) && !idleParticle(tokens, tokens.indexOf(t)) && !hyphenatedAt(tokens, tokens.indexOf(t)));
  if (verb) {
    const between = before.slice(0, before.indexOf(verb)).map((t) => t.lower);
    const to = between.includes('to') || between.includes('at');
    const dir = UP_WORDS.has(verb.lower) || UP_WORDS.has(verb.lemma) ? 1 : -1;
    // ("lower than the 45% or so that's normal in recruitment": the level compared with, never a move of the figure)
    if (before[0]?.lower === 'the' && before[1]?.lower === 'than' && before[2] === verb && /^(?:lower|higher|greater|smaller)$/.test(verb.lower)) {
      if (/^(?:last|a year|the year|the previous|the prior|in (?:19|20)\d{2})/.test(after.slice(0, 3).map((t) => t.lower).join(' '))) return { role: 'previous', ...extra };
      // (its name may lie in a clause of its own after it, up to the next comma)
      const comma = tokens.findIndex((t, k) => k > f.last && /^[,;.]$/.test(t.text));
      const label = benchmarkLabel(tokens, f, comma < 0 ? tokens.length : comma);
      return { role: 'benchmark', label, ...(CEILING.test(label) ? { bound: 1 as const } : FLOOR.test(label) ? { bound: -1 as const } : {}), ...extra };
    }
    // (an amount moved by before the level it moved to, "fell £2 to £27", and one after the level it moved, "£27, down £2", are changes too)
    // (a duration moves by one unit to another: "up 40 seconds to 4 minutes")
    const toLevel = after[0]?.lower === 'to' && all.some((g) => g.first > f.last && g.first <= f.last + 3 && (g.unit === f.unit || (DURATION_UNITS.has(g.unit) && DURATION_UNITS.has(f.unit))));
    const afterLevel = before[0] === verb && /^(?:up|down)$/.test(verb.lower) && tokens[f.first - 2]?.text === ',' && all.some((g) => g.last < f.first - 2 && g.unit === f.unit);
    // ("is growing at around 7% a year", "shrinking at 2% a year": a rate of growth, its change per period, not a level)
    if (f.unit === '%' && rate && between.includes('at') && /^(?:growing|grow|grows|grew|rising|rises|falling|falls|declining|declines|shrinking|shrinks|expanding|expands|contracting)$/.test(verb.lower)) return { role: 'change', dir, ...extra };
    // (a figure set off by a dash after a movement in words is the level it reached: "went up by a third — 2,400 written complaints")
    // (and so is a share of a whole after a colon: "Digital self-service is rising: 62% of customers now use the app")
    const apposed = (between.some((w) => /^[—–]$/.test(w)) && !['%', 'pt', 'bp'].includes(f.unit)) || (between.includes(':') && after[0]?.lower === 'of');
    if (!to && !apposed && (f.unit === '%' || f.unit === 'pt' || f.unit === 'bp' || between.includes('by') || between.includes('of') || toLevel || afterLevel)) return { role: 'change', dir, ...extra };
  }
  return { role: 'current', ...extra };
}

function phraseFrom(tokens: readonly Token[], from: number, to: number, max: number): string {
  const out: string[] = [];
  for (let k = from; k < to && out.length < max; k++) {
    const t = tokens[k]!;
    // (what a count counts ends where its period begins: "412,000 appointments last year")
    if (t.pos === 'PUNCT' || t.pos === 'ADP' || t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || (out.length && /^(?:last|this|next|per|each|every)$/i.test(t.lower))) break;
    out.push(t.text);
  }
  return out.join(' ');
}

/** The organization named by a common word ("the company", "group"): no one's name for a measure of its own. */
const ORGANIZATION_WORD = /^(?:the )?(?:company|group|business|firm|organi[sz]ation|club|trust|charity|society|partnership|practice)$/i;

/** Whether a capitalised word runs on into a name ("National Living Wage", "Target Corporation"): a word of the name, not a level. */
function properName(tokens: readonly Token[], k: number): boolean {
  const capital = (j: number) => /^\p{Lu}\p{Ll}/u.test(tokens[j]?.text ?? '');
  if (!capital(k)) return false;
  let a = k;
  let b = k;
  while (a > 1 && capital(a - 1)) a--;
  while (capital(b + 1)) b++;
  return b > a && tokens.slice(a, b + 1).some((t) => !BENCHMARK_WORDS.test(t.lower));
}

/** "of our homeware stock" → "homeware stock" */
/** A survey's verb, which the tagger may read as a noun: "79% rate the friendliness of staff as good". */
export const SURVEY_VERB = /^(?:rate|rated|say|said|agree|agreed|feel|felt|think|thought|find|found)$/;

/** Whether a note's label is a statement of its own, a noun and a verb in the present: "Older members value the daytime classes". */
const statementLabel = (tokens: readonly Token[], [s, e]: readonly [number, number]): boolean =>
  tokens.slice(s + 1, e).some((t, j) => (t.pos === 'VERB' || t.pos === 'NOUN') && /^(?:the|a|an|our|their|its|his|her|them|it|us)$/.test(tokens[s + j + 2]?.lower ?? '') && /[^s]s$/.test(tokens[s + j]!.lower) && !/(?:ed|en|ing)$/.test(t.lower) && /^(?:NOUN|PROPN)$/.test(tokens[s + j]!.pos));

function afterOf(tokens: readonly Token[], from: number, to: number): string {
  // (a whole said as a clause is named by its noun: "46% of what we sell" is of sales, "of what we make" of output)
  if (tokens[from]?.lower === 'what') {
    const verb = tokens.slice(from + 1, Math.min(to, from + 4)).find((t) => t.pos === 'VERB')?.lemma ?? '';
    const whole = /^(?:sell|sold)$/.test(verb) ? 'sales' : /^(?:make|made|produce|grow|bake|brew|build|ship|deliver)$/.test(verb) ? 'output' : /^(?:buy|bought|spend|spent)$/.test(verb) ? 'purchases' : '';
    if (whole) return whole;
  }
  const out: string[] = [];
  for (let k = from; k < to && out.length < 5; k++) {
    const t = tokens[k]!;
    // (a gerund before a noun is a word of the whole: "of operating costs", "of marketing spend")
    const modifier = t.pos === 'VERB' && /ing$/.test(t.lower) && ['NOUN', 'PROPN'].includes(tokens[k + 1]?.pos ?? '') && k + 1 < to;
    // (nor an adverb after the whole's noun: "41% of revenue even with the pay award")
    // (and never past a comparison or another figure: "0.7% of parcels vs 0.4% last year" is of parcels)
    if (t.pos === 'PUNCT' || (t.pos === 'VERB' && !modifier) || t.pos === 'AUX' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || (t.pos === 'ADP' && out.length) || (t.pos === 'ADV' && out.length) || t.type === 'number' || t.type === 'currency' || /^(?:vs\.?|v\.?|versus|against|compared)$/.test(t.lower)) break;
    // (and a survey's verb the tagger took for a noun: "88% of over-65s rate them good")
    if (out.length && SURVEY_VERB.test(t.lower)) break;
    // (a rate's "a year" ends the whole: "£2.9m of recurring income a year" is of recurring income)
    if (out.length && /^(?:a|an|per|each|every)$/.test(t.lower) && /^(?:year|month|week|day|quarter|annum)$/.test(tokens[k + 1]?.lower ?? '')) break;
    if (ROLE_SKIP.has(t.lower)) continue;
    out.push(t.text);
  }
  return out.join(' ');
}

/** "a sector average of about 30%" → "sector average"; "the 50 ppm our customers require" → "customer requirement". */
function benchmarkLabel(tokens: readonly Token[], f: RawFigure, clauseEnd: number): string {
  const window = tokens.slice(Math.max(0, f.first - 6), Math.min(clauseEnd, f.last + 8)).map((t) => t.lower);
  return labelOfText(window.join(' '));
}

/** A plan that is a product holds a count, not a planned level: "the plan now has 14,300 members" (its "has" is no "had assumed"). */
function ownsCount(tokens: readonly Token[], k: number): boolean {
  if (!/^(?:plan|plans|scheme)$/.test(tokens[k]!.lower)) return false;
  let j = k + 1;
  while (tokens[j]?.pos === 'ADV') j++;
  return /^(?:has|have|had|covers|counts)$/.test(tokens[j]?.lower ?? '') && tokens[j + 1]?.pos !== 'VERB' && !/^(?:been|assumed|expected|set|budgeted)$/.test(tokens[j + 1]?.lower ?? '');
}

/** A benchmark's name from the words around it (lower case, tokens joined by spaces). */
function labelOfText(words: string): string {
  const text = words.replace(/ - /g, '-');
  if (/\bsafe\b/.test(text)) return 'safe level';
  // (a team's full complement: below it is posts unfilled)
  if (/\bestablishment\b|\bfunded posts\b/.test(text)) return 'establishment';
  if (/\bbreak-even\b|\bbreakeven\b/.test(text)) return 'break-even level';
  if (/\bdesign(?:ed)?\b/.test(text)) return 'design level';
  if (/\bguidance\b/.test(text)) return 'guidance';
  if (/\bplanned\b/.test(text)) return 'plan';
  if (/\bcovenant/.test(text)) return 'covenant';
  if (/\bcontract(?:ual)?\b/.test(text) && /\bmax(?:imum)?\b/.test(text)) return 'contractual maximum';
  if (/\bcontract(?:ual)?\b/.test(text) && /\bmin(?:imum)?\b/.test(text)) return 'contractual minimum';
  // (the hours a contract sets: "against a contracted 37.5")
  if (/\bcontracted\b/.test(text)) return 'contracted level';
  if (/\bcontractual|\bpromise/.test(text)) return 'contractual level';
  if (/\bcharter/.test(text)) return 'charter';
  if (/\bpolicy\b/.test(text)) return 'policy';
  if (/\bappetite\b/.test(text)) return 'appetite';
  if (/\bbudget|\bbud\b/.test(text)) return 'budget';
  // (an average named by whose it is: "a civil service average of 7", "the NHS average")
  const whose = /\b(civil service|public sector|private sector|nhs|uk|england|scotland|wales|eu|european|regional|local authority|council)\s+average\b/.exec(text);
  if (whose) return `${/^(?:nhs|uk|eu)$/.test(whose[1]!) ? whose[1]!.toUpperCase() : whose[1]} average`;
  // (a median is not an average: "the industry median is 78")
  const median = /\b(industry|sector|national|peer|market)\s+median\b/.exec(text);
  if (median) return `${median[1]} median`;
  if (/\bnational\b/.test(text)) return 'national average';
  // (a regulator's floor or ceiling as the evidence names it: "the regulatory minimum for us is 10.5%")
  const regulatory = /\bregulat\w*\s+(minimum|maximum|limit|requirement|floor|threshold)/.exec(text);
  if (regulatory) return `regulatory ${regulatory[1]}`;
  // (the limit as the evidence names it: "an internal ceiling of 2.5" is a ceiling)
  const limit = /\b(limit|cap|ceiling|maximum|minimum|threshold)/.exec(text);
  if (limit) return limit[1]!;
  if (/\brequire/.test(text)) return 'customer requirement';
  if (/\btarget|\btgt\b/.test(text)) return 'target';
  // the benchmark as the evidence names it: "an industry benchmark of 2.5%" is no industry average
  const named = /\b(sector|industry|peer) benchmark\b/.exec(text);
  if (named) return `${named[1]} benchmark`;
  if (/\bsector average|\bsector\b/.test(text)) return 'sector average';
  // (the norm as the evidence names it: "<1% industry norm")
  const norm = /\b(industry|sector|market) norm\b/.exec(text);
  if (norm) return `${norm[1]} norm`;
  if (/\bindustry/.test(text)) return 'industry average';
  if (/\bworld-class|world class/.test(text)) return 'world-class level';
  if (/\bbetter - run|better-run|\bbest\b/.test(text)) return 'level of the better-run peers';
  if (/\bplan\b/.test(text)) return 'plan';
  if (/\bpeers?\b/.test(text)) return 'peer level';
  // "about 2% normal for the segment", "5% is usual for online fashion"
  if (/\b(?:normal|typical|usual|customary)\b/.test(text)) return 'typical level';
  // ("against the 78% standard": the standard the measure is held to)
  if (/\bstandard\b/.test(text)) return 'standard';
  return 'benchmark';
}


// ── clauses ───────────────────────────────────────────────────────────────────────────────────────────

/** Verbs of saying the tagger may read as nouns before "that" ("Management estimates that …"). */
const REPORTING = /^(?:estimates|says|thinks|believes|expects|reports|notes|argues|suggests|reckons|claims)$/;

/** Words that start a clause of their own ("Revenue was flat while material costs rose 9%"). */
const CLAUSE_WORDS: ReadonlySet<string> = new Set(['while', 'whilst', 'whereas', 'but', 'although', 'though', 'yet']);
/** Words that open a subordinate clause when a subject and its verb follow them ("as residual values dropped"). */
const SUBORDINATORS: ReadonlySet<string> = new Set(['as', 'because', 'since', 'after', 'so']);
/** Verbs that link a measure to its value: the subject is the measure ("Fuel was £41m", "Occupancy averaged 94%"). */
const LINKING: ReadonlySet<string> = new Set([
  'be', 'is', 'are', 'was', 'were', 'been', 'being', 'stand', 'stands', 'stood', 'average', 'averages', 'averaged', 'reach', 'reaches', 'reached',
  'total', 'totals', 'totalled', 'totaled', 'hit', 'hits', 'remain', 'remains', 'remained', 'stay', 'stays', 'stayed', 'hold', 'holds', 'held',
  'run', 'runs', 'ran', 'finish', 'finished', 'finishes', 'end', 'ended', 'come', 'comes', 'came', 'cost', 'costs', 'account', 'accounts', 'accounted', 'make', 'makes', 'made', 'represent',
  'represents', 'represented', 'sit', 'sits', 'sat', 'climb', 'climbs', 'climbed', 'lengthen', 'lengthens', 'lengthened',
  'shorten', 'shortens', 'shortened', 'halve', 'halved', 'double', 'doubled', 'improve', 'improved', 'worsen', 'worsened', 'deteriorate',
  'deteriorated', 'widen', 'widened', 'narrow', 'narrowed', 'jump', 'jumped', 'slip', 'slipped', 'go', 'goes', 'went', 'score', 'scores', 'scored',
  'equal', 'equals', 'exceed', 'exceeds', 'exceeded', 'peak', 'peaked', 'settle', 'settled', 'recover', 'recovered', 'increase', 'increased',
  'increases', 'decrease', 'decreased', 'rise', 'rises', 'rose', 'risen', 'fall', 'falls', 'fell', 'fallen', 'grow', 'grows', 'grew', 'grown',
  'drop', 'drops', 'dropped', 'decline', 'declines', 'declined', 'ease', 'eased', 'soar', 'soared', 'edge', 'edged', 'tick', 'ticked', 'rate', 'rated',
]);
/** Words of a verb group before its main verb ("will double", "has been asked to quote", "now take"). */
const VERB_GROUP: ReadonlySet<string> = new Set(['to', 'will', 'would', 'could', 'should', 'may', 'might', 'must', 'can', 'has', 'have', 'had', 'been', 'be', 'is', 'are', 'was', 'were', 'not', 'now', 'only', 'also', 'still', 'already', 'just', 'again', 'further']);
/** Verbs of winning: their object is what was won ("won a £9m doctoral training centre", "secured a £12m framework"). */
const WIN_VERBS = /^(?:won|win|wins|secured|secure|secures|landed|awarded|signed)$/;
/** The words right after a sum that was won, up to a preposition or punctuation, ending in a noun ("cleaning contract"). */
function wonPhrase(tokens: readonly Token[], from: number, end: number): [number, number] | undefined {
  let k = from;
  while (k < end && k < from + 5 && tokens[k]!.type === 'word' && !['ADP', 'DET', 'PUNCT', 'CCONJ', 'SCONJ', 'PRON', 'AUX'].includes(tokens[k]!.pos)) k++;
  return k > from && tokens[k - 1]!.pos === 'NOUN' ? [from, k] : undefined;
}
/** What refers back to a measure named before ("it now costs 31p", "which rose from 2.1% to 3.4%"). */
const REFERRING: ReadonlySet<string> = new Set(['it', 'this', 'that', 'which', 'these', 'they', 'those']);
/** Who acts rather than what is measured: the measure is then the verb's object ("we have 38 open engineering roles"). */
const ACTORS: ReadonlySet<string> = new Set(['we', 'i', 'you', 'he', 'she', 'us', 'the business', 'the company', 'the group', 'the firm', 'the organisation', 'the organization', 'management', 'the team']);
const NP_ADPOSITIONS: ReadonlySet<string> = new Set(['of', 'for', 'in', 'into', 'per', 'across', 'among', 'at', 'on', 'within', 'from', 'to', 'through', 'via', 'between', 'with']);
const DETERMINERS: ReadonlySet<string> = new Set(['c.', 'ca.', 'approx.', 'i.e.', 'e.g.', 'ie', 'eg', '~', 'the', 'a', 'an', 'our', 'their', 'its', 'his', 'her', 'my', 'your', 'this', 'that', 'these', 'those', 'all', 'both', 'each', 'every', 'some', 'any', 'only', 'about', 'around', 'roughly', 'nearly', 'almost', 'approximately']);

/** A speaker's label that opens a line of a transcript ("SK:", "A:", "IV:"): not a word of the sentence. */
const speakerLabel = (tokens: readonly Token[], k: number) => k <= 1 && /^[A-Z]{1,3}$/.test(tokens[k]!.text) && tokens[k + 1]?.text === ':';

/** Whether the token at `k` is a verb: by its part of speech (a word inside a hyphenated name is not), or as a linking verb the tagger missed. */
export function isVerbAt(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k];
  if (!t || t.type === 'number') return false;
  if (['a', 'an', 'the'].includes(tokens[k - 1]?.lower ?? '')) return false; // "an increase", "the cost"
  if (tokens[k - 1]?.text === '-' || tokens[k + 1]?.text === '-') return false; // "did-not-attend"
  // "Staff costs 68% of spend": a noun before its figure, not a verb ("it now costs 31p", "will cost £1.1m")
  if ((t.lower === 'cost' || t.lower === 'costs') && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[k - 1]?.pos ?? '') && (tokens[k + 1]?.type === 'number' || tokens[k + 1]?.type === 'currency')) return false;
  // ("Average client spend £58": "spend" after a singular noun and before its amount is the measure's noun; "customers spend £58" is a verb)
  if (t.lower === 'spend' && tokens[k - 1]?.pos === 'NOUN' && !/s$/.test(tokens[k - 1]!.lower) && (tokens[k + 1]?.type === 'currency' || /^[£$€]/.test(tokens[k + 1]?.text ?? ''))) return false;
  // "catering spend per passenger £4.20": a rate's noun the tagger reads as a verb, before its "per", is no verb
  if (t.pos === 'VERB' && tokens[k + 1]?.lower === 'per' && ['NOUN', 'PROPN', 'ADJ', 'VERB'].includes(tokens[k - 1]?.pos ?? '')) return false;
  // "margin steady at 12%", "foot passengers flat at 1.1m": a note's word of no change before its level stands for its verb
  if (/^(?:flat|steady|unchanged|stable|static)$/.test(t.lower) && tokens[k + 1]?.lower === 'at' && (tokens[k + 2]?.type === 'number' || tokens[k + 2]?.type === 'currency' || /^(?:about|around|roughly|c\.|~)$/.test(tokens[k + 2]?.lower ?? ''))) return true;
  if (t.pos === 'VERB' || t.pos === 'AUX') return true;
  // ("Crane Street on its own lost £310k": a past verb of money before its amount, whatever the tagger took it for)
  if (/^(?:lost|made|earned|generated|spent|saved|raised)$/.test(t.lower) && (tokens[k + 1]?.type === 'currency' || /^[£$€]/.test(tokens[k + 1]?.text ?? '')) && ['NOUN', 'PROPN', 'ADJ', 'PRON'].includes(tokens[k - 1]?.pos ?? '')) return true;
  // ("Warranty claims cost us £1.2m": "cost" before whom it cost and an amount is the verb, whatever the tagger took it for)
  if (/^(?:cost|costs)$/.test(t.lower) && /^(?:us|them|it|the|our)$/.test(tokens[k + 1]?.lower ?? '') && tokens.slice(k + 2, k + 5).some((u) => u.type === 'currency' || /^[£$€]/.test(u.text))) return true;
  // ("conversion rate 2.1%", "repeat purchase rate 38%": a rate's own noun before its level, unless people rate: "guests rate it 4.6")
  if (t.lower === 'rate' && !/^(?:guests|customers|clients|parents|patients|users|respondents|members|staff|people|students|pupils|tenants|residents|visitors|passengers|employees|buyers|shoppers|they|we)$/.test(tokens[k - 1]?.lower ?? '')) return false;
  return LINKING.has(t.lower) && (t.pos === 'NOUN' || t.pos === 'ADJ') && ['NOUN', 'PROPN', 'PRON'].includes(tokens[k - 1]?.pos ?? '') && tokens[k + 1]?.type === 'number';
}

/** Whether a new subject and verb follow position `i` (a noun or pronoun, then a verb, before any figure). */
function newClauseAfter(tokens: readonly Token[], i: number, end: number): boolean {
  let noun = false;
  // (a subject can run to a dozen words: "and customer satisfaction in the latest C-MeX survey rose to 78")
  for (let k = i + 1; k < Math.min(end, i + 14); k++) {
    // (a bracket inside the subject says who it is and is passed over: "because two pub groups (Stonegate and a smaller chain) delisted …")
    if (tokens[k]!.text === '(' && noun) {
      const close = tokens.findIndex((u, j) => j > k && u.text === ')');
      if (close > k && close < end) {
        k = close;
        continue;
      }
    }
    const t = tokens[k]!;
    // a count can open a subject ("and 1 in 4 calls went unanswered"), and so can a share of people with its verb ("and only 8%
    // are under 35"); a value with its unit cannot ("2.1 months of spend")
    // (after a determiner the value is a modifier inside the subject: "and the €25m facility was 82% drawn")
    const modifier = !UNIT[tokens[k + 1]?.lower ?? ''] && (DETERMINERS.has(tokens[k - 1]?.lower ?? '') || (tokens[k - 1]?.type === 'currency' && DETERMINERS.has(tokens[k - 2]?.lower ?? '')));
    if (t.type === 'number' && !modifier && (UNIT[tokens[k + 1]?.lower ?? ''] || MAGNITUDE[tokens[k + 1]?.lower ?? ''] || tokens[k - 1]?.type === 'currency') && !(tokens[k + 1]?.text === '%' && (tokens[k + 2]?.lower === 'of' || ['AUX', 'VERB'].includes(tokens[k + 2]?.pos ?? '')))) return false;
    // (an "and" before a verb further on joins two verbs of the clause before, so the first "and" joined two nouns of it:
    // "… is consolidating HR and payroll on one supplier next year and would consider coming back")
    if ((t.lower === 'and' || t.lower === 'or') && ['AUX', 'VERB'].includes(tokens[k + 1]?.pos ?? '')) return false;
    // ("…, and agency crew cost £2.4m": "cost" after a subject and before an amount is the new clause's verb)
    if (noun && /^costs?$/.test(t.lower) && (tokens[k + 1]?.type === 'currency' || /^[£$€]/.test(tokens[k + 1]?.text ?? ''))) return true;
    if (t.type === 'number' || t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON') noun = true;
    // (a gerund that opens the subject is a noun of it: "…, and hiring qualified staff takes about five months")
    else if (!noun && k === i + 1 && /^(?:and|but|while|whereas)$/.test(tokens[i]!.lower) && t.pos === 'VERB' && /ing$/.test(t.lower) && ['NOUN', 'ADJ'].includes(tokens[k + 1]?.pos ?? '')) noun = true;
    else if (isVerbAt(tokens, k)) return noun;
    else if (t.pos === 'PUNCT' && t.text !== '-' && t.text !== "'") return false;
  }
  return false;
}

/**
 * The clauses of a sentence, as token ranges [start, end): cut at ";", before "while", "whereas", "but",
 * "although", "though", "yet", and at "and", a comma or a colon before a new subject and verb; never inside
 * brackets ("(FY2023: 38.9%; FY2022: 41.0%)" stays with its figure).
 */
export function clauseSpans(tokens: readonly Token[]): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  let depth = 0;
  let verb = false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth = Math.max(0, depth - 1);
    if (depth > 0 || speakerLabel(tokens, k) || (k > 0 && speakerLabel(tokens, k - 1))) continue;
    let cut: number | undefined;
    if (t.text === ';') cut = k;
    else if (CLAUSE_WORDS.has(t.lower) && k > start && t.pos !== 'ADV' && !(/^(?:though|yet)$/.test(t.lower) && /^[,;:.!?)]?$/.test(tokens[k + 1]?.text ?? '') && (tokens[k + 1] === undefined || tokens[k + 1]!.pos === 'PUNCT'))) cut = k;
    // "even as" and "even though" open a clause of their own ("Energy costs rose 25% even as emissions fell 7%")
    else if (t.lower === 'even' && ['as', 'though', 'while', 'if'].includes(tokens[k + 1]?.lower ?? '') && k > start && verb) cut = k;
    // (a hyphen with a space either side is a dash: "… are behind it - their price goes up 9%")
    // (but not before the speaker's own "we" or "I", which goes on about the clause before: "Storage is fine - we can hold 24,000 tonnes")
    const dash = (t.text === '—' || t.text === '–' || (t.text === '-' && k > 0 && tokens[k - 1]!.end < t.start && (tokens[k + 1]?.start ?? 0) > t.end)) && !/^(?:we|i)$/.test(tokens[k + 1]?.lower ?? '');
    // (not "and" that joins two subjects of one verb: "the broker panel tells us Admiral and Direct Line have both cut rates")
    const joint = t.lower === 'and' && tokens[k - 1]?.pos === 'PROPN' && tokens.slice(k + 1, k + 6).some((u, n) => isVerbAt(tokens, k + 1 + n) && /^(?:both|each|together|jointly)$/.test(tokens[k + 2 + n]?.lower ?? ''));
    // (nor one after a lone first word the tagger reads as a verb: "Damp and mould cases rose to 412", "3.3 Slips and trips …")
    const lone = t.lower === 'and' && tokens.slice(start, k).filter((u) => u.pos !== 'PUNCT' && u.type !== 'number').length === 1 && isNounish(tokens[k + 1] ?? t);
    if (cut === undefined && !joint && !lone && (t.lower === 'and' || t.text === ',' || t.text === ':' || dash) && verb && newClauseAfter(tokens, k, tokens.length)) cut = k;
    // a subordinate clause with a subject and verb of its own ("Losses reached €6.1m as residual values dropped", "… so funding costs will rise")
    // (a note's clause may have a figure and no verb: "overtime £0.8m YTD against £0.5m plan as rotas slipped")
    else if (SUBORDINATORS.has(t.lower) && k > start && (verb || tokens.slice(start, k).some((u) => u.type === 'number')) && newClauseAfter(tokens, k, tokens.length)) cut = k;
    if (cut !== undefined) {
      if (cut > start) spans.push([start, cut]);
      // the separator belongs to neither clause; a clause word ("while") starts the next
      start = CLAUSE_WORDS.has(t.lower) || SUBORDINATORS.has(t.lower) || t.lower === 'even' ? k : k + 1;
      verb = false;
      continue;
    }
    // (the verb of a measure's own name is no clause's verb: "Average days to invoice after a job stood at 19")
    // (nor the noun of a rate the tagger reads as a verb: "spend per head on food and drink rose 11%")
    if (isVerbAt(tokens, k) && !(tokens[k - 1]?.lower === 'to' && TO_DO_HEAD.test(tokens[k - 2]?.lower ?? '')) && tokens[k + 1]?.lower !== 'per') verb = true;
  }
  if (start < tokens.length) spans.push([start, tokens.length]);
  return spans.filter(([s, e]) => tokens.slice(s, e).some((t) => t.pos !== 'PUNCT'));
}

// ── the measure a figure belongs to ───────────────────────────────────────────────────────────────────

export type BindingKind = 'subject' | 'label' | 'share' | 'count' | 'refers' | 'actor';

export interface Binding {
  /** how the figure is bound: the subject of its verb, a note's label, the population a share counts, what an actor counts, a word that refers back, an actor's object */
  kind: BindingKind;
  /** the noun phrase (token range [start, end)), empty for `refers` */
  start: number;
  end: number;
  /**
   * who or where the measure is of, when the phrase names the measure after its figure: the subject that took
   * the calls ("the helpline" of "took 41,000 calls"), the place of a share ("the two golf resorts" of "ran at 52% occupancy")
   */
  of?: [number, number];
  /** how `of` joins the measure's name ("occupancy at the two golf resorts", "combined ratio for home") */
  prep?: 'at' | 'for';
  /** the verb of the clause that carries the figure, if any */
  verb?: number;
  /** a share of a whole that the verb says what happened to ("we lost 9% of our accounts"): named with the verb, "accounts lost" */
  taken?: true;
}

const isNounish = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ' || (t.pos === 'NUM' && t.type !== 'number') || (t.pos === 'X' && /^\p{L}/u.test(t.text));
/** A period written as a word of a label ("Deficit FY24/25:", "Revenue FY24", "Churn Q1"): not part of the measure's name. */
const periodAt = (tokens: readonly Token[], k: number) => {
  const t = tokens[k]!;
  if (/^(?:fy ?\d{2,4}|[qh][1-4]|(?:19|20)\d{2})$/i.test(t.text)) return true;
  if (t.text === '/' && /\d/.test(tokens[k - 1]?.text ?? '')) return true;
  return /^\d{2}$/.test(t.text) && tokens[k - 1]?.text === '/';
};

/** A word glued to a hyphen is part of its hyphenated word, whatever the tagger says ("did-not-attend rate"). */
const hyphenated = (tokens: readonly Token[], k: number) => {
  const t = tokens[k];
  if (!t) return false;
  return (tokens[k + 1]?.text === '-' && tokens[k + 1]!.start === t.end) || (tokens[k - 1]?.text === '-' && tokens[k - 1]!.end === t.start);
};
/** A participle that belongs to its noun phrase ("cost per premise passed", "people leaving supported housing"). */
const participleAt = (tokens: readonly Token[], k: number) => {
  const t = tokens[k]!;
  const next = tokens[k + 1];
  if (t.pos !== 'VERB' || !/(?:ed|ing)$/.test(t.lower) || !tokens[k - 1] || !isNounish(tokens[k - 1]!) || tokens[k - 1]!.pos === 'ADJ') return false;
  // a finite verb takes its complement ("income halved to £0.6m"); a participle is followed by its phrase or the clause's verb
  return !next || !(['to', 'by', 'from', 'at', 'for', 'in', 'over', 'on', 'with'].includes(next.lower) || next.type === 'number' || next.type === 'currency');
};

/** The noun phrase that ends just before `end` (token index, exclusive), back to `floor`, with its prepositional phrases. */
/** The head of a measure of what it costs, or how long it takes, to do something: "cost to serve", "days to pay". */
const TO_DO_HEAD = /^(?:cost|costs|time|times|days|weeks|hours|months|minutes)$/;

/** Whether token k opens its phrase: at the floor, or after a number or a mark (a note's number, a bullet, a colon). */
function phraseOpens(tokens: readonly Token[], k: number, floor: number): boolean {
  return k === floor || tokens[k - 1]!.type === 'number' || tokens[k - 1]!.pos === 'PUNCT' || tokens[k - 1]!.pos === 'SYM';
}

function phraseBefore(tokens: readonly Token[], end: number, floor: number): [number, number] | undefined {
  let k = end - 1;
  for (;;) {
    // (and a closing quotation mark: "\"Tidebreaker\" sold 1.9 million copies")
    while (k >= floor && (tokens[k]!.pos === 'ADV' || [',', ':', '=', '"', '”'].includes(tokens[k]!.text) || periodAt(tokens, k))) k--;
    // "Digital FNOL (first notice of loss online) = 35%": the phrase before its explanation in brackets
    if (k >= floor && tokens[k]!.text === ')') {
      let depth = 0;
      for (; k >= floor; k--) {
        if (tokens[k]!.text === ')') depth++;
        else if (tokens[k]!.text === '(' && --depth === 0) break;
      }
      k--;
      continue;
    }
    break;
  }
  // ("Arrears of three months or more are 0.84%": an age that qualifies the head, with its "or more", is a word of its name)
  if (k - 2 >= floor && /^(?:more|longer|over|above|older)$/.test(tokens[k]!.lower) && tokens[k - 1]!.lower === 'or' && /^(?:days?|weeks?|months?|years?|hours?)$/.test(tokens[k - 2]!.lower)) {
    let s = k - 3;
    while (s >= floor && (tokens[s]!.type === 'number' || tokens[s]!.pos === 'NUM' || WORD_NUMBERS[tokens[s]!.lower] !== undefined)) s--;
    if (s > floor && s < k - 3 && /^(?:of|over|for|past)$/.test(tokens[s]!.lower) && isNounish(tokens[s - 1]!)) {
      const head = phraseBefore(tokens, s, floor);
      if (head) return [head[0], k + 1];
    }
  }
  // ("Adults over 75 make up 12% of our patients": an age after people is a word of their name)
  if (k - 2 >= floor && tokens[k]!.type === 'number' && /^\d{1,3}$/.test(tokens[k]!.text) && /^(?:over|under|aged|above|below)$/.test(tokens[k - 1]!.lower) && AGED_PEOPLE.test(tokens[k - 2]!.lower)) {
    const head = phraseBefore(tokens, k - 1, floor);
    if (head) return [head[0], k + 1];
  }
  // (a participle with its particle names what is counted: "Stock written off was 7.5% of purchases", "cash paid out")
  const particle = k - 1 >= floor && /^(?:off|out|over|away|back|down|up)$/.test(tokens[k]!.lower) && /(?:ed|en|ten|wn|id|ut|ld|nt)$/.test(tokens[k - 1]!.lower) && tokens[k - 2] !== undefined && (isNounish(tokens[k - 2]!) || (k - 2 === floor && /^\p{Lu}\p{Ll}+$/u.test(tokens[k - 2]!.text)));
  const last = k;
  let start = -1;
  if (particle) {
    start = k - 2;
    k -= 3;
  }
  for (; k >= floor; k--) {
    const t = tokens[k]!;
    // the scale or unit of a figure ("£410m", "12 ppm") is part of the figure, not of a phrase
    // (but a time it is measured within, or past, is a word of the name: "Repairs completed within 28 days were 91%", "arrears
    // over 30 days rose to 4.8%")
    if (tokens[k - 1]?.type === 'number' && (MAGNITUDE[t.lower] !== undefined || UNIT[t.lower] !== undefined) && !(/^(?:within|inside|over|beyond|past)$/.test(tokens[k - 2]?.lower ?? '') && DURATION_UNITS.has(UNIT[t.lower] ?? '') && k - 2 > floor)) break;
    // (and so is a share written in words: "Forty per cent of our drivers are over 55" names the drivers)
    if (/^(?:percent|cent)$/.test(t.lower) && percentAt(tokens, k)) break;
    const ok =
      isNounish(t) ||
      // ("Average client spend £58": the measure's noun the tagger reads as a verb, before its amount)
      (t.lower === 'spend' && k === last && !isVerbAt(tokens, k)) ||
      (t.pos === 'VERB' && start >= 0 && (tokens[k + 1]?.pos === 'NOUN' || tokens[k + 1]?.pos === 'PROPN') && k + 1 < end) ||
      // ("Our burn multiple is 1.9": a noun the tagger reads as a verb before a head it reads as an adjective, after "our" or "the")
      (t.pos === 'VERB' && start === k + 1 && k + 1 === last && tokens[k + 1]!.pos === 'ADJ' && /^(?:our|the|its|their)$/.test(tokens[k - 1]?.lower ?? '')) ||
      (hyphenated(tokens, k) && t.type === 'word') ||
      (t.text === '-' && hyphenated(tokens, k - 1) && hyphenated(tokens, k + 1)) ||
      t.text === "'s" ||
      t.text === '’s' ||
      t.text === '&' ||
      (t.type === 'number' && DETERMINERS.has(tokens[k - 1]?.lower ?? '')) ||
      // ("the top 500 lines": a rank that qualifies the head is a word of its name)
      (t.type === 'number' && /^(?:top|first|last|largest|biggest)$/.test(tokens[k - 1]?.lower ?? '')) ||
      // "Mortgages more than three months in arrears", "invoices over 90 days old": an age or a size that qualifies the head is a word of its name
      ((t.type === 'number' || t.pos === 'NUM') && start >= 0 && /^(?:than|over|under|within|inside)$/.test(tokens[k - 1]?.lower ?? '') && k - 1 > floor) ||
      (t.lower === 'than' && start >= 0 && /^(?:more|less|fewer|older|longer)$/.test(tokens[k - 1]?.lower ?? '') && k - 1 > floor) ||
      (/^(?:more|less|fewer|older|longer)$/.test(t.lower) && start >= 0 && tokens[k + 1]?.lower === 'than' && k > floor && isNounish(tokens[k - 1]!)) ||
      (/^(?:over|under)$/.test(t.lower) && start >= 0 && (tokens[k + 1]?.type === 'number' || tokens[k + 1]?.pos === 'NUM') && k > floor && isNounish(tokens[k - 1]!)) ||
      // "Complaints per 100,000 customers": the count a rate is taken per is a word of its name
      (t.type === 'number' && tokens[k - 1]?.lower === 'per' && start >= 0 && k - 1 > floor) ||
      DETERMINERS.has(t.lower) ||
      (NP_ADPOSITIONS.has(t.lower) && k > floor && isNounish(tokens[k - 1]!) && start >= 0) ||
      // ("Repairs completed within 28 days were 91%": a participle and its time are words of the name)
      (NP_ADPOSITIONS.has(t.lower) && /^(?:within|in|on|by|inside|under)$/.test(t.lower) && k > floor + 1 && start >= 0 && tokens[k - 1]!.pos === 'VERB' && /(?:ed|en|wn)$/.test(tokens[k - 1]!.lower) && isNounish(tokens[k - 2]!) && (tokens.slice(k + 1, start + 1).some((u) => u.type === 'number') || /^(?:time|schedule|budget|target|full|spec)$/.test(tokens[k + 1]?.lower ?? ''))) ||
      (t.pos === 'VERB' && /(?:ed|en|wn)$/.test(t.lower) && start >= 0 && /^(?:within|in|on|by|inside|under)$/.test(tokens[k + 1]?.lower ?? '') && k > floor && isNounish(tokens[k - 1]!) && (tokens.slice(k + 2, start + 1).some((u) => u.type === 'number') || /^(?:time|schedule|budget|target|full|spec)$/.test(tokens[k + 2]?.lower ?? ''))) ||
      // ("contribution margin after marketing is 9.4%", "profit before tax": what a margin is taken after is a word of its name)
      (/^(?:after|before|excluding|ex|less)$/.test(t.lower) && k > floor && isNounish(tokens[k - 1]!) && start === k + 1 && /^(?:marketing|tax|taxes|interest|costs?|fees|depreciation|overheads|rent|exceptionals?|discounts?|returns|fulfilment|delivery|shipping|commission|acquisition)$/.test(tokens[k + 1]?.lower ?? '')) ||
      // "profit before tax", "earnings before interest": what the measure is taken before is a word of its name
      (/^(?:before|after|excluding|ex)$/.test(t.lower) && start >= 0 && /^(?:tax|taxes|interest|depreciation|exceptionals?|exceptional|one-offs?|fx|leases?)$/.test(tokens[k + 1]?.lower ?? '') && k > floor && isNounish(tokens[k - 1]!)) ||
      // "Fertiliser spend per hectare", "Hours sold per technician": a rate's noun the tagger reads as a verb, and its "per"
      // (and at the phrase's start: "Falls per 1,000 bed days rose …")
      // (or after a conjunction: "…, but spend per head on food and drink rose 11%")
      (t.lower === 'per' && start >= 0 && k - 1 >= floor && tokens[k - 1]!.pos === 'VERB' && (k - 1 === floor || isNounish(tokens[k - 2]!) || ['CCONJ', 'SCONJ', 'PUNCT'].includes(tokens[k - 2]!.pos))) ||
      (t.pos === 'VERB' && start >= 0 && tokens[k + 1]?.lower === 'per' && (k === floor || isNounish(tokens[k - 1]!) || ['CCONJ', 'SCONJ', 'PUNCT'].includes(tokens[k - 1]!.pos))) ||
      (t.lower === 'and' && k > floor && isNounish(tokens[k - 1]!) && start >= 0 && isNounish(tokens[k + 1] ?? t)) ||
      // (a first word the tagger reads as a verb or an adjective, coordinated at the phrase's start: "Damp and mould cases", "Slips and trips")
      (t.lower === 'and' && start >= 0 && isNounish(tokens[k + 1] ?? t) && k - 1 >= floor && ['VERB', 'ADJ'].includes(tokens[k - 1]!.pos) && phraseOpens(tokens, k - 1, floor)) ||
      (['VERB', 'ADJ'].includes(t.pos) && start === k + 1 && tokens[k + 1]?.lower === 'and' && phraseOpens(tokens, k, floor)) ||
      // ("spend per head on food and drink": what a rate is spent on is a word of its name)
      (/^(?:on|for)$/.test(t.lower) && start >= 0 && k - 2 > floor && isNounish(tokens[k - 1]!) && tokens[k - 2]!.lower === 'per') ||
      (participleAt(tokens, k) && (start >= 0 || k === end - 1)) ||
      // a noun the tagger reads as a verb, right before the clause's verb ("Gross logo churn rose to 14%")
      (t.pos === 'VERB' && k === end - 1 && isVerbAt(tokens, end) && isNounish(tokens[k - 1] ?? t) && k - 1 >= floor) ||
      // "Cost to serve per order", "Time to hire": a measure of cost or time to do something is named with its verb
      (t.pos === 'VERB' && start >= 0 && tokens[k - 1]?.lower === 'to' && k - 2 >= floor && TO_DO_HEAD.test(tokens[k - 2]!.lower)) ||
      (t.lower === 'to' && start >= 0 && tokens[k + 1]?.pos === 'VERB' && k - 1 >= floor && TO_DO_HEAD.test(tokens[k - 1]!.lower)) ||
      (/^(?:per|after|before|from)$/.test(t.lower) && start >= 0 && tokens[k - 1]?.pos === 'VERB' && tokens[k - 2]?.lower === 'to' && k - 3 >= floor && TO_DO_HEAD.test(tokens[k - 3]!.lower)) ||
      // "the average time from order to install": a verb after "to" inside the phrase
      (t.pos === 'VERB' && tokens[k - 1]?.lower === 'to' && k === end - 1 - (tokens[end - 1]?.pos === 'ADV' ? 1 : 0));
    if (!ok || speakerLabel(tokens, k)) break;
    start = k;
  }
  if (start < 0 || last < start) return undefined;
  // trim articles and prepositions at either end
  let s = start;
  let e = last + 1;
  // (an adposition glued to a hyphen is a word of the name: "on-time performance")
  while (s < e && (DETERMINERS.has(tokens[s]!.lower) || (NP_ADPOSITIONS.has(tokens[s]!.lower) && !hyphenated(tokens, s)) || tokens[s]!.text === "'s")) s++;
  while (e > s && (DETERMINERS.has(tokens[e - 1]!.lower) || NP_ADPOSITIONS.has(tokens[e - 1]!.lower) || tokens[e - 1]!.lower === 'and')) e--;
  if (!tokens.slice(s, e).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'X' || (t.pos === 'ADJ' && (e - s === 1 || (e - s === 2 && tokens[s]!.pos === 'VERB')))) && !(particle && s === start)) return undefined;
  return [s, e];
}

/**
 * The label of a note, read whole: everything before its colon, from the line's first word ("Satisfaction with the
 * service overall: 61%", "Complaints per 1,000 customers: 62"), when it is a short phrase with a noun and no verb
 * of its own (a word the tagger reads as a verb inside a hyphenated word counts as part of the phrase).
 */
function noteLabel(tokens: readonly Token[], cs: number, labelEnd: number): [number, number] | undefined {
  let colon = labelEnd;
  let s = cs;
  while (s < colon && (tokens[s]!.pos === 'PUNCT' || speakerLabel(tokens, s) || (s === cs + 1 && speakerLabel(tokens, cs)) || (s === cs && /^[•·▪◦‣∙*]$/.test(tokens[s]!.text)))) s++;
  // a bracket that defines the label ends it: "Punctuality (departing no more than 1 min early): 81%"
  const open = tokens.slice(s, colon).findIndex((t) => t.text === '(');
  const defined = open > 0 && tokens[colon - 1]!.text === ')' && !tokens.slice(s + open + 1, colon - 1).some((t) => t.text === '(' || t.text === ')');
  if (defined) colon = s + open;
  // (one word names a measure only when a bracket defines it: "Headline:" and "Note:" name none)
  if (colon - s < (defined ? 1 : 2) || colon - s > 8) return undefined;
  const span = tokens.slice(s, colon);
  // (the tagger reads some nouns of a label as verbs: its first and last words, "Agency staff spend:", and a participle
  // before a noun, "per 1,000 occupied bed days", are words of the phrase)
  const verbal = span.some((t, j) => (t.pos === 'AUX' || (t.pos === 'VERB' && !hyphenated(tokens, s + j) && !participleAt(tokens, s + j) && j !== 0 && j !== span.length - 1 && !(/ed$/.test(t.lower) && (span[j + 1]?.pos === 'NOUN' || /^(?:within|in|on|by|at|to|before|after|under|over|per|first)$/.test(span[j + 1]?.lower ?? ''))))) && !NP_ADPOSITIONS.has(t.lower));
  // (a number after a preposition is a word of the label: "per 1,000 customers", "attended within 24 hrs")
  const numbersOk = span.every((t, j) => t.type !== 'number' || /^(?:per|within|in|over|under|after|before|than|of|by|above|below|>|<|≥|≤)$/.test(span[j - 1]?.lower ?? ''));
  if (verbal || !numbersOk || !span.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN') || span.some((t) => t.text === '(' || t.text === ')')) return undefined;
  return [s, colon];
}

/** The noun phrase that starts at `from` (what a share counts, what an actor has), up to a verb, a preposition's second phrase or punctuation. */
function phraseAfter(tokens: readonly Token[], from: number, to: number): [number, number] | undefined {
  let k = from;
  // (and the size of the whole: "3 of our 9 sites" counts sites)
  while (k < to && (DETERMINERS.has(tokens[k]!.lower) || tokens[k]!.lower === 'of' || WORD_NUMBERS[tokens[k]!.lower] !== undefined || (tokens[k]!.type === 'number' && k > from && DETERMINERS.has(tokens[k - 1]!.lower)))) k++;
  const s = k;
  for (; k < to; k++) {
    const t = tokens[k]!;
    // (a participle that opens the phrase is its adjective: "2,400 written complaints", "9,000 registered users")
    const participle = k === s && tokens[k - 1]?.type === 'number' && t.pos === 'VERB' && /(?:ed|en)$/.test(t.lower) && tokens[k + 1] !== undefined && tokens[k + 1]!.pos === 'NOUN';
    // (the word after a hyphen is part of the compound, whatever the tagger took it for: "fixed-rate mortgages")
    const afterHyphen = k > s && tokens[k - 1]!.text === '-' && tokens[k - 1]!.end === t.start && t.type === 'word';
    if (!(isNounish(t) || participle || afterHyphen || (t.text === '-' && hyphenated(tokens, k - 1)) || (hyphenated(tokens, k) && t.type === 'word') || t.text === "'s")) break;
  }
  return k > s && tokens.slice(s, k).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN') ? [s, k] : undefined;
}

/**
 * The measure a figure belongs to in its clause [cs, ce): the noun phrase that governs it.
 * - "Customer acquisition cost payback lengthened to 31 months": the subject of the figure's verb;
 * - "Home was better, with a combined ratio of 91%": the phrase whose "of" gives the figure;
 * - "Free reserves: 2.1 months of spend", "Revenue FY24 £256m": the note's label, or the phrase before the figure;
 * - "88% of staff say they are proud": the population a share counts (`share`);
 * - "the helpline took 41,000 calls", "we have 38 open engineering roles": what the figure counts (`count`), or the
 *   object of an actor's verb (`actor`);
 * - "it now costs 31p", "which rose from 2.1% to 3.4%": refers back (`refers`).
 * Undefined when nothing in the clause governs it.
 */
export function bindFigure(tokens: readonly Token[], first: number, last: number, clauseStart: number, ce: number, actors: ReadonlySet<string> = new Set()): Binding | undefined {
  // "Fiona is proud that 72% of people …", "told us that it will …": the figure belongs to the clause after "that"
  let cs = clauseStart;
  for (let j = first - 1; j > clauseStart; j--) {
    // ("Management estimates that a full roll-out could add £9m": a verb of saying the tagger reads as a noun)
    if (tokens[j]!.lower === 'that' && (tokens[j]!.pos === 'SCONJ' || REPORTING.test(tokens[j - 1]!.lower)) && tokens.slice(clauseStart, j).some((t, i) => isVerbAt(tokens, clauseStart + i) || REPORTING.test(t.lower))) {
      cs = j + 1;
      break;
    }
  }
  // "Glass bottles cost us 31% more than two years ago": what the thing costs now against then, named by the thing
  {
    let k = first - 1;
    while (k > cs && COST_FILLER.test(tokens[k]!.lower)) k--;
    if (k > cs && /^(?:cost|costs)$/.test(tokens[k]!.lower) && /^(?:more|less)$/.test(tokens[last + 1]?.lower ?? '') && tokens.slice(cs, k).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) {
      let s0 = cs;
      while (s0 < k && (tokens[s0]!.pos === 'PUNCT' || /^(?:the|our|its|their)$/.test(tokens[s0]!.lower))) s0++;
      if (s0 < k) return { kind: 'subject', start: s0, end: k, verb: k };
    }
  }
  // "Value for money remains a strength: 67% said …": a statement with its own verb before a colon is no label; the figure
  // belongs to the clause after it
  const colonAt = tokens.slice(cs, first).findLastIndex((t) => t.text === ':') + cs;
  if (colonAt > cs && tokens.slice(cs, colonAt).some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && /^(?:remains?|remained|is|are|was|were|stays?|stayed|looks?|looked|continues?|continued)$/.test(t.lower))) && tokens.slice(colonAt + 1, ce).some((t, j) => isVerbAt(tokens, colonAt + 1 + j) && !/^(?:of|to|the|a|an|for|per)$/.test(tokens[colonAt + j]!.lower))) cs = colonAt + 1;
  // "a combined ratio of 91%", "a waiting list of 310 people": the phrase before "of"
  let k = first - 1;
  if (cs > first) return undefined;
  while (k >= cs && ['about', 'around', 'roughly', 'some', 'nearly', 'almost', 'approximately', 'just', 'over', 'under'].includes(tokens[k]!.lower)) k--;
  if (k > cs && tokens[k]!.lower === 'of') {
    const np = phraseBefore(tokens, k, cs);
    // (a count inside an appositive describes who it is, and measures nothing: "Our largest account, a chain of 60 cafés, is …")
    if (np && tokens[np[0] - 1]?.text === ',' || (np && /^(?:a|an)$/.test(tokens[np[0] - 1]?.lower ?? '') && tokens[np[0] - 2]?.text === ',')) {
      let e = last + 1;
      while (e < tokens.length && e <= last + 3 && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[e]!.pos)) e++;
      if (e > last + 1 && tokens[e]?.text === ',' && isVerbAt(tokens, e + 1)) return undefined;
    }
    // (a subject and its verb before the phrase are not part of it: "the company incurred a net loss of £1.8m" names "net loss")
    if (np) {
      for (let j = np[1] - 1; j > np[0]; j--) {
        // (a verb of estimating the tagger reads as a noun is a verb there too: "Officers estimate a loss in hire income of £0.2m")
        if ((tokens[j]!.pos === 'VERB' || (/^(?:estimate|estimates|expect|expects|forecast|forecasts|reckon|reckons|project|projects)$/.test(tokens[j]!.lower) && DETERMINERS.has(tokens[j + 1]?.lower ?? ''))) && ['NOUN', 'PROPN', 'PRON'].includes(tokens[j - 1]!.pos)) {
          let start = j + 1;
          while (start < np[1] && DETERMINERS.has(tokens[start]!.lower)) start++;
          if (start < np[1]) np[0] = start;
          break;
        }
      }
    }
    // (an average that opens the phrase is the organization's own, "Average clearance of 1.4 hours"; "the sector average" is others')
    if (np && !tokens.slice(np[0], np[1]).some((t, j) => BENCHMARK_WORDS.test(t.lower) && !(j === 0 && np[1] - np[0] > 1 && /^(?:average|typical|usual|normal)$/.test(t.lower)))) {
      // "Home was better, with a combined ratio of 91%": the ratio is home's
      let v = np[0] - 1;
      while (v > cs && !isVerbAt(tokens, v)) v--;
      // (not whoever reports it: "The Commercial Director reported an order book of £146m" is the organization's order book)
      const whose = v > cs && isVerbAt(tokens, v) && !/^(?:report(?:s|ed)?|said|says|noted|notes|told|tells|presented|presents|flagged|flags|confirmed|confirms|highlighted|highlights|quoted|quotes|cited|cites|mentioned|mentions)$/.test(tokens[v]!.lower) ? phraseBefore(tokens, v, cs) : undefined;
      // (the organization itself, "the company", is no one's name for the measure)
      const own = whose && !tokens.slice(whose[0], whose[1]).some((t) => actors.has(t.lower) || t.pos === 'PRON' || t.pos === 'VERB' || t.lower === 'that') && !ORGANIZATION_WORD.test(wordsOf(tokens, whose[0], whose[1])) && whose[1] < np[0] ? whose : undefined;
      return { kind: 'subject', start: np[0], end: np[1], ...(own ? { of: own, prep: 'for' } : {}) };
    }
  }
  // "a combined 7% more contacts than the year before": the figure measures what there is more of
  if (/^(?:more|fewer|less)$/.test(tokens[last + 1]?.lower ?? '') && tokens[last + 2]?.pos === 'NOUN' && tokens[last + 3]?.lower === 'than') return { kind: 'subject', start: last + 2, end: last + 3 };
  // "two studios have now cut the exclusive cinema window to 31 days", "we reduced stock days by 12": a transitive verb of change
  // names its object, not its subject
  if (k > cs + 2 && /^(?:to|by)$/.test(tokens[k]!.lower)) {
    const np = phraseBefore(tokens, k, cs);
    let v = np ? np[0] - 1 : -1;
    while (v > cs && DETERMINERS.has(tokens[v]!.lower)) v--;
    if (np && v > cs && np[1] - np[0] <= 6 && /^(?:cut|cuts|reduced|reduces|lowered|lowers|raised|raises|increased|increases|extended|extends|shortened|shortens|lengthened|halved|doubled|trimmed|slashed)$/.test(tokens[v]!.lower) && tokens.slice(np[0], np[1]).some((t) => t.pos === 'NOUN') && !tokens.slice(np[0], np[1]).some((t) => (t.pos === 'PRON' && !/^(?:its|their|our)$/.test(t.lower)) || t.type === 'number' || t.pos === 'NUM' || t.pos === 'ADP' || WORD_NUMBERS[t.lower] !== undefined)) {
      let start = np[0];
      while (start < np[1] && DETERMINERS.has(tokens[start]!.lower)) start++;
      if (start < np[1]) return { kind: 'subject', start, end: np[1], verb: v };
    }
  }
  // "asked for a 5% price cut", "a 30% stake": a figure inside a noun phrase measures that phrase's thing, not the clause's subject
  if (['a', 'an'].includes(tokens[first - 1]?.lower ?? '') && tokens[last]!.text === '%') {
    // the phrase after the figure, a noun the tagger reads as a verb included ("price cut")
    let e = last + 1;
    while (e < ce && (isNounish(tokens[e]!) || (tokens[e]!.pos === 'VERB' && e > last + 1 && isNounish(tokens[e - 1]!) && !['NOUN', 'DET', 'NUM'].includes(tokens[e + 1]?.pos ?? '')))) e++;
    if (e - (last + 1) >= 2 && tokens.slice(last + 1, e).some((t) => t.pos === 'NOUN')) return { kind: 'subject', start: last + 1, end: e };
  }
  // "We are at 82% utilisation", "we're running at 91% on-time delivery", "We achieved 94% attendance last term": a level the
  // speaker stands at or reached, named right after its figure, is a measure of that phrase (the speaker names no measure)
  if ((tokens[last]!.text === '%' || tokens[first]!.type === 'currency' || /^[£$€]/.test(tokens[first]!.text)) && !/^(?:a|an|the)$/.test(tokens[first - 1]?.lower ?? '')) {
    let v = tokens[first - 1]?.lower === 'at' ? first - 2 : first - 1;
    while (v > cs && /^(?:now|currently|still|only|already|consistently|typically|usually|just)$/.test(tokens[v]!.lower)) v--;
    const atVerb = tokens[first - 1]?.lower === 'at' && /^(?:are|is|am|'re|’re|'m|’m|were|was|run|running|ran|runs|sit|sitting|sat|sits|operate|operating|operated|operates|stand|standing|stood|stands|trade|trading|traded|trades)$/.test(tokens[v]?.lower ?? '');
    const reached = tokens[first - 1]?.lower !== 'at' && /^(?:achieved|achieve|achieves|hit|hits|reached|reach|reaches|delivered|deliver|delivers|recorded|record|records|posted|posts)$/.test(tokens[v]?.lower ?? '');
    let w = v - 1;
    while (w > cs && /^(?:are|is|am|were|was|'re|’re|'m|’m|have|has|had|'ve|’ve)$/.test(tokens[w]!.lower)) w--;
    const speaker = w >= cs && /^(?:we|i)$/.test(tokens[w]!.lower) && tokens.slice(cs, w).every((t) => t.pos === 'PUNCT' || t.pos === 'CCONJ' || t.pos === 'ADV');
    if ((atVerb || reached) && speaker) {
      let e = last + 1;
      while (e < ce && e - last <= 4 && !/^(?:last|this|next|previous|per|each|every|a|an)$/.test(tokens[e]!.lower) && (isNounish(tokens[e]!) || (tokens[e]!.text === '-' && tokens[e - 1]!.end === tokens[e]!.start) || (tokens[e + 1]?.text === '-' && tokens[e + 1]!.start === tokens[e]!.end))) e++;
      if (e > last + 1 && tokens.slice(last + 1, e).some((t) => t.pos === 'NOUN') && tokens[e - 1]!.text !== '-') return { kind: 'subject', start: last + 1, end: e };
    }
  }
  // "We ran a £7.8m deficit last year", "the trust posted a £2.1m surplus": an amount the organization made is a measure of
  // the thing named after it
  if (['a', 'an'].includes(tokens[first - 1]?.lower ?? '') && (tokens[first]!.type === 'currency' || /^[£$€]/.test(tokens[first]!.text)) && /^(?:ran|run|runs|running|made|make|makes|posted|posts|reported|reports|recorded|records|booked|books|delivered|delivers|generated|generates|incurred|incurs|suffered|returned|returns|turned|turns)$/.test(tokens[first - 2]?.lower ?? '')) {
    let e = last + 1;
    while (e < ce && isNounish(tokens[e]!) && !/^(?:last|this|next|in|for|per)$/.test(tokens[e]!.lower)) e++;
    if (e > last + 1 && e - last <= 4 && tokens.slice(last + 1, e).some((t) => t.pos === 'NOUN') && !/^(?:effects?|impacts?|hits?|exposures?|risks?|upside|downside|boost|uplift)$/.test(tokens[e - 1]!.lower)) return { kind: 'subject', start: last + 1, end: e, verb: first - 2 };
  }
  // "the 31% concentration on one contract is what …": a share that names its measure right after it, as the clause's subject
  if (['the', 'our', 'its', 'their'].includes(tokens[first - 1]?.lower ?? '') && tokens[last]!.text === '%' && tokens.slice(cs, first - 1).every((t) => t.pos === 'PUNCT') && tokens[last + 1]?.pos === 'NOUN' && judgeByWords(tokens[last + 1]!.lower)) {
    return { kind: 'subject', start: last + 1, end: last + 2 };
  }
  // (a share that opens its own statement, "71% say calls are answered promptly", counts respondents, whatever label or opener
  // comes before it: "contact by phone improved: 71% say …", "On the positive side, 79% rate …")
  // (but a label that names the statement stays its name: "Fees are fair: 29% agree", "Staff changes: 36% said …")
  const shareColon = tokens.slice(cs, first).map((t) => t.text).lastIndexOf(':');
  // (a label that only names the survey names no statement: "Staff survey: 38% agree that senior leaders communicate well")
  // (nor one that names who answered: "Monthly donors: 58% say they would increase their gift")
  const surveyLabel = shareColon >= 0 && /\b(?:survey|poll|questionnaire|census|pulse|feedback|results?|donors|supporters|volunteers|members|customers|clients|tenants|residents|patients|parents|pupils|students|staff|employees|colleagues|respondents|users|guests|visitors|subscribers|shoppers|drivers|nurses|doctors|teachers|people|public|\w{2,}(?:ers|ors|ents|ees|ians|ists))\s*$/i.test(tokens.slice(cs, cs + shareColon).map((t) => t.text).join(' '));
  // (a statement put to respondents names their answer whatever its verbs: "Home is well maintained: 69% agree")
  const answerOnly = /^(?:agree|agreed|disagree|satisfied|dissatisfied)$/.test(tokens[last + 1]?.lower ?? '') && (!tokens[last + 2] || tokens[last + 2]!.pos === 'PUNCT');
  const namedByLabel = shareColon >= 0 && !surveyLabel && (answerOnly || !tokens.slice(cs, cs + shareColon).some((t) => t.pos === 'VERB' && /(?:ed|en)$/.test(t.lower)));
  if (answerOnly && namedByLabel && tokens[last]!.text === '%') {
    let from = cs;
    while (from < cs + shareColon && (tokens[from]!.pos === 'PUNCT' || tokens[from]!.pos === 'SYM')) from++;
    if (from < cs + shareColon) return { kind: 'label', start: from, end: cs + shareColon };
  }
  if (tokens[last]!.text === '%' && /^(?:say|said|agree|agreed|feel|felt|think|thought|rate|rated|believe|believed)$/.test(tokens[last + 1]?.lower ?? '') && tokens[last + 2] && tokens[last + 2]!.pos !== 'PUNCT' && !namedByLabel && !tokens.slice(cs, first).some((t, j) => isVerbAt(tokens, cs + j) && tokens.slice(cs + j + 1, first).every((u) => u.pos !== 'PUNCT'))) return { kind: 'share', start: last + 1, end: last + 1 };
  // "Registered nurse vacancies: 17%", "Fixed-price overruns: £1.3m": a note's value right after its label belongs to the label,
  // whatever the tagger makes of the label's first word
  const noteColon = tokens.slice(cs, first).map((t) => t.text).lastIndexOf(':');
  // (not a count after a preposition, "Fuel: HVO trial on 20 trucks", nor a figure past a comma, "…, cost +9% per mile")
  const countAfter = /^(?:on|in|at|for|across|over|with|from|to)$/.test(tokens[first - 1]?.lower ?? '') && tokens[last + 1]?.pos === 'NOUN' && !tokens[first]!.text.includes('%') && tokens[last]!.text !== '%';
  // (nor a ratio right after the label that names what it counts after it: "Staff: 14 of 96 academic posts vacant")
  const ratioAfter = noteColon >= 0 && first === cs + noteColon + 1 && tokens.slice(first, last + 1).some((t) => t.lower === 'of') && tokens[last]!.text !== '%' && ['NOUN', 'ADJ'].includes(tokens[last + 1]?.pos ?? '') ? phraseAfter(tokens, last + 1, ce) : undefined;
  if (ratioAfter) {
    let end = ratioAfter[1];
    while (end - 1 > ratioAfter[0] && tokens[end - 1]!.pos === 'PUNCT') end--;
    // (unless the label names the measure and the words after only name the whole: "Crew vacancies: 27 of 310 posts")
    const whole = noteLabel(tokens, cs, cs + noteColon);
    if (whole && !statementLabel(tokens, whole) && judgeByWords(wordsOf(tokens, whole[0], whole[1]).toLowerCase()) && !judgeByWords(wordsOf(tokens, ratioAfter[0], end).toLowerCase())) return { kind: 'label', start: whole[0], end: whole[1] };
    return { kind: 'share', start: ratioAfter[0], end };
  }
  // (a share whose words say what state it counts names itself, whatever label comes before it: "engineers: 18% of
  // heat-pump engineer posts vacant")
  // (and no other figure after it, which the label may name: "Stock: 12% of lines unsold after 90 days")
  const shareOf = tokens[last]!.text === '%' && tokens[last + 1]?.lower === 'of' && !tokens.slice(last + 1, ce).some((t) => t.type === 'number') ? phraseAfter(tokens, last + 2, ce) : undefined;
  const stated = shareOf !== undefined && (/^(?:vacant|empty|unfilled|unstaffed|idle|unlet|unsold|unused|unpaid|overdue|late|unanswered|unresolved)$/.test(tokens[shareOf[1]]?.lower ?? '') || /^(?:vacant|empty|unfilled|unstaffed|idle|unlet|unsold|unused|unpaid|overdue|late|unanswered|unresolved)$/.test(tokens[shareOf[1] - 1]!.lower));
  if (noteColon >= 0 && !countAfter && !stated && !tokens.slice(cs + noteColon + 1, first).some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.type === 'number' || t.text === ',')) {
    const whole = noteLabel(tokens, cs, cs + noteColon);
    // (a label that is a statement of its own, with a verb in the present, names no measure: "Older members value the daytime
    // classes: 88% of over-65s rate them good")
    // (a label that names a part of the business, before a measure's own words, is where the measure is: "corporate team: fee income +12%")
    const own = whole && SEGMENT_HEAD.test(wordsOf(tokens, whole[0], whole[1]).toLowerCase()) && first > cs + noteColon + 1 ? [cs + noteColon + 1, first] as [number, number] : undefined;
    if (own && tokens.slice(own[0], own[1]).every((t) => isNounish(t) || t.pos === 'ADJ') && judgeByWords(wordsOf(tokens, own[0], own[1]).toLowerCase())) return { kind: 'label', start: own[0], end: own[1] };
    if (whole && !statementLabel(tokens, whole)) return { kind: 'label', start: whole[0], end: whole[1] };
  }
  // "the CFO estimated the clawback at £1.7m", "puts the backlog at 4,200": what is estimated is the measure, not who estimates it
  if (tokens[first - 1]?.lower === 'at' && first - 1 > cs) {
    // (and a verb of reporting: "Partners report the fee-earning utilisation rate at 68%", a word of a hyphenated name and a
    // year passed over: "We estimate its 2024 shipments at 181,000 barrels")
    const ESTIMATING = /^(?:estimated|estimates|estimate|put|puts|putting|valued|values|value|pegged|pegs|priced|prices|costed|costs|set|sets|reckons|reckoned|places|placed|report|reports|reported|quote|quotes|quoted|record|records|recorded|show|shows|showed)$/;
    let v = first - 2;
    while (v >= cs && !ESTIMATING.test(tokens[v]!.lower) && (isNounish(tokens[v]!) || DETERMINERS.has(tokens[v]!.lower) || tokens[v]!.pos === 'ADJ' || tokens[v]!.text === '-' || hyphenated(tokens, v) || /^(?:19|20)\d{2}$/.test(tokens[v]!.text))) v--;
    let o = v + 1;
    while (o < first - 1 && DETERMINERS.has(tokens[o]!.lower)) o++;
    if (v >= cs && ESTIMATING.test(tokens[v]!.lower) && o < first - 1) return { kind: 'subject', start: o, end: first - 1, verb: v };
  }
  // "We hold £140m of cash", "the group has about £60m of debt": an amount of something held is a measure of that thing
  let held = first - 1;
  while (held > cs && /^(?:about|around|roughly|some|nearly|almost|just|over|under|still|now|only)$/.test(tokens[held]!.lower)) held--;
  const heldOf = (tokens[first]!.type === 'currency' || /^[£$€]/.test(tokens[first]!.text)) && tokens[last + 1]?.lower === 'of' && !/^(?:the|our|its|their|this|that|a|an)$/.test(tokens[last + 2]?.lower ?? '') && /^(?:hold|holds|held|holding|have|has|had|carry|carries|carried|keep|keeps|kept)$/.test(tokens[held]?.lower ?? '') ? (phraseAfter(tokens, last + 2, ce) ?? (/ed$/.test(tokens[last + 2]?.lower ?? '') ? phraseAfter(tokens, last + 3, ce) : undefined)) : undefined;
  // ("We wrote off £520k of obsolete stock": an amount written off is a measure of what was written off)
  const offOf = (tokens[first]!.type === 'currency' || /^[£$€]/.test(tokens[first]!.text)) && tokens[last + 1]?.lower === 'of' && tokens[held]?.lower === 'off' && /^(?:wrote|written|write|writes|writing)$/.test(tokens[held - 1]?.lower ?? '') ? (phraseAfter(tokens, last + 2, ce) ?? (/ed$/.test(tokens[last + 2]?.lower ?? '') ? phraseAfter(tokens, last + 3, ce) : undefined)) : undefined;
  if (offOf) return { kind: 'subject', start: Math.min(offOf[0], last + 2), end: offOf[1], verb: held - 1, taken: true };
  // (with a participle that opens it: "$9m of deferred income")
  if (heldOf) return { kind: 'subject', start: Math.min(heldOf[0], last + 2), end: heldOf[1], verb: held };
  // the verb nearest before the figure, and its group ("will double", "has been asked to quote")
  let verb = -1;
  // (a word the tagger reads as a verb inside a note's label is no verb: "Average perm fee: £6,900")
  const colonBefore = tokens.slice(cs, first).findIndex((t) => t.text === ':');
  for (let j = first - 1; j >= cs; j--) {
    if (tokens[j]!.text === '(' ) break;
    if (colonBefore >= 0 && j < cs + colonBefore && tokens[j]!.pos === 'VERB' && !LINKING.has(tokens[j]!.lower) && (tokens[j + 1]?.pos === 'NOUN' || tokens[j + 1]?.lower === 'per') && !tokens.slice(cs, cs + colonBefore).some((t) => t.pos === 'AUX')) break;
    // (a verb of winning the tagger reads as an adjective: "secured a £3m contract")
    if ((isVerbAt(tokens, j) && !participleAt(tokens, j)) || (WIN_VERBS.test(tokens[j]!.lower) && /^(?:a|an|the|[£$€])$/.test(tokens[j + 1]?.lower ?? ''))) {
      verb = j;
      break;
    }
  }
  // a figure in brackets belongs to the phrase before the bracket ("missed delivery slots (named by 61% of respondents)")
  const open = tokens.slice(cs, first).map((t) => t.text).lastIndexOf('(');
  if (open >= 0 && !tokens.slice(cs + open, first).some((t) => t.text === ')') && verb < cs + open) {
    const np = phraseBefore(tokens, cs + open, cs);
    // (not a comparison or a superlative's group before it: "mention damp more than any other issue (212 comments)",
    // "were the least satisfied group (59%)" name no measure)
    if (np && /\b(?:than|any|other|least|most|best|worst|highest|lowest|biggest|largest|smallest)\b/i.test(wordsOf(tokens, Math.max(cs, np[0] - 2), np[1]))) return undefined;
    if (np) return { kind: 'label', start: np[0], end: np[1] };
  }
  if (verb >= cs) {
    // an instruction ("Multiply by 46 stores and …") states no measure
    const opener = tokens.slice(cs, verb).every((t) => t.pos === 'PUNCT' || speakerLabel(tokens, tokens.indexOf(t)));
    if (opener && tokens[verb]!.pos === 'VERB' && tokens[verb]!.lower === tokens[verb]!.lemma && /^\p{Lu}/u.test(tokens[verb]!.text) && !LINKING.has(tokens[verb]!.lower)) return undefined;
    let group = verb;
    while (group > cs && (VERB_GROUP.has(tokens[group - 1]!.lower) || tokens[group - 1]!.pos === 'AUX' || tokens[group - 1]!.pos === 'PART' || (tokens[group]!.lower === 'to' && tokens[group - 1]!.pos === 'VERB'))) group--;
    // (a word of how it was counted after "as" is no subject: "Stock written off as damaged reached £340k" is the stock's)
    let subject = phraseBefore(tokens, group, cs) ?? (group - 2 > cs && tokens[group - 2]!.lower === 'as' && ['ADJ', 'VERB'].includes(tokens[group - 1]!.pos) ? phraseBefore(tokens, group - 2, cs) : undefined);
    // (a basis the figure is reckoned on is no subject: "which on current run rate would be about £410k")
    if (subject && /^(?:on|at)$/.test(tokens[subject[0] - 1]?.lower ?? '') && /^(?:current|present|existing|today['’]s|recent)$/.test(tokens[subject[0]]!.lower)) subject = undefined;
    // an appositive between commas names the subject again: "The largest client, a government department, is 24%" is the client's
    if (subject) {
      let a = subject[0];
      while (a > cs && DETERMINERS.has(tokens[a - 1]!.lower)) a--;
      // (one that counts what it is: "Our largest account, a chain of 60 cafés, is 24% of turnover")
      if (tokens[subject[1]]?.text === ',' && tokens[a - 1]?.text !== ',') {
        const open = tokens.slice(Math.max(cs, a - 6), a).findLastIndex((t) => t.text === ',') + Math.max(cs, a - 6);
        if (open >= Math.max(cs, a - 6) && /^(?:a|an)$/.test(tokens[open + 1]?.lower ?? '') && !tokens.slice(open + 1, subject[1]).some((t, j) => isVerbAt(tokens, open + 1 + j))) a = open + 1;
      }
      if (tokens[a - 1]?.text === ',' && /^(?:a|an)$/.test(tokens[a]?.lower ?? '') && tokens[subject[1]]?.text === ',') {
        // (the clause may start at the appositive: its head is in the words just before the comma)
        const head = phraseBefore(tokens, a - 1, Math.max(0, Math.min(cs, a - 8)));
        if (head) subject = head;
      }
    }
    // (a place after its subject is no subject: "the new Amazon site down the road pays £13.20" is the site's)
    if (subject) {
      let p = subject[0] - 1;
      while (p > cs && DETERMINERS.has(tokens[p]!.lower)) p--;
      if (p > cs && /^(?:down|up|across|along|near|behind|opposite|beside|past|round|around)$/.test(tokens[p]!.lower) && subject[1] - subject[0] === 1 && /^(?:road|street|lane|hill|way|corner|river|park|estate|square)$/.test(tokens[subject[0]]!.lower)) {
        const whose = phraseBefore(tokens, p, cs);
        if (whose) subject = [whose[0], subject[1]];
      }
    }
    // (a measure named with an infinitive keeps it: "Average days to pay suppliers has stretched to 71", "time to fill a vacancy")
    // (and one named with a gerund: "our cost of delivering a test has risen to £31", "the time spent on onboarding a client")
    if (subject) {
      let g = subject[0] - 1;
      while (g > cs && DETERMINERS.has(tokens[g]!.lower)) g--;
      const named = g - 2 >= cs && tokens[g]!.pos === 'VERB' && /ing$/.test(tokens[g]!.lower) && tokens[g - 1]!.lower === 'of' && tokens[g - 2]!.pos === 'NOUN' ? phraseBefore(tokens, g - 1, cs) : undefined;
      if (named) subject = [named[0], subject[1]];
    }
    if (subject && subject[0] - 3 >= cs && tokens[subject[0] - 1]!.pos === 'VERB' && tokens[subject[0] - 2]!.lower === 'to' && tokens[subject[0] - 3]!.pos === 'NOUN') {
      const named = phraseBefore(tokens, subject[0] - 2, cs);
      if (named) subject = [named[0], subject[1]];
    }
    // a period the subject is measured over is no subject ("Completions of 1,140 in the year to June were 9% lower"): the phrase before it is
    // (and "over the last twelve months", "in the past three years")
    if (subject && (/^(?:year|quarter|half|month|period|season|week)s?\b/i.test(tokens[subject[0]]!.lower) || /^(?:(?:last|past|previous|latest|recent|first) (?:[a-z-]+ )?|same |comparable |equivalent )(?:years?|quarters?|months?|periods?|seasons?|weeks?)$/.test(tokens.slice(subject[0], subject[1]).map((t) => t.lower).join(' '))) && /^(?:in|for|during|over)$/.test(tokens[subject[0] - 1]?.lower === 'the' ? (tokens[subject[0] - 2]?.lower ?? '') : (tokens[subject[0] - 1]?.lower ?? ''))) {
      let j = subject[0] - 1;
      while (j > cs && (['ADP', 'DET', 'NUM', 'SYM', 'PUNCT'].includes(tokens[j]!.pos) || tokens[j]!.type === 'number' || tokens[j]!.type === 'currency')) j--;
      const earlier = j >= cs && ['NOUN', 'PROPN'].includes(tokens[j]!.pos) ? phraseBefore(tokens, j + 1, cs) : undefined;
      if (earlier) subject = earlier;
    }
    const subjectText = subject ? tokens.slice(subject[0], subject[1]).map((t) => t.lower).join(' ') : '';
    const actor = ACTORS.has(subjectText) || actors.has(subjectText) || (subject !== undefined && tokens.slice(subject[0], subject[1]).every((t) => actors.has(t.lower) || t.text === '&'));
    // "Two years ago it was …", "Last year it was …": the time named first is not the subject
    const ago = tokens.slice(cs, group).findIndex((t, j) => t.lower === 'ago' || (t.lower === 'year' && tokens[cs + j - 1]?.lower === 'last'));
    const before = tokens.slice(ago >= 0 ? cs + ago + 1 : cs, group).filter((t) => t.pos !== 'PUNCT' && !speakerLabel(tokens, tokens.indexOf(t)));
    const pronoun = before.length > 0 && before.every((t) => t.pos === 'PRON' || t.pos === 'ADV' || DETERMINERS.has(t.lower) || t.pos === 'SCONJ' || t.pos === 'CCONJ');
    if (!subject && pronoun && before.some((t) => REFERRING.has(t.lower))) return { kind: 'refers', start: first, end: first, verb };
    // "go" links a measure to a movement ("went up 14%"), not to a time ("most leavers go in the first 90 days")
    const going = /^(?:go|goes|went|gone|going)$/.test(tokens[verb]!.lower) && !/^(?:up|down|to|from|back)$/.test(tokens[verb + 1]?.lower ?? '');
    const linking = !going && (LINKING.has(tokens[verb]!.lower) || LINKING.has(tokens[verb]!.lemma) || UP_WORDS.has(tokens[verb]!.lower) || DOWN_WORDS.has(tokens[verb]!.lower) || /^(?:flat|steady|unchanged|stable|static|slowed|slowing)$/.test(tokens[verb]!.lower));
    // what the figure counts ("took 41,000 calls", "have 38 open engineering roles", "recorded 3 RIDDOR-reportable injuries")
    // what the figure counts: the phrase after it, or the noun inside a ratio ("one bid in six")
    const inner = tokens.slice(first, last + 1).some((t) => t.lower === 'in') ? tokens.slice(first, last + 1).findIndex((t) => t.pos === 'NOUN' && t.type === 'word') : -1;
    const counted = inner > 0 ? ([first + inner, first + inner + 1] as [number, number]) : phraseAfter(tokens, last + 1, ce);
    // (a count with its scale counts too: "we moved 1.92m pallets")
    const countsSomething = counted && !/^[£$€%]/.test(tokens[first]!.text) && (tokens[last]!.type === 'number' || (MAGNITUDE[tokens[last]!.lower] !== undefined && tokens[last - 1]?.type === 'number') || inner > 0);
    // "the engineering school won a £9m doctoral training centre": what was won is the measure, not who won it
    const won = WIN_VERBS.test(tokens[verb]!.lower) && !linking && /^[£$€]/.test(tokens[first]!.text) ? wonPhrase(tokens, last + 1, ce) : undefined;
    if (won) return { kind: 'actor', start: won[0], end: won[1], verb };
    // "We hold £140m of cash", "the group carries £60m of debt": an amount of something held is a measure of that thing
    // "Our overflows spilled 38,000 times in 2024": how often the subject did it is a count of the subject
    const times = tokens[last]!.lower === 'times' ? last : tokens[last + 1]?.lower === 'times' ? last + 1 : -1;
    if (subject && !actor && !pronoun && !linking && times > 0 && tokens.slice(verb + 1, first).every((t) => /^(?:down|up|out|off|over|again|about|around|some|nearly|almost|over|more than)$/.test(t.lower)) && !/^(?:more|less|higher|lower|as|bigger|larger|faster|the|over|a)$/.test(tokens[times + 1]?.lower ?? '')) return { kind: 'actor', start: subject[0], end: subject[1], verb };
    if (!subject || actor || pronoun) {
      // (what the organization lost is counted as lost, without the period after it: "We lost 12 clients last year" counts clients lost)
      // (a share of a count lost stays a fall of the count: "We lost 4 of our top 12 customers")
      if (countsSomething && LOST_VERB.test(tokens[verb]!.lower) && !tokens.slice(first, last + 1).some((t) => t.lower === 'of')) {
        let end = counted[1];
        while (end - counted[0] > 2 && /^(?:last|this|next|that|the)$/.test(tokens[end - 2]!.lower) && /^(?:year|month|week|quarter|season|period|spring|summer|autumn|winter)$/.test(tokens[end - 1]!.lower)) end -= 2;
        return { kind: 'actor', start: counted[0], end, verb, taken: true };
      }
      if (countsSomething) return { kind: 'actor', start: counted[0], end: counted[1], verb };
      // "we win about one bid in six, so 17%": the verb's object, when nothing names the measure
      const object = phraseAfter(tokens, verb + 1, first);
      if (object) return { kind: 'actor', start: object[0], end: object[1], verb };
      // "we lost 9% of our domestic accounts": the whole the share is taken from, with the verb that says what happened to it
      const whole = tokens[last]!.text === '%' && tokens[last + 1]?.lower === 'of' ? phraseAfter(tokens, last + 2, ce) : undefined;
      // (without the period after it: "… accounts last year")
      while (whole && whole[1] - whole[0] > 2 && /^(?:last|this|next|that|the)$/.test(tokens[whole[1] - 2]!.lower) && /^(?:year|month|week|quarter|season|period|spring|summer|autumn|winter)$/.test(tokens[whole[1] - 1]!.lower)) whole[1] -= 2;
      if (whole && !LINKING.has(tokens[verb]!.lower) && /(?:ed|lost|sold|won|kept|held|let|shed|paid)$/.test(tokens[verb]!.lower)) return { kind: 'actor', start: whole[0], end: whole[1], verb, taken: true };
      return undefined;
    }
    // (who reports a count owns none of it: "The Chief Executive reported 412,000 visitors" counts the visitors)
    if (countsSomething && /^(?:reported|reports|report|said|says|told|noted|notes|recorded|records|confirmed|confirms|estimated|estimates)$/.test(tokens[verb]!.lower)) return { kind: 'count', start: counted[0], end: counted[1], verb };
    // (a pace that slowed to a count of days still counts them: "cash collection has slowed to 63 debtor days")
    if ((!linking || (/^slow/.test(tokens[verb]!.lower) && countsSomething && judgeByWords(wordsOf(tokens, counted[0], counted[1])))) && countsSomething) return { kind: 'count', start: counted[0], end: counted[1], of: subject, verb };
    // "the top 5 customers now bring 46% of gross profit": a verb that gives the subject's share of a whole names the share's subject
    const shareVerb = /^(?:brings?|brought|makes?|made|represents?|represented|generates?|generated|contributes?|contributed|provides?|provided|accounts?|accounted)$/.test(tokens[verb]!.lower) && tokens[last]!.text === '%' && tokens[last + 1]?.lower === 'of';
    // (with the rank a count gives it: "top 5 customers", not "customers")
    const ranked = shareVerb && subject[0] >= 2 && (tokens[subject[0] - 1]!.type === 'number' || WORD_NUMBERS[tokens[subject[0] - 1]!.lower] !== undefined) && /^(?:top|largest|biggest|main|leading)$/.test(tokens[subject[0] - 2]!.lower);
    if (!linking && shareVerb) return { kind: 'subject', start: ranked ? subject[0] - 2 : subject[0], end: subject[1], verb };
    // "our main clients pay in 52 days": what the subject does, not a measure of it: reported with its verb
    // (and what it pays or charges: "the new Amazon site down the road pays £13.20")
    // ("the valuer expects a 20% increase across the estate": who expects a change is no measure, and the change has none named)
    if (/^(?:expects?|expected|forecasts?|predicts?|predicted|anticipates?|anticipated)$/.test(tokens[verb]!.lower) && /^(?:a|an)$/.test(tokens[verb + 1]?.lower ?? '') && /^(?:increase|rise|cut|fall|drop|reduction|uplift|decline)s?$/.test(tokens[last + 1]?.lower ?? '')) return undefined;
    if (!linking && !tokens[verb]!.lower.startsWith('report') && (tokens[last]!.type !== 'number' || /^(?:pays?|paid|charges?|charged|offers?|offered)$/.test(tokens[verb]!.lower))) return { kind: 'actor', start: subject[0], end: subject[1], verb };
    // "the two golf resorts in the Algarve ran at 52% occupancy": a share named after its figure
    const named = phraseAfter(tokens, last + 1, ce);
    if (tokens[last]!.text === '%' && named && !judgeByWords(subjectText) && tokens[named[1]]?.lower !== 'of' && named[0] === last + 1 && !/^(?:last|next|this|each|every|per|a)$/.test(tokens[named[0]]!.lower) && !/^(?:year|years|month|months|quarter|week|weeks|day|days|time|times|yoy|qoq|mom|ytd|pa|lfl)$/.test(tokens[named[1] - 1]!.lower)) return { kind: 'subject', start: named[0], end: named[1], of: subject, verb };
    return { kind: 'subject', start: subject[0], end: subject[1], verb };
  }
  // "at peak times 1 in 4 calls went unanswered", "30% of plant moved to HVO": a share of what the figure counts, with its own verb
  const counted = phraseAfter(tokens, tokens[last + 1]?.lower === 'of' ? last + 2 : last + 1, ce);
  // (what it counts is named: "16% of consults" with "consults" read as a verb counts nothing, and its note's label names it)
  if (counted && counted[1] > counted[0] && isVerbAt(tokens, counted[1]) && !isVerbAt(tokens, counted[1] - 1)) return { kind: 'share', start: counted[0], end: counted[1] };
  // no verb before the figure: a note's label ("Free reserves: 2.1 months"), the phrase just before it ("Revenue FY24 £256m"), or what a share counts
  const lead = tokens.slice(cs, first).filter((t, j) => t.pos !== 'PUNCT' && !/^[•·▪◦‣∙*]$/.test(t.text) && !speakerLabel(tokens, cs + j) && !DETERMINERS.has(t.lower) && t.pos !== 'ADV');
  if (!lead.length) {
    // (a note's label before the clause names what its figure measures: "Antibiotic prescribing: 16% of consults")
    const colon = tokens.slice(0, first).map((t) => t.text).lastIndexOf(':');
    const labelled = colon > 0 && tokens.slice(colon + 1, first).every((t) => t.pos === 'PUNCT' || t.pos === 'ADV') ? noteLabel(tokens, 0, colon) : undefined;
    // (a ratio that names what it counts after it is a share of that: "Staff: 14 of 96 academic posts vacant")
    const ratioOf = tokens.slice(first, last + 1).some((t) => /^(?:of|in|out)$/.test(t.lower)) && tokens[last]!.text !== '%' ? phraseAfter(tokens, last + 1, ce) : undefined;
    if (labelled && !ratioOf && !stated && !statementLabel(tokens, labelled) && !tokens.slice(labelled[0], labelled[1]).some((t) => /^(?:q\d*|a|question|answer)$/i.test(t.text))) return { kind: 'label', start: labelled[0], end: labelled[1] };
    const population = tokens[last + 1]?.lower === 'of' ? phraseAfter(tokens, last + 2, ce) : ratioOf;
    // (an amount of something is its value, not a share of respondents: "About $1.4 billion of fixed-rate mortgages renew …")
    if (population && /^[£$€]$/.test(tokens[first]!.text)) return { kind: 'count', start: population[0], end: population[1] };
    // (a bare count that opens its clause and counts nothing named, "110 short of peak summer need", is a gap, not a share of respondents)
    if (!population && tokens[last]!.text !== '%' && /^(?:short|more|less|fewer|over|under|above|below|extra)$/.test(tokens[last + 1]?.lower ?? '')) return undefined;
    // (a count that opens a note names what it counts after it: "3 RIDDORs this yr vs 0 last yr" counts RIDDORs, not respondents)
    // (not a ratio, "36 of 38 sites on 5-star hygiene", whose share reads as its statement)
    const countedAfter = !population && tokens[last]!.text !== '%' && !tokens.slice(first, last + 1).some((t) => /^(?:of|in|out)$/.test(t.lower)) ? phraseAfter(tokens, last + 1, ce) : undefined;
    if (countedAfter) {
      let end = countedAfter[1];
      // (what it counts ends where its period or comparison begins: "3 major deviations this quarter vs 1 last quarter")
      const period = tokens.slice(countedAfter[0] + 1, end).findIndex((t) => /^(?:this|last|next|vs|versus|per|each|every)$/i.test(t.lower));
      if (period >= 0) end = countedAfter[0] + 1 + period;
      while (end - 1 > countedAfter[0] && /^(?:this|last|next|the|a|per|each|yr|year|month|week|quarter|ytd|vs)$/i.test(tokens[end - 1]!.lower)) end--;
      return { kind: 'count', start: countedAfter[0], end };
    }
    // (an amount is no share of respondents: one that opens its clause with nothing after it to count speaks of the measure
    // named before, "Spend per head is the worry. £44.20 against a budget of £46.")
    if (!population && /^[£$€]$/.test(tokens[first]!.text) && !['NOUN', 'PROPN', 'VERB', 'ADJ'].includes(tokens[last + 1]?.pos ?? '')) return { kind: 'refers', start: first, end: first };
    // (and the word after one names it: "a £5m overspend", "a €2m shortfall")
    if (!population && /^[£$€]/.test(tokens[first]!.text) && /^(?:overspend|underspend|overrun|shortfall|deficit|surplus|loss|gain|saving|savings|writedown|write-down|write-off|writeoff|refund|rebate|fine|penalty|clawback|overpayment|underpayment)$/.test(tokens[last + 1]?.lower ?? '')) return { kind: 'count', start: last + 1, end: last + 2 };
    return { kind: 'share', start: population ? population[0] : last + 1, end: population ? population[1] : last + 1 };
  }
  const np = phraseBefore(tokens, first, cs);
  // "Motor claims cycle time: median 38 days": a statistic's word before the figure is not the measure
  const statistic = np && np[1] - np[0] === 1 && /^(?:median|mean|average|total|typical|about|around)$/.test(tokens[np[0]]!.lower);
  if (stated && shareOf) return { kind: 'share', start: shareOf[0], end: shareOf[1] };
  if (np && np[1] === first && !statistic) return { kind: 'subject', start: np[0], end: np[1] };
  // (a count after a preposition qualifies what the note says, "HVO trial on 20 trucks": no value of its label)
  if (countAfter) return undefined;
  const colon = Math.max(tokens.slice(cs, first).map((t) => t.text).lastIndexOf(':'), tokens.slice(cs, first).map((t) => t.text).lastIndexOf('='));
  const labelEnd = colon >= 0 ? cs + colon : first;
  const label = (colon >= 0 ? noteLabel(tokens, cs, labelEnd) : undefined) ?? phraseBefore(tokens, labelEnd, cs) ?? np;
  // (a period before the figure names no measure: "cost us £1.2m last year, 3.4% of sales")
  if (label && tokens.slice(label[0], label[1]).every((t) => /^(?:last|this|next|the|previous|prior|same|year|years|quarter|month|season|week|period|ytd|fy\d{0,4}|(?:19|20)\d{2}|[hq][1-4])$/i.test(t.text))) return undefined;
  // (a verb of change the tagger took for a noun opens no measure's name: "… but cuts CO2 ~80%" says what a trial does)
  if (label && label[1] - label[0] >= 2 && /^(?:but|and|yet|which)$/.test(tokens[label[0] - 1]?.lower ?? '') && /^(?:cuts|reduces|raises|adds|saves|increases|lowers|boosts|lifts|halves|doubles|improves|removes|trims|slashes)$/.test(tokens[label[0]]!.lower)) return undefined;
  if (label && !(colon >= 0 && statementLabel(tokens, label))) return { kind: 'label', start: label[0], end: label[1] };
  return undefined;
}

// ── what a clause says ────────────────────────────────────────────────────────────────────────────────

/** Words that say a measure did not move. */
const FLAT_WORDS: ReadonlySet<string> = new Set(['flat', 'unchanged', 'steady', 'stable']);

/** +1 up, −1 down, 0 flat ("flat", "held", "unchanged", "steady"), undefined when the clause states no direction. */
export function directionIn(tokens: readonly Token[], cs: number, ce: number): 1 | -1 | 0 | undefined {
  for (let k = cs; k < ce; k++) {
    const t = tokens[k]!;
    if (FLAT_WORDS.has(t.lower) || (t.lower === 'held' && tokens[k + 1]?.lower !== 'by') || (/^(?:remained|stayed)$/.test(t.lower) && /^(?:at|level|flat|unchanged)$/.test(tokens[k + 1]?.lower ?? ''))) return 0;
    if (['above', 'below', 'higher', 'lower', 'cheaper'].includes(t.lower)) continue; // a comparison, not a movement
    if (idleParticle(tokens, k)) continue;
    // (what would, could or might move is no movement: "58% say they would increase their gift if …")
    if (/^(?:would|could|might|may|should|['’]d)$/.test(tokens[k - 1]?.lower ?? '') || (/^(?:not|never)$/.test(tokens[k - 1]?.lower ?? '') && /^(?:would|could|might|may|should)$/.test(tokens[k - 2]?.lower ?? ''))) continue;
    if (UP_WORDS.has(t.lower) || UP_WORDS.has(t.lemma)) return 1;
    // a verb of loss with its own object ("and lost money") is not the measure's movement
    if ((DOWN_WORDS.has(t.lower) || DOWN_WORDS.has(t.lemma) || t.lower === 'halved' || /^(?:slowed|slowing)$/.test(t.lower)) && !(/^(?:lose|loses|lost|losing)$/.test(t.lower) && ['NOUN', 'PROPN', 'PRON', 'DET'].includes(tokens[k + 1]?.pos ?? ''))) return -1;
  }
  return undefined;
}

/** The measure of a binding in words: "helpline calls", "occupancy at the two golf resorts in the Algarve", "customer acquisition cost payback". */
export function measureName(tokens: readonly Token[], b: Binding): string {
  const own = wordsOf(tokens, b.start, b.end);
  // an actor's subject with its verb: "main clients pay"
  if (b.kind === 'actor' && b.verb !== undefined && b.verb >= b.end) return `${own} ${tokens[b.verb]!.lower}`;
  if (b.taken && b.verb !== undefined) return `${own} ${tokens[b.verb + 1]?.lower === 'off' ? 'written off' : tokens[b.verb]!.lower}`;
  if (!b.of) return own;
  const of = wordsOf(tokens, b.of[0], b.of[1]);
  // what a count counts, of whom: "helpline calls"; not "critical machines machines"
  // (the organization itself is no one's name for it: "the group conducted 6,240 funerals" counts funerals conducted)
  if (b.kind === 'count' && ORGANIZATION_WORD.test(of) && b.verb !== undefined && /ed$/.test(tokens[b.verb]!.lower)) return `${own} ${tokens[b.verb]!.lower}`;
  if (b.kind === 'count') return of.toLowerCase().endsWith(own.toLowerCase()) ? of : `${of} ${own}`;
  return `${own} ${b.prep ?? 'at'} ${of}`;
}

/** The words of a token range as written (hyphenated words kept whole, "'s" glued). */
export function wordsOf(tokens: readonly Token[], start: number, end: number): string {
  let out = '';
  for (let k = start; k < end; k++) {
    const t = tokens[k]!;
    const glued = k > start && (t.start === tokens[k - 1]!.end);
    out += (k > start && !glued ? ' ' : '') + t.text;
  }
  return out.trim();
}

/** A line that heads what follows ("Finding 1 - Revenue cut-off", "Slide 7 - Asks of the board"): no statement to report. */
export const NUMBERED_HEADING = /^[\s\-•*]*(?:(?:finding|slide|section|item|issue|page|part|appendix|annex|point|question|recommendation|observation|exhibit|figure|table|chart|agenda item|risk|action)\s+[A-Z]?\d+[a-z]?\s*[-–—:.]\s|\[(?:slide|page|section|part|item|exhibit)\s+\d+[a-z]?\]\s*[^.;:!?]{1,60}$)/i;

/**
 * Whether a line is a sheet exported as comma-separated text ("Student weeks,61400,53860,58000,"): two or more commas
 * that are no thousands separators (a comma between a digit and three digits is one), and none with a space after it,
 * as prose writes its commas.
 */
export const isCsvLine = (line: string): boolean => !line.includes('|') && !line.includes('\t') && !/,\s/.test(line) && (line.match(/,/g) ?? []).length - (line.match(/(?<=\d),(?=\d{3}(?!\d))/g) ?? []).length >= 2;
