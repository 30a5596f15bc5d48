/**
 * A partner's pre-read of the report document: checkable rules of consulting writing, each met or not, and
 * where it fails with how to fix it. The score is the share of rules met (0–100); the list is ordered by how
 * much fixing an item raises the score (a rule that fails in one place first). Advisory: only the ledger gates.
 *
 * The rules:
 * - answer first: the executive summary opens with its governing thought: a sentence that states a figure and
 *   recommends or concludes;
 * - action titles: findings' titles (`###`) and recommendations' titles (`1. **…**`), which are also the deck's
 *   slide titles, are sentences with a finite verb, at most 15 words, naming a figure or a comparison;
 * - the story holds: every figure of the executive summary appears in the findings; every recommendation
 *   addresses a finding or a weakness or threat, and every roadmap item carries a recommendation (the consistency
 *   rules' results, given); and read alone, the titles tell the story in order: the storyline (the summary's
 *   opening sentence, then the findings' and the recommendations' titles) leads each dimension with its
 *   high-impact findings, and no title repeats another's message;
 * - specific and owned: each recommendation names an owner, a timeline (its own, or its roadmap row's months) and a
 *   measure with a baseline and a target;
 * - plain words: passive voice, weasel words and hedging adverbs (write-good) and sentences over 35 words,
 *   counted per section against a threshold per 100 words;
 * - sources visible: every chart has a source line; every sentence that cites an interview names the
 *   interviewee's role.
 *
 * Pure: the editor and the Finalize step compute it from the sections as they are.
 */
import writeGood from 'write-good';
import { figuresIn, sameQuantity } from '../ledger/figures';

export const PRE_READ_RULES = ['answer-first', 'action-titles', 'story-holds', 'specific-owned', 'plain-words', 'sources-visible'] as const;
export type PreReadRule = (typeof PRE_READ_RULES)[number];

export interface PreReadSection {
  key: string;
  title: string;
  content: string;
  citations?: readonly { id: string; evidence_id: string }[];
}

/** A consistency issue as the story rule reads it (shared/schemas/report-document.ts ConsistencyIssue). */
export interface StoryIssue {
  rule: string;
  message: string;
  items: readonly { kind: string; label: string }[];
}

export interface PreReadInput {
  sections: readonly PreReadSection[];
  /** the consistency check's issues (its recommendation and roadmap rules are part of the story) */
  consistency?: readonly StoryIssue[];
  /** the report's interviews: evidence id → the interviewee's role ("CFO") */
  interviews?: ReadonlyMap<string, string>;
}

export interface PreReadItem {
  rule: PreReadRule;
  /** the section and the span the item is about */
  section: string;
  start: number;
  end: number;
  problem: string;
  fix: string;
  /** how many points of the score fixing this item is worth (its rule's share, divided among its items) */
  gain: number;
}

/** One line of the storyline: a title (or the summary's opening sentence) and where it stands. */
export interface StoryLine {
  section: string;
  start: number;
  end: number;
  text: string;
}

export interface PreReadResult {
  /** the titles read alone, in report order: the summary's opening sentence, the findings', the recommendations' */
  storyline: StoryLine[];
  /** 0–100: the share of rules met */
  score: number;
  met: number;
  total: number;
  rules: { rule: PreReadRule; met: boolean; items: number }[];
  /** every item, the most valuable fix first, then in report order */
  items: PreReadItem[];
}

/** The most words an action title has. */
const MAX_TITLE_WORDS = 15;
/** A sentence longer than this is a long sentence. */
const LONG_SENTENCE_WORDS = 35;
/** A section fails plain words above this many flags (passive, weasel, hedging, long sentences) per 100 words. */
const PLAIN_FLAGS_PER_100_WORDS = 3;
/** Flags a section may have before the rate counts (a short section with one passive passes). */
const PLAIN_FLAGS_ALLOWED = 2;

type Found = Omit<PreReadItem, 'gain'>;

// ── reading the markdown ───────────────────────────────────────────────────────────────────────────────

const MARK = /\[@[^\]\s]+\]/g;
const EMBED = /^\s*!\[[^\]]*\]\(visual:[^)]+\)\s*$/;

/** `text` with citation marks and markdown emphasis blanked (same length, so offsets still hold). */
const blank = (text: string) => text.replace(MARK, (m) => ' '.repeat(m.length)).replace(/[*_`]/g, ' ');

interface Line {
  start: number;
  text: string;
}

const linesOf = (content: string): Line[] => {
  const out: Line[] = [];
  let at = 0;
  for (const text of content.split('\n')) {
    out.push({ start: at, text });
    at += text.length + 1;
  }
  return out;
};

const isTable = (line: string) => /^\s*\|/.test(line);
const isHeading = (line: string) => /^\s*#/.test(line);

interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** A sentence's end, with the citation marks that follow its full stop ("… 11%. [@c1]"). */
const SENTENCE_END = /[.!?](?:\s*\[@[^\]\s]+\])*(?=\s+[A-Z0-9“"‘(£$€]|\s*$)/g;

/** The prose sentences of a section (paragraphs and list items; not headings, tables or charts). */
function sentencesOf(content: string): Sentence[] {
  const out: Sentence[] = [];
  for (const line of linesOf(content)) {
    if (!line.text.trim() || isTable(line.text) || isHeading(line.text) || EMBED.test(line.text)) continue;
    const marker = /^\s*(?:[-*+]|\d+[.)])\s+/.exec(line.text)?.[0].length ?? 0;
    let from = marker;
    SENTENCE_END.lastIndex = marker;
    const push = (a: number, b: number) => {
      const raw = line.text.slice(a, b);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (text.replace(MARK, '').trim()) out.push({ start: line.start + a + lead, end: line.start + a + lead + text.length, text });
    };
    for (let m = SENTENCE_END.exec(line.text); m; m = SENTENCE_END.exec(line.text)) {
      push(from, m.index + m[0].length);
      from = m.index + m[0].length;
    }
    if (line.text.slice(from).trim()) push(from, line.text.length);
  }
  return out;
}

const wordsOf = (text: string) => blank(text).match(/[\p{L}\p{N}][\p{L}\p{N}'’%.,-]*/gu) ?? [];

// ── verbs, comparisons, recommendations ────────────────────────────────────────────────────────────────

/** Auxiliaries and modals: a clause with one of them has a finite verb. */
const AUXILIARY = /\b(?:is|are|was|were|has|have|had|will|would|can|could|should|must|may|might|does|do|did|needs?|remains?|stays?|becomes?)\b/i;
/** Irregular past forms a finding states ("Revenue grew 12%"). */
const IRREGULAR_PAST = /\b(?:grew|rose|fell|lost|won|made|took|led|cut|hit|beat|held|kept|spent|paid|sold|bought|left|drove|gave|got|ran|set|shrank|sank|found|saw|became|began|brought|built|came|felt|knew|meant|met|put|said|showed|shown|stood|thought|told|went|wrote|outgrew|overtook)\b/i;
/** Present forms a finding states of a plural subject ("Leavers stand at 90 days", "Costs exceed budget"). */
const PRESENT = /\b(?:stand|lag|trail|lead|exceed|face|hold|account|cost|take|make|drive|lose|miss|outpace|outperform|underperform|rise|fall|grow|shrink)\b/i;
/** A regular past or participle ("declined", "doubled"). */
const PAST = /\b[a-z]{3,}ed\b/i;
/** A third-person verb before its object or complement ("Churn costs the firm…", "Margin trails peers by…"). */
const THIRD_PERSON = /\b[a-z]{3,}[^s\W]s\s+(?:a|an|the|its|their|our|by|to|at|from|behind|ahead|more|less|fewer|over|under|below|above|peers?|\d|[£$€])/i;
/** A recommendation's title opens with an imperative ("Cut", "Consolidate", "Renegotiate"). */
const IMPERATIVE =
  /^(?:act|add|adopt|align|appoint|automate|build|centrali[sz]e|change|close|consolidate|create|cut|decide|defer|define|deliver|develop|digiti[sz]e|drop|embed|enter|establish|exit|expand|extend|focus|freeze|grow|harmoni[sz]e|hire|improve|increase|introduce|invest|launch|lift|lower|merge|migrate|modernise|modernize|move|negotiate|open|optimi[sz]e|outsource|pilot|prioriti[sz]e|protect|raise|rebuild|redesign|reduce|refinance|renegotiate|replace|reprice|restructure|retain|review|scale|secure|sell|set|shift|shorten|simplify|stop|streamline|strengthen|target|tighten|train|upgrade|use)\b/i;

/**
 * A recommendation's first word read as an imperative: any word but an article, a determiner or a word with a noun's
 * or an adjective's ending ("Financial", "Operations", "Growth").
 */
const NOT_IMPERATIVE = /^(?:a|an|the|our|its|their|this|these|that|those|new|key|next|further|better|more|growth|strategy|performance|people|customers?|market|finance|operations?)$|(?:tion|sion|ment|ness|ity|ance|ence|ship|ism|ics|al|ial|ive|ous|ful|less|ing|[^s]s)$/i;

/** Whether a title is a sentence: it has a finite verb (a recommendation's: its imperative). */
export function hasFiniteVerb(title: string, recommendation = false): boolean {
  const t = blank(title).trim();
  if (recommendation && /^[A-Za-z]+/.test(t) && !NOT_IMPERATIVE.test(/^[A-Za-z]+/.exec(t)![0])) return true;
  return AUXILIARY.test(t) || IRREGULAR_PAST.test(t) || PRESENT.test(t) || PAST.test(t) || THIRD_PERSON.test(t) || IMPERATIVE.test(t);
}

/** Words that compare: a title naming one says "so what" without a figure ("Margins trail peers"). */
const COMPARISON = /\b(?:than|more|less|fewer|higher|lower|faster|slower|behind|ahead|above|below|versus|vs\.?|outpac\w*|lag\w*|trail\w*|twice|half|double\w*|halve\w*|gap|best|worst|largest|smallest|most|least|only)\b/i;

const RECOMMENDS = /\b(?:should|must|recommend\w*|needs? to|ought to|has to|have to|propose\w*|we advise|the priority is|priorit(?:y|ise|ize))\b/i;
const CONCLUDES = /\b(?:therefore|thus|so that|because|means|which means|as a result|conclude\w*|can|could|will|is the|are the)\b/i;

// ── the rules ──────────────────────────────────────────────────────────────────────────────────────────

const first = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function answerFirst(sections: readonly PreReadSection[]): Found[] {
  const summary = sections.find((s) => s.key === 'executive-summary');
  const opening = summary ? sentencesOf(summary.content)[0] : undefined;
  if (!summary || !opening) {
    return [{ rule: 'answer-first', section: 'executive-summary', start: 0, end: 0, problem: 'The executive summary is empty.', fix: 'Open it with the answer: what you recommend or conclude, with the figure that proves it.' }];
  }
  const figure = figuresIn(blank(opening.text)).length > 0;
  const claim = RECOMMENDS.test(opening.text) || CONCLUDES.test(opening.text);
  if (figure && claim) return [];
  const missing = [!claim && 'a recommendation or conclusion', !figure && 'a figure'].filter(Boolean).join(' and ');
  return [
    {
      rule: 'answer-first',
      section: summary.key,
      start: opening.start,
      end: opening.end,
      problem: `The executive summary opens without ${missing}: “${first(opening.text.replace(MARK, '').trim())}”.`,
      fix: 'Rewrite the opening sentence as the governing thought: what the client should do or what follows, with its figure.',
    },
  ];
}

interface Title extends StoryLine {
  /** a finding's impact, from its label ("(F1, high impact)") */
  impact?: string;
  /** a finding's group: the `##` heading (its dimension) it stands under */
  group?: string;
}

/** Findings' `###` titles (their "(F1, high impact)" label dropped) and recommendations' numbered bold titles. */
function titlesOf(sections: readonly PreReadSection[]): Title[] {
  const out: Title[] = [];
  for (const s of sections) {
    let group = '';
    for (const line of linesOf(s.content)) {
      if (s.key === 'findings') {
        const heading = /^\s*##\s+(.+?)\s*$/.exec(line.text);
        if (heading) group = heading[1]!;
        const m = /^(\s*###\s+)(.+?)\s*(\([A-Z]\d+[^)]*\))?\s*(?:\[@[^\]]+\]\s*)*$/.exec(line.text);
        const impact = m?.[3] ? /\b(high|medium|low)\s+impact\b/i.exec(m[3])?.[1]?.toLowerCase() : undefined;
        if (m) out.push({ section: s.key, start: line.start + m[1]!.length, end: line.start + m[1]!.length + m[2]!.length, text: m[2]!, group, ...(impact ? { impact } : {}) });
      }
      if (s.key === 'recommendations') {
        const m = /^(\s*\d+\.\s+\*\*)(.+?)\*\*/.exec(line.text);
        if (m) out.push({ section: s.key, start: line.start + m[1]!.length, end: line.start + m[1]!.length + m[2]!.length, text: m[2]! });
      }
    }
  }
  return out;
}

function actionTitles(sections: readonly PreReadSection[]): Found[] {
  return titlesOf(sections).flatMap((t): Found[] => {
    const words = wordsOf(t.text).length;
    const problems = [
      !hasFiniteVerb(t.text, t.section === 'recommendations') && 'has no verb (a category, not a message)',
      words > MAX_TITLE_WORDS && `has ${words} words (at most ${MAX_TITLE_WORDS})`,
      !figuresIn(blank(t.text)).length && !COMPARISON.test(t.text) && 'names no figure or comparison',
    ].filter((p): p is string => Boolean(p));
    if (!problems.length) return [];
    return [
      {
        rule: 'action-titles',
        section: t.section,
        start: t.start,
        end: t.end,
        problem: `The title “${first(t.text)}” ${problems.join(', ')}.`,
        fix: 'Write the title as the sentence the reader should remember: subject, verb and the figure or comparison that makes it matter, in 15 words or fewer.',
      },
    ];
  });
}

const HORIZON = /^\s+(?:weeks?|months?|quarters?|years?)\b/i;

const STORY_RULES: Record<string, string> = {
  'recommendation-addresses-nothing': 'recommendations',
  'roadmap-item-without-recommendation': 'roadmap',
};

/** The titles read alone, in report order: the summary's opening sentence, then the findings' and recommendations' titles. */
function storylineOf(sections: readonly PreReadSection[]): StoryLine[] {
  const summary = sections.find((s) => s.key === 'executive-summary');
  const opening = summary ? sentencesOf(summary.content)[0] : undefined;
  const lead: StoryLine[] = summary && opening ? [{ section: summary.key, start: opening.start, end: opening.end, text: opening.text.replace(MARK, '').trim() }] : [];
  return [...lead, ...titlesOf(sections).map(({ section, start, end, text }) => ({ section, start, end, text: blank(text).replace(/\s+/g, ' ').trim() }))];
}

const IMPACT_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };
/** Words too common to tell two titles' messages apart. */
const STOP_WORDS = new Set('a an the of in on at to for by from with and or its their our is are was were has have had be been than as that this these those per over under into'.split(' '));
const contentWords = (text: string) => new Set((blank(text).toLowerCase().match(/[\p{L}\p{N}%£$€.]+/gu) ?? []).map((w) => w.replace(/\.$/, '')).filter((w) => w && !STOP_WORDS.has(w)));
/**
 * Two titles say the same thing when this share of their content words is shared (Jaccard), or SAME_FIGURES_MESSAGE
 * of them when they state the same figures.
 */
const SAME_MESSAGE = 0.8;
const SAME_FIGURES_MESSAGE = 0.6;
const figureSet = (text: string) => figuresIn(blank(text)).map((f) => f.text).sort().join('|');

/**
 * Read alone, the titles tell the story in order: within a dimension the findings lead with the highest impact
 * (a low-impact title before a high-impact one buries the message), and no title repeats another's message.
 */
function titlesInOrder(sections: readonly PreReadSection[]): Found[] {
  const out: Found[] = [];
  const titles = titlesOf(sections);
  const findings = titles.filter((t) => t.section === 'findings' && t.impact);
  findings.forEach((t, i) => {
    const before = findings.slice(0, i).find((b) => b.group === t.group && IMPACT_RANK[b.impact!]! > IMPACT_RANK[t.impact!]!);
    if (!before) return;
    out.push({
      rule: 'story-holds',
      section: t.section,
      start: t.start,
      end: t.end,
      problem: `“${first(t.text)}” (${t.impact} impact) comes after “${first(before.text, 50)}” (${before.impact} impact)${t.group ? ` in ${t.group}` : ''}: read alone, the titles bury it.`,
      fix: 'Put the findings of higher impact first in their dimension, so the titles read in order tell the story.',
    });
  });
  const words = titles.map((t) => contentWords(t.text));
  const figures = titles.map((t) => figureSet(t.text));
  titles.forEach((t, i) => {
    const a = words[i]!;
    if (a.size < 3) return;
    const j = titles.findIndex((u, k) => {
      if (k >= i || u.section !== t.section) return false;
      const b = words[k]!;
      const shared = [...a].filter((w) => b.has(w)).length;
      const similarity = shared / (a.size + b.size - shared);
      return similarity >= SAME_MESSAGE || (figures[i] !== '' && figures[i] === figures[k] && similarity >= SAME_FIGURES_MESSAGE);
    });
    if (j < 0) return;
    out.push({
      rule: 'story-holds',
      section: t.section,
      start: t.start,
      end: t.end,
      problem: `“${first(t.text)}” repeats the message of “${first(titles[j]!.text, 50)}”.`,
      fix: 'Merge the two, or give each title the point only it makes.',
    });
  });
  return out;
}

function storyHolds(sections: readonly PreReadSection[], consistency: readonly StoryIssue[]): Found[] {
  const out: Found[] = [...titlesInOrder(sections)];
  const summary = sections.find((s) => s.key === 'executive-summary');
  const findings = sections.find((s) => s.key === 'findings');
  if (summary) {
    const found = findings ? figuresIn(blank(findings.content)) : [];
    const text = blank(summary.content);
    for (const f of figuresIn(text)) {
      // a horizon ("the next twelve months") is not a figure of the findings
      if (f.unit === '' && HORIZON.test(text.slice(f.end, f.end + 12))) continue;
      if (found.some((g) => g.unit === f.unit && sameQuantity(g, f))) continue;
      out.push({
        rule: 'story-holds',
        section: summary.key,
        start: f.start,
        end: f.end,
        problem: `The executive summary's figure ${f.text} does not appear in the findings.`,
        fix: 'State this figure in the finding it comes from (with its citation), or correct the summary to the findings’ figure.',
      });
    }
  }
  for (const issue of consistency) {
    const key = STORY_RULES[issue.rule];
    if (!key) continue;
    const section = sections.find((s) => s.key === key);
    for (const item of issue.items) {
      // the item's title, as the label quotes it (“…”), is where it stands in the section
      const quoted = /“(.+?)…?”/.exec(item.label)?.[1]?.replace(/…$/, '') ?? '';
      const at = quoted && section ? section.content.indexOf(quoted) : -1;
      out.push({
        rule: 'story-holds',
        section: key,
        start: Math.max(at, 0),
        end: at >= 0 ? at + quoted.length : 0,
        problem: `${item.label}: ${issue.rule === 'roadmap-item-without-recommendation' ? 'carries out no recommendation' : 'addresses no finding, weakness or threat'}.`,
        fix: issue.rule === 'roadmap-item-without-recommendation' ? 'Link the roadmap item to the recommendation it carries out, or drop it.' : 'Link the recommendation to the finding, weakness or threat it answers, or drop it.',
      });
    }
  }
  return out;
}

const OWNER = /\bowner\s*:\s*(?!–|-|$)\S/i;
const TIMELINE = /\b(?:\d+\s*(?:days?|weeks?|months?|quarters?|years?)|by\s+(?:the\s+end\s+of\s+)?(?:Q[1-4]|H[12]|(?:19|20)\d\d|january|february|march|april|may|june|july|august|september|october|november|december)|within\b|Q[1-4]\s*(?:FY)?\d{2,4}|(?:FY|H[12]\s*)(?:19|20)?\d\d)\b/i;

function specificOwned(sections: readonly PreReadSection[]): Found[] {
  const recs = sections.find((s) => s.key === 'recommendations');
  if (!recs) return [];
  // a recommendation on the roadmap has its months there (a row naming it)
  const roadmapRows = linesOf(sections.find((s) => s.key === 'roadmap')?.content ?? '').filter((l) => isTable(l.text) && /\d+\s*[–-]\s*\d+/.test(l.text)).map((l) => l.text);
  const lines = linesOf(recs.content);
  const out: Found[] = [];
  lines.forEach((line, i) => {
    const m = /^(\s*\d+\.\s+\*\*)(.+?)\*\*/.exec(line.text);
    if (!m) return;
    let j = i + 1;
    while (j < lines.length && lines[j]!.text.trim() && !/^\s*\d+\.\s+\*\*/.test(lines[j]!.text)) j++;
    const block = lines.slice(i, j).map((l) => l.text).join('\n');
    const measure = /success measure\s*:(.*)$/im.exec(block)?.[1] ?? '';
    const figures = figuresIn(blank(measure)).length;
    const missing = [
      !OWNER.test(block) && 'an owner',
      !TIMELINE.test(block.replace(/impact \d\/5|effort \d\/5/gi, '')) && !roadmapRows.some((r) => r.includes(m[2]!.trim())) && 'a timeline',
      !measure.trim() ? 'a measure' : figures < 2 && !/\bfrom\b.+\bto\b/i.test(measure) ? 'a baseline and a target for its measure' : '',
    ].filter((x): x is string => Boolean(x));
    if (!missing.length) return;
    const start = line.start + m[1]!.length;
    out.push({
      rule: 'specific-owned',
      section: recs.key,
      start,
      end: start + m[2]!.length,
      problem: `“${first(m[2]!)}” lacks ${missing.join(', ')}.`,
      fix: 'Name who owns it, by when, and the measure that shows it worked, from its baseline to its target (“cost per order from £4.10 to £3.50 by Q4”).',
    });
  });
  return out;
}

const PLAIN_CHECKS = { passive: true, weasel: true, adverb: true, illusion: false, so: false, thereIs: false, tooWordy: false, cliches: false, eprime: false } as const;

/**
 * write-good's passive and weasel checks (the passive-voice and weasel-words packages) assign an undeclared
 * `match`, as sloppy-mode CommonJS may. In a strict ES module bundle (the SPA's) that assignment throws a
 * ReferenceError unless the global object already has the property, so it is given one before they run.
 */
function allowUndeclaredMatch(): void {
  const g = globalThis as Record<string, unknown>;
  if (!('match' in g)) g.match = undefined;
}

type PlainWords = { words: number; passive: number; weasel: number; hedging: number; long: number; first: { start: number; end: number } | null };

/**
 * The last sections' plain-words counts by text: the editor recomputes the pre-read as one section is typed in,
 * and only that section's text is new (write-good is most of the pre-read's time).
 */
const plainCache = new Map<string, PlainWords>();
const PLAIN_CACHE_SIZE = 24;

/** The plain-words flags of one section: write-good's passive, weasel and hedging spans, and long sentences. */
function plainWordsOf(content: string): PlainWords {
  const cached = plainCache.get(content);
  if (cached) return cached;
  const counted = countPlainWords(content);
  plainCache.set(content, counted);
  if (plainCache.size > PLAIN_CACHE_SIZE) plainCache.delete(plainCache.keys().next().value!);
  return counted;
}

function countPlainWords(content: string): PlainWords {
  const sentences = sentencesOf(content);
  let words = 0;
  let passive = 0;
  let weasel = 0;
  let hedging = 0;
  let long = 0;
  let firstAt: { start: number; end: number } | null = null;
  allowUndeclaredMatch();
  for (const s of sentences) {
    const n = wordsOf(s.text).length;
    words += n;
    const flags = writeGood(blank(s.text), PLAIN_CHECKS);
    for (const f of flags) {
      if (f.reason.includes('passive')) passive++;
      else if (f.reason.includes('weasel')) weasel++;
      else hedging++;
    }
    if (n > LONG_SENTENCE_WORDS) long++;
    if (!firstAt && (flags.length || n > LONG_SENTENCE_WORDS)) firstAt = { start: s.start, end: s.end };
  }
  return { words, passive, weasel, hedging, long, first: firstAt };
}

function plainWords(sections: readonly PreReadSection[]): Found[] {
  return sections.flatMap((s): Found[] => {
    const p = plainWordsOf(s.content);
    const flags = p.passive + p.weasel + p.hedging + p.long;
    if (flags <= PLAIN_FLAGS_ALLOWED || (flags * 100) / Math.max(p.words, 1) <= PLAIN_FLAGS_PER_100_WORDS || !p.first) return [];
    const parts = [p.passive && `${p.passive} passive`, p.weasel && `${p.weasel} weasel words`, p.hedging && `${p.hedging} hedging adverbs`, p.long && `${p.long} sentences over ${LONG_SENTENCE_WORDS} words`].filter(Boolean);
    return [
      {
        rule: 'plain-words',
        section: s.key,
        start: p.first.start,
        end: p.first.end,
        problem: `${s.title}: ${flags} flags in ${p.words} words (${parts.join(', ')}); at most ${PLAIN_FLAGS_PER_100_WORDS} per 100 words.`,
        fix: 'Say who does what (active voice), drop the weasel words and hedges, and split sentences over 35 words. The first flagged sentence is selected.',
      },
    ];
  });
}

const SOURCE_LINE = /^\s*[*_]*\s*(?:source|sources)\s*:/i;

function sourcesVisible(sections: readonly PreReadSection[], interviews: ReadonlyMap<string, string>): Found[] {
  const out: Found[] = [];
  for (const s of sections) {
    const lines = linesOf(s.content);
    lines.forEach((line, i) => {
      if (!EMBED.test(line.text)) return;
      const next = lines.slice(i + 1).find((l) => l.text.trim());
      if (/source\s*:/i.test(line.text) || (next && SOURCE_LINE.test(next.text))) return;
      out.push({
        rule: 'sources-visible',
        section: s.key,
        start: line.start,
        end: line.start + line.text.length,
        problem: `A chart in ${s.title} has no source line.`,
        fix: 'Add a line under the chart: “Source: …” naming where its data comes from.',
      });
    });
    if (!interviews.size || !s.citations?.length) continue;
    const byId = new Map(s.citations.map((c) => [c.id, c.evidence_id]));
    for (const sentence of sentencesOf(s.content)) {
      const roles = [...sentence.text.matchAll(MARK)].map((m) => interviews.get(byId.get(m[0].slice(2, -1)) ?? '')).filter((r): r is string => Boolean(r));
      if (!roles.length || roles.some((r) => sentence.text.toLowerCase().includes(r.toLowerCase()))) continue;
      out.push({
        rule: 'sources-visible',
        section: s.key,
        start: sentence.start,
        end: sentence.end,
        problem: `A claim from an interview does not name who said it: “${first(sentence.text.replace(MARK, '').trim())}”.`,
        fix: `Name the interviewee's role in the sentence (“the ${roles[0]} reports that …”).`,
      });
    }
  }
  return out;
}

/** The pre-read of a report: its score, each rule met or not, and the items to fix, the most valuable first. */
export function preRead(input: PreReadInput): PreReadResult {
  const sections = input.sections;
  const found: Record<PreReadRule, Found[]> = {
    'answer-first': answerFirst(sections),
    'action-titles': actionTitles(sections),
    'story-holds': storyHolds(sections, input.consistency ?? []),
    'specific-owned': specificOwned(sections),
    'plain-words': plainWords(sections),
    'sources-visible': sourcesVisible(sections, input.interviews ?? new Map()),
  };
  const total = PRE_READ_RULES.length;
  const rules = PRE_READ_RULES.map((rule) => ({ rule, met: found[rule].length === 0, items: found[rule].length }));
  const met = rules.filter((r) => r.met).length;
  const order = new Map(sections.map((s, i) => [s.key, i]));
  const items = PRE_READ_RULES.flatMap((rule) => found[rule].map((f): PreReadItem => ({ ...f, gain: 100 / total / found[rule].length })))
    .map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.gain - a.item.gain || (order.get(a.item.section) ?? 99) - (order.get(b.item.section) ?? 99) || a.item.start - b.item.start || a.i - b.i)
    .map(({ item }) => item);
  return { storyline: storylineOf(sections), score: Math.round((100 * met) / total), met, total, rules, items };
}
