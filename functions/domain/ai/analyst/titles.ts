/**
 * Words an analyst would write: who said it (a role, never "he" or "we"), and titles that state the point
 * ("Gross margin fell 4.5 points to 36.5%, driven by …") with the figures exactly as the evidence wrote
 * them. A figure the title computes (a difference of two cited figures) is recorded as a derivation, so the
 * evaluation can check it.
 */
import type { CitationRef } from '@shared/schemas/report-document';
import type { Claim, FigureRef } from './claims';
import { compareFigures, DURATION_UNITS, judgeByWords } from './measures';
import { isEnglishWord, isUnknownName } from './nlp';
import { NUMBERED_HEADING } from './read-claims';
import type { Theme } from './themes';

/** A figure the drafter computed from cited figures (a difference of two percentages, …), recorded for checking. */
export interface Derivation {
  value: number;
  unit: string;
  op: 'difference' | 'ratio' | 'sum' | 'percent-change';
  /** the figures it is computed from, each at an exact span of an evidence text */
  inputs: { value: number; unit: string; evidence_id: string; start: number; end: number }[];
}

export interface Source {
  id: string;
  title: string;
  type: 'file' | 'url' | 'interview';
}

export interface Person {
  name: string;
  role: string;
}

const ACRONYM = /^(?:CEO|CFO|COO|CTO|CIO|CMO|CHRO|CRO|VP|HR|IT|MD)$/;

/** "the CFO", "the Head of Retail Operations", "the board pack", "the operations review". */
/** The role of the person an interview is with (from the stakeholders, else the title's "…, CFO"), or '' when it names no one. */
export function interviewRole(source: Source, people: readonly Person[]): string {
  if (source.type !== 'interview') return '';
  const title = source.title.replace(/\s+/g, ' ').trim();
  const person = people.find((p) => p.name.trim() && title.toLowerCase().includes(p.name.trim().toLowerCase()) && p.role.trim());
  // (the last part of a title names who was interviewed, not when or where: "Leadership session notes, 6 March 2025")
  const last = /,\s*([^,]+)$/.exec(title)?.[1]?.trim() ?? '';
  const when = /\d|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|winter|office|site|room|video|call|online|draft|final|edited|summary)\b/i.test(last);
  return person?.role.trim() ?? (when ? '' : last);
}

/** Words that name a role ("Head of Repairs", "Finance Director", "COO"). */
const ROLE_WORDS = /\b(?:head|director|manager|officer|chief|ceo|cfo|coo|cto|cio|cmo|chro|chair(?:man|woman|person)?|partner|lead|president|principal|controller|dean|provost|governor|founder|owner|secretary|treasurer|vp|superintendent|matron|registrar|bursar)\b/i;

/** Words that keep their capital in any position: peoples, nations and regions ("the Irish energy weekly article"). */
const PROPER_ADJECTIVE = /^(?:Irish|British|English|Scottish|Welsh|Northern|European|German|French|Dutch|Belgian|Spanish|Portuguese|Italian|Polish|Nordic|Scandinavian|Swedish|Danish|Norwegian|Finnish|American|Canadian|Australian|Chinese|Japanese|Indian|African|Asian|EU|UK|US|NHS)$/;

export function voiceOf(source: Source, people: readonly Person[]): string {
  const title = source.title.replace(/\s+/g, ' ').trim();
  const role = interviewRole(source, people);
  if (role) return `the ${role.split(' ').map((w) => (ACRONYM.test(w) || /^[A-Z]/.test(w) ? w : w.toLowerCase())).join(' ')}`;
  // an interview that names no one ("Claims operations walk-through") is named by its title, as a document is
  // a file name stands for a document: "annual.pdf" → "the annual document"
  const file = /^([\w\s-]+)\.(?:pdf|docx?|xlsx?|pptx?|txt|csv|md)$/i.exec(title);
  if (file) return `the ${file[1]!.replace(/[-_]+/g, ' ').trim().toLowerCase()} document`;
  // notes named after who gave them ("Notes: Head of Repairs", "Call notes – Finance Director"): that person, by role
  const kind = /^(?:(?:interview|call|meeting|site[- ]visit|visit)\s+)?(?:notes?|transcript|q&a|call|interview|minutes)\s*[:–—-]\s*(.+)$/i.exec(title);
  const giver = kind?.[1]!.split(/[,(;]/)[0]!.trim();
  if (giver && ROLE_WORDS.test(giver) && giver.split(' ').length <= 6) return `the ${giver.split(' ').map((w) => (ACRONYM.test(w) || /^[A-Z]/.test(w) ? w : w.toLowerCase())).join(' ')}`;
  const head = title
    .replace(/^interview(?: notes| transcript)?\s*:\s*/i, '')
    .split(/\s[-–—]\s|[:–—,;(]/)[0]!
    .replace(/\b[A-Z]*\d[\w/]*(?:[-–]\d[\w/]*)?/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s\-–—]+$/, '')
    // (nor the word that stood before a number taken out: "member bulletin No. 41" → "member bulletin")
    .replace(/\s+(?:no\.?|nr\.?|number|issue|vol\.?|volume|edition|#)$/i, '')
    // (a title that opens with its own article takes no second one: "The Floor Plan podcast" → "the floor plan podcast")
    .replace(/^(?:the|a|an)\s+/i, '');
  if (!head) return 'a document';
  // a title that names no kind of document ("Source 1", "Notes 3") is named as it is: "the source" says nothing
  if (/^(?:source|sources|document|file|evidence|item|items|notes?|text|untitled|upload|attachment)$/i.test(head)) return `“${title}”`;
  // (an acronym keeps its capitals when it owns the document: "CEO's note to the board" → "the CEO's note to the board")
  return `the ${head.split(' ').map((w) => (ACRONYM.test(w.replace(/['’]s$/, '')) || /^[A-Z]{2,}(?:['’]s)?$/.test(w) || PROPER_ADJECTIVE.test(w) ? w : w.toLowerCase())).join(' ')}`;
}

/** How a draft names each source when it quotes one ("the CFO in interview", "the board pack"), by evidence id. */
export const sourceVoices = (sources: readonly Source[], people: readonly Person[]): Map<string, string> =>
  new Map(sources.map((s) => [s.id, `${voiceOf(s, people)}${interviewRole(s, people) ? ' in interview' : ''}`]));

export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
// (a name the model has never seen as an English word keeps its capital: "Halden asked for …", not "halden")
export const lowerFirst = (s: string) => (((/^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]+[A-Z]/.test(s)) || /^A /.test(s)) && !isUnknownName(/^[A-Za-z]+/.exec(s)![0]) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** Whether a text states a figure as written, as a figure of its own: "3.1% of orders" does not state "1%". */
const statesFigure = (text: string, figure: string) => new RegExp(`(?<![\\d.,])${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text);

/** A figure as the evidence wrote it (one line). */
export const written = (f: FigureRef) => {
  // (a share of a count written with the organization's word for its own is stated in the report's voice: "3 of its top 10")
  const text = f.text.replace(/\s+/g, ' ').trim().replace(/\bour\b/g, 'its');
  // (a table's bare figure with the unit its heading gives: "82%" of "Load factor (%) | 82")
  if (f.headed) return f.unit === '%' ? `${text}%` : `${text} ${f.value === 1 ? f.unit.replace(/s$/, '') : f.unit}`;
  // a number in words that opened its sentence ("Three housing associations") is a figure in lower case mid-sentence
  // (and so does one that opens a share of a count, or a share in words: "twelve of its 14", "ninety-two percent")
  return /^\p{Lu}\p{Ll}+$/u.test(text) ? text.toLowerCase() : (/^(?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|All|Half) of\b/.test(text) || /^\p{Lu}\p{Ll}+(?:-\p{Ll}+)? (?:percent|per cent)$/u.test(text)) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
};

/** Whether a noun phrase is plural: its head (the last word before a preposition) ends in -s. */
const plural = (name: string): boolean => {
  // (the head is before a clause of what is agreed: "Agreement that staff listen to them" is one agreement)
  // (and before a word that follows it, "trucks due", "posts vacant")
  const head = name.replace(/\s*\([^()]*\)\s*$/, '').split(/\s+(?:on|of|in|at|for|per|among|across|with|within|that)\s+/)[0]!.replace(/\s+(?:due|left|outstanding|remaining|pending|overdue|open|available|vacant|unfilled|affected|involved|required|needed)$/i, '').split(' ').at(-1) ?? '';
  return /(?:s|ies)$/i.test(head) && !/(?:ss|us|is)$/i.test(head) && !/^(?:OEE|ARR|EBITDA|CAC)$/.test(head);
};
const be = (name: string) => (plural(name) ? 'are' : 'is');
const FILLER_WORDS = /\b(?:basically|honestly|actually|really|just|about|around|roughly|maybe|some|quite)\s+/gi;

const round1 = (v: number) => Math.round(v * 10) / 10;
const show = (v: number) => (Number.isInteger(round1(v)) ? String(round1(v)) : round1(v).toFixed(1));

function derive(theme: Theme, a: FigureRef, b: FigureRef, value: number, unit: string): Derivation {
  return {
    value,
    unit,
    op: 'difference',
    inputs: [a, b].map((f) => ({ value: f.value, unit: f.unit, evidence_id: theme.lead.evidence_id, start: f.start, end: f.end })),
  };
}

export interface Headline {
  /** the title sentence, without its full stop */
  text: string;
  /** the title without the cause, for the summary's clauses */
  short: string;
  derivations: Derivation[];
}

/** The display name: the measure's name with its place ("Staff turnover in stores"). */
/** A phrase in the case the evidence writes it ("nps" → "NPS", "ebitda margin" → "EBITDA margin"), when the sentence holds it. */
function asWritten(phrase: string, sentence: string): string {
  const at = sentence.toLowerCase().indexOf(phrase.toLowerCase());
  return at >= 0 ? sentence.slice(at, at + phrase.length) : phrase;
}

export function displayName(theme: Theme): string {
  const q = theme.lead.qualifier;
  // the evidence's own, more precise words for the measure ("engineering attrition", "inbound freight costs")
  const named = theme.lead.named.trim();
  const last = theme.name.toLowerCase().split(' ').at(-1)!;
  // the table's name when the evidence uses it; the evidence's own words when it names the measure otherwise ("scrap and rework cost")
  const tableWordsUsed = theme.name.toLowerCase().split(/\s+/).filter((w) => w.length > 3).every((w) => theme.lead.sentence.toLowerCase().includes(w));
  const base =
    named && !theme.measure?.intrinsic && !/\d/.test(named) && !/\b(?:is|are|was|were|has|have|had|reported|reports|said|says|told|noted|confirmed|estimated|expects|showed|shows|gave|gives)\b/.test(named) && !/^(?:to|it)\b/.test(named) && !/\b(?:takes?|took|provides?|supplies|supply|accounts?|stands?|rose|fell|goes|went)$/.test(named) && named.split(' ').length <= 6 && ((named.endsWith(last) && named.split(' ').length > theme.name.split(' ').length) || (theme.measure && !tableWordsUsed))
      ? capitalise(asWritten(named, theme.lead.sentence))
      : theme.name;
  if (q && q.toLowerCase().includes(base.toLowerCase())) return base;
  // a qualifier that only repeats the name's own words ("regulatory fines for the regulatory")
  const own = new Set(base.toLowerCase().split(/\s+/));
  if (q && q.toLowerCase().split(/\s+/).filter((w) => !/^(?:for|the|in|at|on|among|across|a|an)$/.test(w)).every((w) => own.has(w))) return base;
  return q && !base.toLowerCase().includes(q.toLowerCase()) ? `${base} ${q}` : base;
}

/**
 * The name a theme's figure goes by in a metric or a KPI: the measure's, except for an actor that is no
 * measure ("the integrated care board will tender £12m of elective activity": "Elective activity out to tender").
 */
export function metricName(theme: Theme): string {
  const cur = theme.lead.current;
  if (cur?.of && !theme.measure && theme.external && /\btender/i.test(theme.lead.sentence)) return capitalise(`${cur.of} out to tender`);
  return theme.name;
}

/** Who a competitor or customer claim is about: the company named, else the claim's own words for it. */
function who(theme: Theme, fallback: string): string {
  if (theme.entity) return theme.entity;
  const subject = theme.lead.subject;
  const cut = /^(.*?\b(?:competitors|rivals|chains?|retailers|players|entrants|customers?|suppliers?|centres?|centers?|clinics?|providers?))\b/i.exec(subject)?.[1];
  return cut ? capitalise(cut) : fallback;
}
const possessive = (name: string) => (/s$/.test(name) ? `${name}'` : `${name}'s`);

/** The words of the sentence from a figure on, in the analyst's voice ("62% of online customers surveyed would use …"). */
function fromFigure(c: Claim, f: FigureRef): string {
  const rest = c.sentence.slice(f.start - c.start).split(/[;:]|\.\s|\.$|\s\(/)[0]!;
  const words = rest
    .replace(/\b(?:said|say|says|told us)(?: that)? (?:they|he|she|we) /gi, '')
    .replace(FILLER_WORDS, '')
    .replace(/\b(?:our|their|your)\b/gi, 'the')
    .replace(/\b(?:we|us)\b/gi, 'the business')
    .split(/\s+/);
  return words.slice(0, 16).join(' ').replace(/[,]$/, '');
}

/**
 * "lower than in the UK plants": the words after a change figure that make it a comparison with something
 * else rather than a movement over time, in the analyst's voice; undefined when there are none.
 */
export function comparisonOf(c: Claim, f: FigureRef): string | undefined {
  const after = c.sentence.slice(f.end - c.start);
  // "lower than in the UK plants", "5 points below the sector", "2% above budget"
  // (a figure's own comma or point ends nothing: "6% below the 438,000 budgeted")
  const m = /^\s+(lower|higher|cheaper|dearer|below|above|under|over|ahead of|behind|more|less)\b(\s+than\s+(?:[^,;:.()]|[,.](?=\d))+|\s+(?=(?:the|our|its|their|peers?|sector|industry|national|market|target|budget|plan|benchmark|average|regional|competitors?|rivals?)\b)(?:[^,;:.()]|[,.](?=\d))+)?/i.exec(after);
  if (!m) return undefined;
  if (/^(?:below|above|under|over|ahead of|behind)$/i.test(m[1]!) && !m[2]) return undefined;
  // (a word of time after "over" or "under" is a period, no level: "fell 12% over the year")
  if (/^(?:under|over|ahead of|behind)$/i.test(m[1]!) && !/\b(?:peers?|sector|industry|national|market|targets?|budget|plan|benchmark|average|regional|competitors?|rivals?|forecast|norm|standard)\b/i.test(m[2]!)) return undefined;
  const than = (m[2] ?? '').trim().split(/\s+/).slice(0, 8).join(' ').replace(/\bours\b/gi, 'the organization\'s').replace(/\b(?:our|their|your)\b/gi, 'the');
  return `${m[1]!.toLowerCase()}${than ? ` ${than}` : ''}`;
}

/** The claim of a competitor theme that says who opened (the sentence the others' "it" refers to). */
export function openerOf(theme: Theme): Claim | undefined {
  return theme.claims.find((x) => !x.current && !x.change && /\b(?:centre|center|clinic|store|chain|competitor|provider|rival|entrant)s?\b/i.test(x.subject));
}

/** The clause from its subject through the figure and what it is of, in the analyst's voice. */
function fromSubject(c: Claim, f: FigureRef): string {
  const start = c.sentence.toLowerCase().indexOf(c.subject.split(' ')[0]!.toLowerCase());
  const end = f.end - c.start + (f.of ? c.sentence.slice(f.end - c.start).indexOf(f.of) + f.of.length : 0);
  const text = c.sentence.slice(Math.max(0, start), Math.max(end, 0)).replace(FILLER_WORDS, '').replace(/\b(?:our|their|your)\b/gi, 'the');
  const article = /^(?:the|a|an)\b/i.test(c.sentence.slice(Math.max(0, start - 4), start).trim()) ? 'the ' : '';
  return `${article}${text}`.split(/\s+/).slice(0, 18).join(' ');
}

/** The nouns just before a figure's "worth" ("battery housings worth €40m"). */
function nounsBefore(c: Claim, f: FigureRef): string {
  const before = c.sentence.slice(0, f.start - c.start).replace(/\s*\bworth\s*$/i, '');
  if (before.length === c.sentence.slice(0, f.start - c.start).length) return '';
  return (/((?:[a-z-]+\s){0,2}[a-z-]+)$/i.exec(before.trim())?.[1] ?? '').replace(/^(?:for|of|the|a|an|on|in)\s+/i, '');
}

/** A short phrase after a figure ("over five years"), up to the clause's end. */
function afterFigure(c: Claim, f: FigureRef): string {
  const rest = c.sentence.slice(f.end - c.start);
  const m = /^\s+((?:over|across|for|within)\s+(?:[a-z]+\s){0,2}[a-z]+)/i.exec(rest);
  return m ? ` ${m[1]}` : '';
}

/** A measure's name as a sentence starts it: "The waiting list", "The deficit"; mass nouns and plurals as they are ("Income", "Fuel costs"). */
function withArticle(name: string): string {
  const head = name.split(/\s+(?:on|of|in|at|for|among|with|per|across)\s+/)[0]!.split(' ').at(-1)!.toLowerCase();
  return /^(?:list|book|rate|ratio|score|time|backlog|gap|level|index|number|deficit|surplus|balance|position|bill|premium|payback|wait|value|total|count|share|occupancy|penetration|utili[sz]ation)$/.test(head) && !/^(?:the|a|an)\s/i.test(name)
    ? `The ${lowerFirst(name)}`
    : name;
}

/** Words that open a clause in lower case mid-sentence (a name keeps its capital). */
const COMMON_OPENERS = /^(?:The|A|An|Our|Their|Its|This|These|That|Those|Only|Most|Some|All|Each|Every|Almost|Nearly|About|Around|Roughly|Over|Under|More|Less|Fewer|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Both|Half|Just|Many|No|None|Following|After|Before|Since|Despite|Given|Because|During|Until|Without|Within|Through|Thanks|Due|Unless|Once|From|By|With|When|If|While|Although|Though|Whereas|Next|Last|Later|Earlier|Already|Also|Below|Above|Against|Beyond|They|It|There|He|She)\b/;


/** A pronoun's contraction written out, for the name put in its place. */
const CONTRACTED: Readonly<Record<string, string>> = { ve: 'have', re: 'are', ll: 'will', s: 'is', d: 'had' };

/**
 * A claim the source states of a population or of what it does, as reported speech: "The Chief Executive reports
 * that 72% of people leaving supported housing moved into a settled tenancy". The clause as written, with the
 * speaker's "we", "our" and "us" as the organization; undefined when there is no clause or it is too long to report.
 */
function reported(theme: Theme): string | undefined {
  const c = theme.lead;
  if (!c.clause || !theme.voice) return undefined;
  let text = c.sentence.slice(c.clause.start - c.start, c.clause.end - c.start).replace(/\s+/g, ' ').trim();
  // (a clause that opens with "which" or "who" speaks of what the sentence named before it, and is reported with it: "…
  // Atlas Partners, the consolidator, which is buying up brokers …")
  if (/^(?:which|who)\b/i.test(text) && c.clause.start > c.start) text = c.sentence.slice(0, c.clause.end - c.start).replace(/\s+/g, ' ').trim();
  // (a clause that opens with its figure after a note's label is stated with the label: "Antibiotic prescribing: 16% of consults, down from 21%")
  const label = /^[-•*\s]*([A-Z][\w-]*(?:\s+[\w-]+){0,4}):\s*$/.exec(c.sentence.slice(0, c.clause.start - c.start))?.[1];
  if (label && /^[£$€~]?\d/.test(text)) text = `${label}: ${text}`;
  // (a heading, a part of a bracket, or a diary's line without its subject, "Asked Puddlejump to come back …", is not reported as it is written)
  if (NUMBERED_HEADING.test(text) || (text.match(/\(/g) ?? []).length !== (text.match(/\)/g) ?? []).length || /^[-•*\s]*(?:[A-Z][\w-]*(?:\s+[\w-]+){0,2}:\s*)?(?:asked|met|told|agreed|called|visited|spoke|sent|emailed|discussed|reviewed|noted|chased|phoned|rang|renewed|signed|won|lost|secured|launched|hired|validated|completed|delivered|finished|started|opened|raised|moved|extended|negotiated|submitted|appointed)\b/i.test(text)) return undefined;
  // (a clause that opens with "they" after a name earlier in its sentence is that name's: "Zoolia (German online pet retailer)
  // visiting 24/09 - they have asked us to quote …" reports that Zoolia have asked)
  const before = c.sentence.slice(0, c.clause.start - c.start);
  // (never the speaker: "I'm also worried about Hallam Foods, …: they've been bought …" is Hallam Foods')
  const namedFirst = /^(?:they|it)\b/i.test(text)
    ? [...before.matchAll(/(?<![\p{L}'’])(\p{Lu}[\p{L}&'’-]*(?:\s\p{Lu}[\p{L}&'’-]+){0,2})(?![\p{L}'’])/gu)].map((m) => m[1]!).find((n) => !/^(?:I|I['’]\p{L}+|We|We['’]\p{L}+|You|They|It|He|She|Our|My|This|That|The|A|An)$/u.test(n) && !isEnglishWord(n) && n !== theme.organization)
    : undefined;
  // (with a contraction written out: "they've been bought" → "Hallam Foods have been bought")
  if (namedFirst) text = text.replace(/^(?:they|it)(?:['’](ve|re|ll|s|d))?\b/i, (_, c: string | undefined) => (c ? `${namedFirst} ${CONTRACTED[c.toLowerCase()]}` : namedFirst));
  text = text
    // (a chat message's time and sender are who said it, not what: "20/09/2025, 10:15 - Rhian Lloyd (FD): EPR fees …", "[02/06 08:21] Sam Okafor (CEO): …")
    .replace(CHAT_FRAME, '')
    .replace(ASIDE_END, '')
    .replace(OWN_ESTIMATE, ', an estimated ')
    .replace(/^[-•*\s]*(?:[A-Z]{1,3}:\s*)?/, '')
    // (and a cause's "because" or "as", when the cause is reported on its own: "… because civils contractors have put their day rates up")
    .replace(/^(?:and|but|while|whereas|although|though|so|yet|because|since|as)\s+(?=\S+\s+\S+\s+(?:has|have|had|is|are|was|were|will|would|did)\b)/i, '')
    .replace(/^(?:and|but|while|whereas|although|though|so|yet)\s+/i, '')
    // (a cause given in a clause of its own is stated as what happened: "mainly because drug costs rose …" → "drug costs rose …")
    .replace(/^(?:(?:mainly|partly|largely|mostly|chiefly|in part)\s+)?because\s+(?!of\b)(?=\S+\s+\S+)/i, '')
    .replace(/^(?:on the (?:other side|upside|downside|other hand|outside world)|however|also|meanwhile|in addition|separately|looking ahead|in short|overall)\s*[,:]\s*/i, '')
    // (a connective with no comma after it too: "On the other hand the new centre …")
    .replace(/^(?:on the (?:other hand|upside|downside|plus side|bright side|positive side|negative side)|by contrast|in contrast|conversely)\s*,?\s+(?=\S)/i, '')
    // (a note's verdict on its own line is the reader's to draw: "opportunity: regional NHS trust looking for …")
    .replace(/^(?:(?:an?|the|big|key|main|possible|potential|new)\s+)?(?:opportunit(?:y|ies)|threats?|risks?|upside|downside|concerns?|worry|worries|watch ?(?:out|point)?|outside (?:pressures?|factors?|risks?)|external (?:pressures?|factors?|risks?|environment)|outlook|risks? and opportunities)\s*:\s*/i, '')
    .replace(/^that\s+/i, '');
  // (a speaker's correction of themselves is what they meant: "she — sorry, we — pay carers £12.90" → "we pay carers £12.90")
  text = text.replace(/\b[\w'’]+\s*[—–-]+\s*sorry,?\s+([\w'’]+)\s*[—–-]+\s*/gi, '$1 ');
  // "Brokers keep asking us for it" after "Pet insurance.": what "it" is
  // a heading-like sentence before it ("The UK carbon levy.") names what the statement is about when no pronoun stands for it
  if (c.antecedent?.heading) text = `on ${lowerFirst(c.antecedent.text)}, ${/^(?:From|In|By|Next|Two|Three|Some|Most|Many|All|Both)\b/.test(text) || COMMON_OPENERS.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text}`;
  // (a subject named before the pronoun is what the pronoun stands for: "The biggest, which …, says it will …")
  // (not the "them" of the sentence's own subject: "… for their members, about 1,800 firms between them")
  else if (c.antecedent && !/^the \w+,/i.test(text)) text = text.replace(/(?<!\b(?:between|among|amongst|each of|all of|both of|most of|many of) )\b(?:it|them)\b/, lowerFirst(c.antecedent.text));
  // "Fiona is proud that …", "She said that …": the statement, without the speaker's frame
  const frame = /^(?:[A-Z][\w'’-]*\s+){1,3}(?:(?:also|then|later|again|further)\s+)?(?:is|was|are|were|says?|said|thinks?|believes?|reports?|reported|notes?|noted|stated|observed|highlighted|flagged|pointed out|remarked|estimates?|expects?|told \w+|mentioned|explained|added|feels?|conceded|concedes|admitted|admits|accepted|accepts|acknowledged|acknowledges|warned|warns|stressed|stresses|insisted|insists|argued|argues|claimed|claims|agreed|agrees|confirmed|confirms)\b[^,.;]{0,40}?\bthat\s+/.exec(text);
  // a label that opens the notes' line ("Regulation:", "On the outside world:") is not part of the statement
  // (a label of two or more words that names a thing, "Lactoferrin line:", is the statement's topic and is kept, and so is
  // a name that opens an outside change: "Workly: price cut of 30% on its core HRIS" is Workly's)
  // (nor one before a figure: "Antibiotic prescribing: 16% of consults" names what the figure measures)
  // (a topic's label with its article names no one: "The market: Microsoft is bundling …" reports that Microsoft is)
  text = text.replace(/^the (?:market|markets|outside|outside world|competition|context|outlook|environment|sector|economy|wider market)\s*:\s+(?=\S)/i, '');
  text = text.replace(/^(?:[A-Z][\w-]*(?:\s+[\w-]+){0,3}):\s+(?=\S)/, (label, _at: number, all: string) => (/\d/.test(label) || (/^[£$€~]?\d/.test(all.slice(label.length)) && !NO_MEASURE_LABEL.test(label)) || (c.kind === 'event' && (/^\S+\s+\S+/.test(label) || (!isEnglishWord(label.replace(/:\s*$/, '')) && (c.name.includes(label.replace(/:\s*$/, '')) || c.entity.includes(label.replace(/:\s*$/, ''))))) && !/^(?:On|In|At|For|From|About|Regarding|Re)\b/.test(label)) ? label : ''));
  if (frame) text = text.slice(frame[0].length);
  // (and a pronoun's frame with no "that": "he admits the margin, about 13.6%, is below …")
  else text = text.replace(/^(?:he|she|they) (?:admits?|admitted|concedes?|conceded|accepts?|accepted|acknowledges?|acknowledged|says?|said|thinks?|believes?|reckons?|feels?|notes?|noted|stresses|stressed|warns|warned)\s+(?:that\s+)?/i, '');

  // a chat's fillers before the statement ("heads up,", "also fyi,", "btw") are not part of it
  // (and an answer's interjection: "Yes - we've been invited to bid …", "Well, …", "No, …")
  // (and a speaker's own worry after it, "…, which worries me for the SMB base", and a lead-in, "One more thing — …")
  text = text.replace(/,?\s*(?:which|and that|that|this) (?:really )?(?:worries|concerns|bothers|scares|frightens) (?:me|us)\b[^.;]*[.;]?\s*$/i, '').replace(/^(?:one more thing|one last thing|and finally|finally|lastly|oh,? and)\s*[—–:-]+\s*/i, '');
  text = text.replace(/^heads[- ]up from [^:]{1,40}:\s+/i, '').replace(/^(?:(?:heads[- ]up|also|and|so|btw|fyi|ok|okay|quick one|just|note)[,:;!-]?\s+)+/i, '').replace(/^(?:yes|yeah|no|well|right|sure|indeed|absolutely|honestly|look)\s*[,–—-]+\s*/i, '');
  // nor the enumeration of a list written as prose ("First, …", "Second, …", "Separately, …")
  text = text.replace(/^(?:first|second|third|fourth|finally|lastly|separately|in addition|additionally|meanwhile),\s+/i, '');
  // one sentence: a statement that goes on into the next sentence is joined to it
  // (the sentence joined after a ";" starts in lower case unless it opens with a name: "…; on today's mix …")
  text = asReported(text, theme.organization ?? 'the organization')
    .replace(/[\s.;:,]+$/, '')
    .replace(/([a-z0-9%)])\.\s+(?=[A-Z])/g, '$1; ')
    .replace(/; (On|In|At|For|The|A|An|This|That|These|Those|It|Its|We|Our|They|Their|But|And|So|As|If|When|With|By|From|Of|To|Some|Most|Many|All|One|Two|Three|There|Here|Only|Now|Then)\b/g, (_m, w: string) => `; ${w.toLowerCase()}`);
  // (a verdict on a place or a market before what happens there names where: "Taiwan is the good news: our distributor there …"
  // reports that in Taiwan, the distributor …)
  text = text.replace(/^([Tt]he\s+)?((?:\p{Lu}[\p{L}&'’-]*\s){0,2}\p{Lu}[\p{L}&'’-]*)\s(?:is|are) the (?:good |bad |real |big |main |only )?(?:news|worry|risk|concern|upside|bright spot|problem)\s*[:\-–—]\s*/u, (_m, the: string | undefined, where: string) => `in ${the ? 'the ' : ''}${where}, `);
  // (a verdict that labels the line is the writer's, not the news: "Good news: the college has asked us …" reports that the college …)
  text = text.replace(/^(?:the\s+)?(?:good|bad|great|better|big|real|other)\s+news\s*[:\-–—]\s*/i, '');
  // (a condition left without what follows from it says nothing: "… due March - if it fails" is reported up to the condition)
  text = text.replace(/\s*[-–—,;]?\s*\b(?:if|unless)\b[^,;.]*$/i, '');
  if (!text || text.split(/\s+/).length > 45) return undefined;
  // (a topic's label kept before its colon reads in lower case: "… reports that commuter-town growth: Navan …")
  if (/^\p{Lu}[\p{Ll}-]+\s+\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*)?:\s/u.test(text) && !/^(?:I|I'm|I've)\b/.test(text)) text = text.charAt(0).toLowerCase() + text.slice(1);
  // (never the organization's own name, whatever word of English it is: "Summit has 38 open roles")
  else if (!(theme.organization && text.startsWith(theme.organization.trim())) && (/^(?:One|Two|Three|Four|Five|Six|Several|Both|Each|Every|Another|Half|Most|Many|Some|No|None)\b(?! of [A-Z])/.test(text) || COMMON_OPENERS.test(text) || commonOpener(text, c) || judgeByWords(text.split(/\s+/)[0]!) || /^(?:Customers?|Clients?|Brokers?|Retailers?|Competitors?|Rivals?|Landlords?|Councils?|Regulators?|Payers?|Buyers?|Suppliers?|Users?|Guests?|Patients?|Students?|Members?|Staff|Respondents?|Labs?|Companies|Firms|Providers|Operators|Agencies|Banks|Insurers|Lenders|Councils|Schools|Hospitals|Practices|Stores|Shops|Sponsors|Vendors|Partners|Distributors|Wholesalers|Demand|Prices|Sales|Volumes)\b/.test(text))) text = text.charAt(0).toLowerCase() + text.slice(1);
  // (a topic's label before a change stated in full is what the change is about: "new legal AI tools: two rival firms now offer …"
  // reports that, on new legal AI tools, two rival firms now offer …)
  const topicLabel = c.kind === 'event' ? /^(\p{Ll}[\p{L}\s&'’-]{2,40}?):\s+((?:[\p{L}'’-]+\s+){0,5}(?:now\s+)?(?:is|are|was|were|has|have|had|will|would|could|may|can|offers?|offered|plans?|opened|opens|launched|launches|entered|enters|cut|cuts|raised|raises)\b.*)$/u.exec(text) : null;
  if (topicLabel && !/\b(?:the|a|an)\s*$/.test(topicLabel[1]!)) text = `on ${topicLabel[1]}, ${topicLabel[2]}`;
  // (a change a note files under the name of who makes it is reported on that name: "The board pack reports on Workly: price cut of 30% …")
  const filed = c.kind === 'event' ? /^(\p{Lu}[\p{L}&'’-]+(?:\s\p{Lu}[\p{L}&'’-]+){0,2}):\s/u.exec(text)?.[1] : undefined;
  if (filed && !isEnglishWord(filed) && (c.name.includes(filed) || c.entity.includes(filed))) return `${capitalise(theme.voice)} ${verbFor(theme.voice, 'report')} on ${text}`;
  return `${capitalise(theme.voice)} ${verbFor(theme.voice, 'report')} that ${text}`;
}

/**
 * Whether a reported statement opens with a capitalised word of English that is no name ("Below 96%, …", "Private work
 * growing fast"): one the model knows as a word, not followed by another capitalised word ("Brightway Dental Group"),
 * not the claim's company, and written in lower case elsewhere in its sentence or nowhere else at all.
 */
function commonOpener(text: string, c: Claim): boolean {
  const word = /^(\p{Lu}\p{Ll}+)(?=[\s,;:.-]|$)/u.exec(text)?.[1];
  if (!word || !isEnglishWord(word) || /^\p{Lu}\p{Ll}+[\s-]+(?:\p{Lu}|&)/u.test(text) || (c.entity.includes(word) && /\s/.test(c.entity.trim()))) return false;
  // (a word capitalised mid-sentence in the evidence is a name there: "… supplied by Kestrel, and Kestrel says …")
  return !new RegExp(`(?<!(?:^|[.!?:\\n])\\s*(?:[-•*]\\s*)?)\\b${word}\\b`, 'u').test(c.sentence);
}

/** "the Chief Executive and Finance Director", "the CFO and COO": two roles named together. */
const twoPeople = (voice: string) => {
  const m = /^the ([\w\s-]+?) and (?:the )?([\w\s-]+)$/i.exec(voice);
  return Boolean(m && ROLE_WORDS.test(m[1]!.split(/\s+/).at(-1)!) && ROLE_WORDS.test(m[2]!.split(/\s+/).at(-1)!) && !/\b(?:between|from|with|by|for|to|of)\b/i.test(voice));
};

/** A source named by a plural noun takes a plural verb: "the survey results report", "the board minutes record". */
function verbFor(voice: string, verb: 'report' | 'record'): string {
  // (the head noun is the last word before any preposition: "the minutes of the board", "the call notes with the operations director")
  const head = voice.trim().split(/\s+(?:of|with|from|for|on|by|at|about|to|in)\s+/i)[0]!;
  // (two people named together speak as a plural: "the Chief Executive and Finance Director record")
  return /\b(?:results|minutes|notes|figures|accounts|kpis|statistics|records|returns|findings|responses|comments|metrics|numbers|papers|slides|highlights|statements|transcripts|bullets|pointers|jottings|\w+ings)$/i.test(head) || twoPeople(head) ? verb : `${verb}s`;
}

/** Whether what a figure is "of" is the measure itself, no whole it is a share of: "£42m of cash" is cash. */
const ofItself = (name: string, of: string) => name.toLowerCase() === of.toLowerCase().replace(/^(?:the|its|our|their)\s+/, '');

/** Past tenses that end in neither -s nor -ed: they agree with any subject ("we lost" → "Velora lost"). */
const IRREGULAR_PAST = ['lost', 'won', 'took', 'made', 'cut', 'put', 'set', 'ran', 'grew', 'fell', 'rose', 'saw', 'got', 'gave', 'paid', 'spent', 'sold', 'bought', 'kept', 'left', 'met', 'held', 'built', 'brought', 'thought', 'told', 'said', 'went', 'came', 'began', 'did', 'hit', 'let', 'shut', 'hired', 'knew', 'found', 'felt', 'lent', 'sent', 'drew', 'wrote'];

/** The speaker's first person as the organization: "we have" → "Velora has", "our clients" → "Velora's clients". */
function asReported(text: string, organization: string): string {
  const org = organization.trim() || 'the organization';
  const possessive = /s$/.test(org) ? `${org}'` : `${org}'s`;
  const agree: Record<string, string> = { have: 'has', are: 'is', were: 'was', do: 'does', "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't", "weren't": "wasn't", "'ve": ' has', "'re": ' is' };
  return text
    .replace(/\b[Ww]e['’]ve\b/g, `${org} has`)
    .replace(/\b[Ww]e['’]re\b/g, `${org} is`)
    .replace(/\b[Ww]e['’]ll\b/g, `${org} will`)
    .replace(/\b[Ww]e['’]d\b/g, `${org} would`)
    // (an adverb before the verb stays as it is and the verb after it agrees: "we still keep" → "… still keeps")
    .replace(/\b[Ww]e\s+((?:still|also|now|only|already|just|often|usually|never|always|currently|actually|really|finally|recently|eventually|probably|definitely|certainly|clearly|even|again|then|therefore|generally|typically|mostly|largely|broadly|increasingly|gradually|rarely|seldom|sometimes|quickly|slowly|successfully|consistently|routinely|regularly|effectively|essentially|basically|honestly|simply|deliberately)\s+)?([a-z']+)/g, (_, adverb: string | undefined, verb: string) => `${org} ${adverb ?? ''}${agree[verb] ?? (/(?:s|ed)$/.test(verb) || ['will', 'would', 'can', 'could', 'should', 'may', 'might', 'must', 'had', "can't", 'can’t', 'cannot', "won't", 'won’t', "wouldn't", 'wouldn’t', "couldn't", 'couldn’t', "shouldn't", 'shouldn’t', "mustn't", 'mustn’t', "didn't", 'didn’t', "wasn't", 'wasn’t', "weren't", 'weren’t', ...IRREGULAR_PAST].includes(verb) ? verb : /(?:ch|sh|x|o)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`)}`)
    // (what someone tells "us" is told to the organization, "that" before what they said: "tells us Admiral and Direct Line have …")
    .replace(/\b(tells?|told|warned|informed|assured|reminded|showed|shows) us (?!that\b|about\b|of\b|to\b|how\b|what\b|why\b|when\b|where\b|whether\b|if\b|so\b)(?=\p{Lu}|the\b|a\b|an\b|they\b|it\b|[a-z]+ (?:is|are|was|were|has|have|will|would)\b)/gu, `$1 ${org} that `)
    .replace(/\b(?:us|ours)\b/g, org)
    // ("our" after the organization is named in the sentence is "its": "Marcher Fuels lost 9% of its domestic accounts", "will force
    // Fenwick to reprice its legacy accounts")
    .replace(/\b[Oo]ur\b/g, (word: string, at: number, whole: string) => (at > 0 && whole.slice(Math.max(0, whole.lastIndexOf('. ', at)), at).includes(org) ? 'its' : possessive));
}

const fiveGrams = (text: string) => {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)?/gu) ?? [];
  return words.length < 6 ? [] : words.slice(0, -4).map((_, i) => words.slice(i, i + 5).join(' '));
};

/** The first wording that does not copy the evidence sentence it restates (four in five of its word 5-grams), else the last. */
function unlike(sentence: string, wordings: readonly string[]): string {
  const source = new Set(sentence.split('\n').flatMap(fiveGrams));
  return wordings.find((w) => {
    const own = fiveGrams(w);
    return !own.length || own.filter((g) => source.has(g)).length / own.length < 0.8;
  }) ?? wordings.at(-1)!;
}

const ENTERED = /^(?:[-•*]\s*)?(.{3,60}?)\s+(?:have\s+|has\s+)?entered\s+(the\s+[^,.;]{2,40}?market)\b/i;

/** The finding's title: the measure, what it did or where it stands, and why where the evidence says. */
/** Labels of notes that name no measure: "Headline:", "Bottom line:", "Key point:". */
const NO_MEASURE_LABEL = /^(?:headline|bottom line|key (?:point|message|finding)|note|nb|summary|overall|in short|update|context|background|comment|result|results|fyi|ps)\b/i;

/** A figure the clause holds possible, not stated as a level: "could pay £34 a unit", "would cost about £2m", "may reach 40%". */
const MODAL_LEVEL = /\b(?:could|would|might|may)\s+(?:(?:only|easily|well|still|now|then|also|even)\s+)?(?:pay|cost|save|bring|add|reach|earn|generate|make|mean|take|deliver|yield|return|be worth|fetch|attract|cut|lose|need|require)\b/i;

export function headline(theme: Theme): Headline {
  const c = theme.lead;
  // (a table's row names its scale with the measure, as its label does: "Revenue (£m) rose from 49.8 to 53.4")
  const name = c.scale && !displayName(theme).includes('(') ? `${displayName(theme)} (${c.scale})` : displayName(theme);
  // (the verb agrees with the name as written: "Time to hire is", though the measure's own name is "Time to fill vacancies")
  const is = be(name);
  const derivations: Derivation[] = [];
  let text: string;
  const cur = c.current;
  const id = theme.measure?.id ?? '';
  const counted = (f: FigureRef) => {
    const noun = (f.counts ?? '').replace(/^such\s+/i, '').trim();
    // (never the name again: "Trucks due stand at 14", not "… at 14 trucks due")
    if (noun.toLowerCase() === name.toLowerCase().replace(/^the\s+/, '')) return written(f);
    return noun && !/\p{L}/u.test(written(f).replace(/^[£$€]/, '')) ? `${written(f)} ${noun}` : written(f);
  };
  const startsWithFigure = (f: FigureRef) =>
    !/\p{L}/u.test(
      c.sentence
        .slice(0, f.start - c.start)
        .replace(/^.*:\s*/, '')
        .replace(/^[-•*\s]*/, '')
        .replace(/\b(?:about|around|roughly|some|nearly|almost)\b/gi, ''),
    );
  // (a level the clause only holds possible, "NHS contract reform could pay £34 a unit", is no level it stands at)
  const possible = Boolean(cur && !c.change && !c.previous && c.clause && MODAL_LEVEL.test(c.sentence.slice(c.clause.start - c.start, c.clause.end - c.start)));
  const reportedText = (!theme.measure && (c.kind === 'share' || c.kind === 'actor' || c.kind === 'event')) || possible ? reported(theme) : undefined;
  if (reportedText) {
    // a share of a population or what an actor counts: the source's own statement, attributed, not a paraphrase
    text = reportedText;
  } else if (id === 'competitor-prices' && c.change) {
    text = `${possessive(who(theme, 'Competitors'))} prices are ${written(c.change)} ${c.change.dir === 1 ? 'higher' : 'lower'}`;
  } else if (id === 'competitor-prices' && cur && reported(theme)) {
    // "One large rival cut its small-merchant price to 1.2% flat": the rival's own price, not a gap, in the source's words
    text = reported(theme)!;
  } else if (id === 'competitor-openings' && cur && !/^(?:hours|days|weeks|months)$/.test(cur.unit)) {
    text = `${who(theme, 'A competitor')} has opened ${counted(cur)} nearby`;
  } else if (id === 'competitor-openings' && ENTERED.test(c.sentence)) {
    // "Two new low-cost competitors entered the UK market in 2025 and are winning …": who entered which market, when
    const [, who2, market] = ENTERED.exec(c.sentence)!;
    text = `${capitalise(who2!.replace(/\b(?:our|their|your)\b/gi, 'the').trim())} entered ${market!.replace(/\b(?:our|their|your)\b/gi, 'the')}${c.period ? ` in ${c.period}` : ''}`;
  } else if (id === 'competitor-openings') {
    // "A private diagnostic centre opened two miles from our main site. It offers MRI scans within 48 hours."
    const opener = openerOf(theme);
    const offer = /^(?:it|they)\s+(.+?)(?:[;.]|$)/i.exec(c.sentence)?.[1];
    text = `${opener ? capitalise(`a ${opener.subject.replace(/^(?:a|an|the)\s+/i, '')}`) : who(theme, 'A competitor')} has opened nearby${offer && cur ? ` and ${offer.replace(FILLER_WORDS, '')}` : ''}`;
  } else if (cur && !theme.measure && !judgeByWords(theme.name) && theme.external) {
    // an actor, not a measure: what it does ("£12m of elective activity is out to tender from the integrated care board")
    const actor = c.subject.replace(/^(?:on (?:the )?upside|however|also)\s+/i, '').trim();
    const subjectPhrase = fromSubject(c, cur);
    // (a phrase that stops before its verb, "Dental nurses' pay award of 5.5%" of "… is to be applied from October", is the
    // source's statement instead; and a note with no verb at all is what the source records: "The draft SWOT records
    // urgent-care tender from the integrated care board, £2.3m a year")
    const clauseEnd = c.clause ? c.clause.end - c.start : c.sentence.length;
    const verbAfter = /^[\s,]*(?:(?:is|are|was|were|will|would|could|may|has|have|had)\b|(?:goes|go|comes|come|takes|take|starts|start|applies|apply|rises|rise|falls|fall)\b)/i.test(c.sentence.slice(cur.end - c.start, clauseEnd));
    const noVerb = Boolean(c.verbless && theme.voice);
    const whole = verbAfter || noVerb ? reported(theme) : undefined;
    text = /\btender/i.test(c.sentence) && cur.of
      ? `${capitalise(written(cur))} of ${cur.of} is out to tender${actor ? ` from the ${actor.replace(/^(?:the|a|an)\s+/i, '')}` : ''}`
      : whole && verbAfter
        ? whole
        : whole
          ? whole.replace(/ (?:reports?|records?) that /, ` ${verbFor(theme.voice!, 'record')} `)
          : capitalise(subjectPhrase);
  } else if (cur?.of && /\{subject\}|\{entity\}/.test(theme.measure?.action ?? '') && (theme.measure?.intrinsic ?? 0) < 0) {
    const holder = id === 'customer-concentration' ? who(theme, 'The largest customer') : capitalise(c.subject || who(theme, name));
    const company = holder === theme.entity;
    text = `${holder} ${!company && plural(holder) ? 'account' : 'accounts'} for ${written(cur)} of ${cur.of}`;
    // what it has said it will do, in the same sentence ("… has told Harbourline it will re-tender its chilled distribution in January")
    if (c.intent && !theme.consequence && c.intent.split(/\s+/).length <= 12) text += `, and ${plural(holder) && !company ? 'plan' : 'plans'} to ${c.intent.replace(/^(?:will|to)\s+/, '')}`;
  } else if (cur && c.previous && compareFigures(cur, c.previous) && (cur.unit === c.previous.unit || !c.previous.unit || (DURATION_UNITS.has(cur.unit) && DURATION_UNITS.has(c.previous.unit)))) {
    const up = compareFigures(cur, c.previous) === 1;
    // (an earlier value stated in a sentence of its own is a clause of its own: each figure stays with the words that state it,
    // "Staff turnover is 29%; it had been 38%", never "fell 9 points", which joins what two sentences say)
    // (or in a clause of its own: "We were at 41% two years ago and we closed this year at 33%")
    const own = c.clause ?? { start: c.start, end: c.end };
    // (a move on its way is said as one: "Treatwell commission going from 20% to 25% in January" has not risen yet)
    const ahead = /\b(?:going|set|due|expected|forecast|projected|planned)\s+(?:to\s+(?:rise|fall|go|increase|drop|move|change)\s+)?from\b|\bwill\s+(?:rise|fall|go|increase|drop|move|change)\s+from\b/i.test(c.sentence.slice(own.start - c.start, own.end - c.start));
    if (ahead) {
      text = `${name} ${is} set to ${up ? 'rise' : 'fall'} from ${written(c.previous)} to ${written(cur)}`;
    } else if (c.previousFrom && (c.previousFrom.end <= own.start || c.previousFrom.start >= own.end)) {
      text = `${name} ${is} ${written(cur)}; it had been ${written(c.previous)}`;
    } else if (cur.unit === '%' && cur.of && c.kind !== 'label') {
      // a share of a whole and what it was: "Fuel accounts for 31% of operating costs, up from 24%", not "Fuel rose 7 points"
      text = `${name} ${plural(name) ? 'account' : 'accounts'} for ${written(cur)} of ${cur.of.toLowerCase() === 'total' ? 'the total' : cur.of}, ${up ? 'up' : 'down'} from ${written(c.previous)}`;
    } else if (cur.unit === '%' && !(cur.ratio && /\b(?:in|of|out of)\b/.test(cur.text))) {
      // (a ratio written as one in five moves from one to the other as written, not by points the source never gives)
      const diff = Math.abs(cur.value - c.previous.value);
      derivations.push(derive(theme, c.previous, cur, round1(diff), 'pt'));
      text = `${name} ${up ? 'rose' : 'fell'} ${show(diff)} ${show(diff) === '1' ? 'point' : 'points'} to ${written(cur)}`;
    } else text = unlike(theme.claims.map((x) => x.sentence).join('\n'), [`${name} ${up ? 'rose' : 'fell'} from ${written(c.previous)} to ${written(cur)}`, `${name} ${up ? 'rose' : 'fell'} to ${written(cur)}, from ${written(c.previous)}`]);
  } else if (cur && c.change && c.change.per && cur.unit !== c.change.unit) {
    // "EV platform volumes … growing by around 30% a year, and … battery housings worth €40m over five years"
    const what = nounsBefore(c, cur);
    text = `${name} ${is} ${c.change.dir === 1 ? 'growing' : 'falling'} ${written(c.change)} ${c.change.per}${what ? `, with ${what} worth ${written(cur)}${afterFigure(c, cur)} in play` : ''}`;
  } else if (cur && c.change && comparisonOf(c, c.change)) {
    // "Assessment and feedback: 68%, 5 points below the sector": a level and its gap to a benchmark, not a movement
    // (a share keeps what it is of: "Finance & insurance penetration stands at 61% of retail deals, 3pp above plan")
    text = `${withArticle(name)} ${plural(name) ? 'stand' : 'stands'} at ${written(cur)}${cur.of ? ` of ${cur.of}` : ''}, ${written(c.change)} ${comparisonOf(c, c.change)}`;
  } else if (cur && c.change) {
    text = `${name} ${c.change.dir === 1 ? 'grew' : 'fell'} ${written(c.change)}${cur.of ? ` and now ${plural(name) ? 'make' : 'makes'} up ${written(cur)} of ${cur.of}` : ` to ${written(cur)}`}`;
  } else if (cur && theme.measure?.says && (cur.unit || !/\p{L}/u.test(written(cur))) && !(/\bof downtime\b/.test(theme.measure.says) && !/^(?:hours|minutes|days|weeks)$/.test(cur.unit)) && (!/\{subject\}/.test(theme.measure.says) || c.subject)) {
    text = capitalise(theme.measure.says.replace('{n}', `${written(cur)}${cur.per ? ` ${cur.per}` : ''}`).replace('{subject}', c.subject)) + (c.qualifier && /\{subject\}/.test(theme.measure.says) ? ` ${c.qualifier}` : '');
  } else if (cur && theme.measure?.intrinsic === 1 && (cur.of || cur.counts)) {
    text = cur.of || startsWithFigure(cur) ? `${name}: ${fromFigure(c, cur)}` : `${name}: ${counted(cur)}${c.qualifier ? ` ${c.qualifier}` : ''}`;
  } else if (cur && id === 'ageing-workforce' && !cur.of && cur.ratio && c.clause && /\b(?:over|aged|older than|above) \d{2}\b/.test(c.sentence.slice(c.clause.start - c.start, c.clause.end - c.start))) {
    // a count of a team past an age is said as the evidence counts it: "Eight of its 46 account handlers are over 60"
    text = capitalise(c.sentence.slice(c.clause.start - c.start, c.clause.end - c.start).replace(/^[\s\-•*]+|[\s,;.]+$/g, '').replace(/\bour\b/g, 'its'));
  } else if (cur && id === 'ageing-workforce' && cur.of) {
    text = `${capitalise(written(cur))} of ${cur.of} are close to retirement`;
  } else if (cur && cur.of && !ofItself(name, cur.of) && !theme.measure && startsWithFigure(cur) && c.kind !== 'label') {
    text = `${name}: ${fromFigure(c, cur)}`;
  } else if (cur && cur.of && !ofItself(name, cur.of) && !/^(?:Satisfaction|Dissatisfaction|Agreement|Disagreement) (?:with|that)\b/.test(name)) {
    // a sentence with its verb ("Direct bookings account for 38% of room nights"), not a label and its value
    // (a sum lost or spent of a whole is what it cost, not a share: "booking system outage in Aug lost est. £160k of sales")
    const cost = /^[£$€]$/.test(cur.unit) && /\b(?:lost|lose|loses|cost|costs|wiped|wipes)\b/i.test(c.sentence);
    // (a site or a fleet that runs at a share of its capacity runs at it: "The Leeds plant is running at 96% of capacity")
    const runs = cur.unit === '%' && /\bcapacity\b/i.test(cur.of);
    text = `${name} ${cost ? 'cost' : runs ? (plural(name) ? 'run at' : 'runs at') : plural(name) ? 'account for' : 'accounts for'} ${written(cur)} of ${cur.of}${c.period && !/year on year/i.test(c.period) ? ` in ${c.period}` : ''}`;
  } else if (cur && theme.measure?.intrinsic && /^[£$€]$/.test(cur.unit) && /\bcost/i.test(c.sentence)) {
    text = `${name} ${c.forecast || /\bfrom (?:19|20)\d{2}\b/.test(c.sentence) ? 'will cost' : plural(name) ? 'cost' : 'costs'} ${written(cur)}${cur.per ? ` ${cur.per}` : ''}`;
  } else if (cur && theme.measure?.intrinsic === 1 && nounsBefore(c, cur)) {
    text = `${name}: ${nounsBefore(c, cur)} worth ${written(cur)}${afterFigure(c, cur)} are in play`;
  } else if (cur && c.trend !== 0) {
    text = `${name} ${c.trend === 1 ? 'rose' : 'fell'} to ${written(cur)}${cur.per ? ` ${cur.per}` : ''}`;
  } else if (cur && c.movedWord && !c.benchmark && !cur.of) {
    // a move judged by its verb, with no earlier value: "Patient satisfaction improved to 91%"
    text = `${name} ${c.movedWord} to ${counted(cur)}${cur.per ? ` ${cur.per}` : ''}`;
  } else if (cur && /^[£$€]$/.test(cur.unit) && !theme.measure && !c.benchmark && !c.previous && /\b(?:cost|costs)\s+(?:us|the (?:company|group|business|firm|organi[sz]ation))\b/i.test(c.sentence)) {
    // what something cost the organization is what it cost, not a level it stands at: "returns cost us c.£210k in Aug alone"
    text = `${name} cost ${written(cur)}`;
  } else if (cur && c.heldDespite && !c.benchmark) {
    // a level held steady against what should have moved it: "Gross margin held at 31% despite price deflation"
    text = `${name} held at ${counted(cur)}${cur.per ? ` ${cur.per}` : ''} ${c.heldDespite}`;
  } else if (cur && !c.benchmark && cur.unit === 'years' && /^\s*old\b/.test(c.sentence.slice(cur.end - c.start))) {
    // an age is said as one: "The core banking system is 24 years old", never "stands at 24 years"
    text = `${withArticle(name)} ${plural(name) ? 'are' : 'is'} ${counted(cur)} old`;
  } else if (cur) {
    // no movement and no benchmark: the source's judgement says whether the level is high or low for the measure
    const polarity = theme.measure ? (theme.measure.intrinsic ? 0 : theme.measure.polarity) : (judgeByWords(theme.name)?.polarity ?? 0);
    // (not when the source's own words compare it, which the sentence gives: "Revenue is £48.3m, ahead of budget")
    const judgement = !c.benchmark && !c.peerWords && theme.valence !== 0 && polarity !== 0 ? (theme.valence * polarity > 0 ? 'high at ' : 'low at ') : '';
    text = theme.measure
      ? `${name} ${is} ${judgement}${counted(cur)}${cur.per ? ` ${cur.per}` : ''}`
      : `${withArticle(name)} ${plural(name) ? 'stand' : 'stands'} at ${counted(cur)}${cur.per ? ` ${cur.per}` : ''}`;
  } else if (c.change && comparisonOf(c, c.change)) {
    // "Labour costs per hour are about 40% lower than in the UK plants": a comparison, not a movement
    text = `${name} ${is} ${written(c.change)} ${comparisonOf(c, c.change)}`;
  } else if (c.change && /\bgrowth$/i.test(theme.name)) {
    // growth is itself a change: "market growth was 1.5% in 2024", never "market growth rose 1.5%"
    text = c.period && !/year on year/i.test(c.period) ? `${name} was ${written(c.change)} in ${c.period}` : `${name} ${is} ${written(c.change)}`;
  } else if (c.change) {
    text = c.change.per
      ? c.forecast && /\bforecast\b/i.test(c.sentence)
        ? `${name} ${is} forecast to ${c.change.dir === 1 ? 'grow' : 'fall'} ${written(c.change)} ${c.change.per}`
        : `${name} ${is} ${c.change.dir === 1 ? 'growing' : 'falling'} ${written(c.change)} ${c.change.per}`
      : c.forecast
        ? `${name} ${is} set to ${c.change.dir === 1 ? 'rise' : 'fall'} ${written(c.change)}`
        : `${name} ${c.change.dir === 1 ? 'rose' : 'fell'} ${written(c.change)}`;
  } else {
    text = `${name}: ${paraphrase(c, theme.organization)}`;
  }
  // (a share of a whole against a level in its own unit: "Agency hours account for 23% of all hours, 8 points above the ceiling of 15%")
  // (a statement reported as written that already gives the benchmark does not give it twice)
  if (c.benchmark && cur && c.benchmark.value !== cur.value && !statesFigure(text, written(c.benchmark)) && (!cur.of || (cur.unit === '%' && c.benchmark.unit === '%' && ((!c.benchmarkFrom && c.clause !== undefined && c.benchmark.start >= c.clause.start && c.benchmark.end <= c.clause.end) || (c.benchmarkFrom && c.benchmark.label === 'peer level' && Boolean(c.benchmark.by) && !/\b(?:we|our|us|i)\b/i.test(c.benchmark.by!)))))) {
    const above = cur.value > c.benchmark.value;
    const ratio = above ? cur.value / c.benchmark.value : c.benchmark.value / cur.value;
    const well = ratio >= 1.25 ? 'well ' : '';
    const label = c.benchmark.label ?? 'benchmark';
    const word = !above && theme.measure?.polarity === -1 && /requirement|target/.test(label) ? 'within' : above ? 'above' : 'below';
    // a benchmark stated in a sentence of its own is a clause of its own: each figure stays with the words that state it
    // a time or a share against its level in the same clause: the gap, in the measure's unit ("11 hours, 7 hours above the contractual level of 4 hours")
    const gapUnit = cur.unit === c.benchmark.unit && c.benchmark.text === written(c.benchmark) && !/[–-]|\bto\b/.test(c.benchmark.text) ? { hours: 'hours', days: 'days', weeks: 'weeks', months: 'months', minutes: 'minutes', '%': 'points' }[cur.unit] : undefined;
    // (to as many decimals as the figures it is taken from: 0.25% − 0.12% is 0.13 points, not 0.1)
    const places = Math.max(...[cur.text, c.benchmark.text].map((x) => /\.(\d+)/.exec(x)?.[1]!.length ?? 0));
    const gap = places > 1 ? Number(Math.abs(cur.value - c.benchmark.value).toFixed(places)) : round1(Math.abs(cur.value - c.benchmark.value));
    // peers' own level, in the words that state it: "21.4%, below the 24% that the big national players report"
    const peers = c.benchmark.by ? /^(.+?)\s+(reports?|reported|runs?|ran|averages?|averaged|achieves?|achieved|makes?|made|gets?|got|sees?|saw|manages?|managed|sits?|sat)\s+(?:at\s+)?(?:about|around|roughly|nearer|near|some|approximately|c\.|~)?\s*$/i.exec(c.benchmark.by.slice(0, c.benchmark.by.indexOf(c.benchmark.text))) : null;
    if (c.benchmarkFrom && peers) text += `, ${above ? 'above' : 'below'} the ${written(c.benchmark)} that ${peers[1]} ${peers[2]}`;
    // (others' level that opens with its figure is a phrase, not a clause: "against the 8.1 t/ha the county survey gives as the regional average")
    else if (c.benchmarkFrom) text += c.benchmark.by ? (/^[£$€~]?\d/.test(c.benchmark.by) ? `, against the ${c.benchmark.by}` : `; ${c.benchmark.by}`) : `; the ${label} is ${written(c.benchmark)}`;
    else if (gapUnit && word !== 'within' && label !== 'level of the better-run peers' && gap > 0) {
      derivations.push(derive(theme, c.benchmark, cur, gap, cur.unit === '%' ? 'pt' : cur.unit));
      // (a level named by whose it is, "for the group as a whole", follows its figure: "below the 21% for the group as a whole")
      const level = /^(?:for|across|among|at|in) /.test(label) ? `the ${written(c.benchmark)} ${label}` : `the ${label} of ${written(c.benchmark)}`;
      text += `, ${places > 1 ? String(gap) : show(gap)} ${gap === 1 ? gapUnit.replace(/s$/, '') : gapUnit} ${word} ${level}`;
    } else text += label === 'level of the better-run peers' ? `, ${well}${word} the better-run peers' ${written(c.benchmark)}` : /^(?:policy|standard|threshold|limit|cap|floor|minimum|maximum|requirement)$/.test(label) ? `, ${well}${word} the ${label} of ${written(c.benchmark)}${!c.benchmark.unit && cur.unit && !/^[£$€%x]$/.test(cur.unit) ? ` ${cur.unit}` : ''}` : label === 'benchmark' ? `, ${well}${word} the benchmark of ${written(c.benchmark)}${!c.benchmark.unit && cur.unit && !/^[£$€%]$/.test(cur.unit) ? ` ${cur.unit}` : ''}` : `, ${well}${word} the ${written(c.benchmark)}${!c.benchmark.unit && cur.unit && !/^[£$€%x]$/.test(cur.unit) && /^(?:for|across|among|at|in) /.test(label) ? ` ${cur.unit}` : ''} ${label}`;
  }
  // a growth held to the growth planned, in the same clause: "rose 3%, 4 points below the budget of 7%"
  if (c.benchmark && !cur && c.change && c.change.unit === '%' && c.benchmark.unit === '%' && /^(?:budget|plan|target|goal|guidance|forecast)$/.test(c.benchmark.label ?? '') && c.clause && c.benchmark.start >= c.clause.start && c.benchmark.end <= c.clause.end && !statesFigure(text, written(c.benchmark))) {
    const signed = c.change.dir === -1 ? -c.change.value : c.change.value;
    const gap = round1(Math.abs(signed - c.benchmark.value));
    if (gap > 0 && c.change.text === written(c.change) && c.benchmark.text === written(c.benchmark)) {
      derivations.push(derive(theme, c.benchmark, c.change, gap, 'pt'));
      text += `, ${show(gap)} ${gap === 1 ? 'point' : 'points'} ${signed > c.benchmark.value ? 'above' : 'below'} the ${c.benchmark.label} of ${written(c.benchmark)}`;
    }
  }
  // (peers placed in words, with no figure of theirs: "54% of cars, well above most groups")
  if (!c.benchmark && c.peerWords && !text.includes(c.peerWords)) text += `, ${c.peerWords}`;
  if (theme.supporting) {
    const sup = theme.supporting;
    const f = sup.current ?? sup.change;
    // a measure read in another sentence is a clause of its own
    if (f) text += `; the ${lowerFirst(sup.name)}${sup.qualifier ? ` ${sup.qualifier}` : ''} is ${written(f)}`;
  }
  if (theme.consequence?.intent) {
    const company = theme.entity || who(theme, '');
    text += `${company && !text.startsWith(company) ? `, and ${company}` : ', and'} plans to ${theme.consequence.intent.replace(/^(?:will|to)\s+/, '')}`;
  }
  const short = text;
  if (theme.cause && theme.valence < 0 && !c.benchmark) text += `, driven by ${tidyCause(theme.cause)}`;
  return { text: capitalise(text), short: capitalise(short), derivations };
}

/** A cause as a noun phrase list, cut at a word that can end it. */
function tidyCause(cause: string): string {
  const words = cause.replace(/[.;:]+$/, '').split(/\s+/);
  let out = words.slice(0, 14);
  while (out.length > 2 && /^(?:and|or|of|on|the|a|an|in|to|with|for|by|at|from|heavier|higher|lower)$/i.test(out.at(-1)!)) out = out.slice(0, -1);
  return out.join(' ').replace(/,$/, '');
}

const FILLER = /\b(?:basically|honestly|actually|really|just|about|around|roughly|maybe|some|quite)\s+/gi;

/** A claim's clause in the analyst's words: no pronouns of the speaker, no hedging fillers. */
/** A chat message's time and sender, before what was said: "20/09/2025, 10:15 - Rhian Lloyd (FD): ", "[02/06 08:21] Sam Okafor (CEO): ". */
const CHAT_FRAME = /^[-•*\s]*\[?\d{1,2}\/\d{1,2}(?:\/\d{2,4})?,?\s*\d{1,2}:\d{2}\]?\s*(?:-\s*)?(?:[\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,3}\s*(?:\([^)]{1,30}\))?\s*:\s*)?/u;

/** A speaker's aside at the end ("…, I make it", "…, I think"), and a speaker's own estimate ("…, I make it £1.1m" → "…, an estimated £1.1m"). */
const ASIDE_END = /,\s*(?:I|we)\s+(?:make it|think|reckon|guess|believe|suppose)\s*[.!]?\s*$/i;
const OWN_ESTIMATE = /,\s*(?:I|we)\s+(?:make it|reckon it(?:'s| is)|put it at|estimate it at|think it(?:'s| is))\s+(?:about\s+|around\s+|roughly\s+|some\s+)?(?=[£$€~\d])/i;

function paraphrase(c: Claim, organization: string | undefined): string {
  const text = asReported(c.sentence, organization ?? 'the organization')
    .replace(CHAT_FRAME, '')
    .replace(ASIDE_END, '')
    .replace(OWN_ESTIMATE, ', an estimated ')
    .replace(/^[-•*\s]*(?:[A-Z]{2,3}:\s*)?/, '')
    .replace(/^(?:he|she|they) (?:said|says|thinks|told us|mentioned)(?: that)?\s+/i, '')
    .replace(FILLER, '')
    .replace(/[.!?]+$/, '')
    .trim();
  // (cut where a clause ends, never inside one: "…, so Vale Water is well behind, and Vale Water will face a" is no sentence)
  const all = text.split(/\s+/);
  let cut = all.length;
  if (all.length > 24) {
    const ends = all.slice(0, 24).flatMap((w, i) => (i >= 5 && /[,;:]$/.test(w) ? [i + 1] : []));
    cut = ends.at(-1) ?? all.length;
  }
  const words = all.slice(0, cut).join(' ').replace(/[,;:]$/, '');
  // (a name keeps its capital: a capitalised word before another, "Greystone MRF charges …", is a name)
  return /^\p{Lu}\p{Ll}+\s+(?:\p{Lu}{2,}|\p{Lu}\p{Ll}+)\b/u.test(words) ? words : lowerFirst(words);
}

/** What a finding means for the organization, as the clause that closes its support ("a strength to build on"). */
const IMPLICATIONS: Record<Theme['dimension'], readonly string[]> = {
  'Financial Performance': ['a direct drag on profitability', 'a shortfall the plan has to close', 'pressure on the financial result'],
  'Operational Efficiency': ['a weakness in operating performance', 'a drain on operating performance', 'a gap the operating model has to close'],
  'Market & Customers': ['a weakness in how customers are served', 'a risk to customer loyalty', 'a gap customers notice'],
  'Competitive Landscape': ['a weakness in the competitive position', 'ground lost to rivals', 'a gap competitors can exploit'],
  'People & Culture': ['a strain on the workforce', 'a risk to the capacity of the team', 'a people problem that needs an owner'],
  'Risks & Compliance': ['an exposure that needs managing', 'a risk the board should track', 'an exposure that grows if left alone'],
};
const THREATS = ['a threat the plan has to answer', 'an outside pressure the plan must meet', 'a threat from outside the organization'];
const STRENGTHS = ['a strength to build on', 'an asset the plan can rely on', 'a strength worth protecting'];
const OPPORTUNITIES = ['an opportunity worth pursuing', 'an opening the plan can take', 'upside the organization can capture'];
const NEUTRAL = ['context for the assessment rather than a verdict', 'a figure to track rather than a verdict', 'background the plan should keep in view'];

function implication(theme: Theme, variant: number): string {
  const list =
    theme.valence < 0 ? (theme.external ? THREATS : IMPLICATIONS[theme.dimension]) : theme.valence > 0 ? (theme.external ? OPPORTUNITIES : STRENGTHS) : NEUTRAL;
  return list[variant % list.length]!;
}

/** How many wordings support() has for each kind of backing (each with three wordings of what it means). */
export const SUPPORT_VARIANTS = 3;

/**
 * The finding's support: who reports the figure (an interview's role, a document's name), whether a second
 * source agrees or the sources disagree, and what it means for the organization, as one sentence of the
 * argument ("The COO put absence at 6.2% in interview, a strain on the workforce."), never an attribution
 * line of its own; and the sentences to cite. The sentence names the figure it backs, so two findings'
 * support never read alike; `variant` words it another way (the findings step passes the next one when a
 * wording would repeat).
 */
export function support(
  theme: Theme,
  voices: ReadonlyMap<string, string>,
  opts: { interviews?: ReadonlySet<string>; variant?: number } = {},
): { text: string; cited: CitationRef[] } {
  const c = theme.lead;
  const cited: Claim[] = [c];
  const sentences: string[] = [];
  const voice = (id: string) => voices.get(id) ?? 'a source';
  const interview = (id: string) => opts.interviews?.has(id) ?? false;
  // the wording (v % 3) and the meaning's words (shifted every third variant) vary together: nine variants, no pair twice
  const v = opts.variant ?? [...theme.key].reduce((n, ch) => n + ch.charCodeAt(0), 0);
  const means = implication(theme, v + Math.floor(v / SUPPORT_VARIANTS));
  if (theme.conflict) {
    const [a, b] = theme.conflict.sides;
    cited.push(...[a!.claim, b!.claim].filter((x) => !cited.includes(x)));
    const va = voice(a!.claim.evidence_id);
    const vb = voice(b!.claim.evidence_id);
    // each source's figure with the name it gives the measure, where that is not the finding's ("76 days, as stock cover")
    const display = displayName(theme).toLowerCase();
    const as = (x: Claim) => (x.named && !display.includes(x.named) && !x.named.includes(display) ? ` (as ${x.named})` : '');
    const fa = `${written(a!.figure)}${as(a!.claim)}`;
    const fb = `${written(b!.figure)}${as(b!.claim)}`;
    sentences.push(
      [
        `The sources differ: ${va} gives ${fa}, ${vb} ${fb}; the figure needs reconciling before it is used as a baseline.`,
        `${capitalise(va)} puts it at ${fa} and ${vb} at ${fb}, so the baseline has to be reconciled before it is used.`,
        `The evidence disagrees on the figure (${fa} from ${va}, ${fb} from ${vb}); it needs reconciling before it serves as a baseline.`,
      ][v % SUPPORT_VARIANTS]!,
    );
  } else {
    const head = c.current ?? c.change;
    const byOther = theme.claims.find((x) => x.evidence_id !== c.evidence_id && head && [x.current, x.change].some((f) => f && Math.abs(f.value - head.value) < 1e-9 && f.unit === head.unit));
    if (head && byOther) {
      cited.push(byOther);
      const [va, vb] = [voice(c.evidence_id), voice(byOther.evidence_id)];
      const f = written(head);
      sentences.push(
        [
          `${capitalise(va)} and ${vb} both give ${f}, so the figure is corroborated: ${means}.`,
          `Both ${va} and ${vb} put the figure at ${f}; read together, they point to ${means}.`,
          `The figure of ${f} holds across two sources, ${va} and ${vb}, and marks ${means}.`,
        ][v % SUPPORT_VARIANTS]!,
      );
    } else if (head) {
      const who = voice(c.evidence_id);
      const f = written(head);
      const estimate = c.hedged ? ' as an estimate' : '';
      sentences.push(
        (interview(c.evidence_id)
          ? [
              `${capitalise(who)} gave the figure of ${f} in interview${estimate}, and it marks ${means}.`,
              `As ${who} put it in interview, the figure is ${f}${c.hedged ? ', an estimate' : ''}: ${means}.`,
              `The figure of ${f} comes from an interview with ${who}${c.hedged ? ', given as an estimate' : ''}, and it points to ${means}.`,
            ]
          : [
              `${capitalise(who)} ${verbFor(who, 'record')} the figure of ${f}${estimate}, and it marks ${means}.`,
              `According to ${who}, the figure is ${f}${c.hedged ? ', an estimate' : ''}: ${means}.`,
              `The figure of ${f} is taken from ${who}${c.hedged ? ', as an estimate' : ''}, and it points to ${means}.`,
            ])[v % SUPPORT_VARIANTS]!,
      );
    }
  }
  const refs: CitationRef[] = cited.map((x) => ({ evidence_id: x.evidence_id, start: x.start, end: x.end }));
  if (c.entityFrom) refs.push({ evidence_id: c.evidence_id, ...c.entityFrom });
  if (c.measureFrom) refs.push({ evidence_id: c.evidence_id, ...c.measureFrom });
  if (c.antecedent) refs.push({ evidence_id: c.evidence_id, start: c.antecedent.start, end: c.antecedent.end });
  if (c.benchmarkFrom) refs.push({ evidence_id: c.evidence_id, ...c.benchmarkFrom });
  if (c.previousFrom) refs.push({ evidence_id: c.evidence_id, ...c.previousFrom });
  if (c.scopeFrom && displayName(theme).includes(c.qualifier)) refs.push({ evidence_id: c.evidence_id, ...c.scopeFrom });
  const opener = theme.measure?.id === 'competitor-openings' ? openerOf(theme) : undefined;
  if (opener && opener.evidence_id === c.evidence_id) refs.push({ evidence_id: opener.evidence_id, start: opener.start, end: opener.end });
  if (theme.supporting) refs.push({ evidence_id: theme.supporting.evidence_id, start: theme.supporting.start, end: theme.supporting.end });
  if (theme.consequence) refs.push({ evidence_id: theme.consequence.evidence_id, start: theme.consequence.start, end: theme.consequence.end });
  return { text: sentences.join(' '), cited: refs };
}
