/**
 * Reading the evidence: every line of every item is looked at; the lines that can hold a claim (a figure, a
 * measure the table knows, a suggestion) are parsed by wink-nlp into sentences, and each sentence gives its
 * claims. Headings are remembered as the context of what follows them, and the last company named as what
 * "its" and "their" refer to.
 *
 * Time is bounded: a line that repeats one already read in the same item is read once, parsed sentences
 * are cached by their text (the same paragraph in two items is parsed once), and at most
 * MAX_PARSED_CHARS characters are parsed per call, the most promising lines first (figures with a named
 * measure, then figures, then measures), so 20 documents of 50 pages stay within a second.
 */
import { type Claim, claimsOf, entitiesIn, isInstruction } from './claims';
import { measuresIn } from './measures';
import { loadNlp, type ParsedSentence, parseSpan } from './nlp';

export interface ReadableEvidence {
  id: string;
  title: string;
  type: 'file' | 'url' | 'interview';
  text: string;
}

export interface ReadSentence extends ParsedSentence {
  evidence_id: string;
  order: number;
  heading: string;
}

export interface Reading {
  claims: Claim[];
  /** suggestions and plans ("would like to", "recommends"): levers for recommendations */
  proposals: ReadSentence[];
  /** every parsed sentence, for retrieval */
  sentences: ReadSentence[];
  /** characters looked at, and parsed */
  chars: number;
  parsedChars: number;
}

/** Characters parsed by wink-nlp per reading, at most (about 80,000 words). */
export const MAX_PARSED_CHARS = 500_000;
const MAX_LINE_CHARS = 4_000;

const DIGIT = /\d/;
const PROPOSAL_LINE = /\b(?:would like|wants? to|recommends?|propose|plans? to|intends? to|asked for|been asking|business case)\b/i;
const HEADING = /^[^.!?;]{2,80}$/;

interface Line {
  evidence: number;
  start: number;
  end: number;
  priority: number;
  heading: string;
}

const parseCache = new Map<string, ParsedSentence[]>();
const CACHE_LIMIT = 20_000;

/** Lines of a text, with the heading each falls under. */
function linesOf(text: string, evidence: number): Line[] {
  const lines: Line[] = [];
  let heading = '';
  let seen = new Set<string>();
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) {
      const line = text.slice(s, Math.min(e, s + MAX_LINE_CHARS));
      const words = line.split(/\s+/).length;
      if (words <= 8 && HEADING.test(line) && !DIGIT.test(line.replace(/^[\d.]+\s*/, ''))) {
        heading = line.replace(/^[\d.]+\s*/, '').replace(/:$/, '');
        seen = seen.size > 10_000 ? new Set() : seen;
      } else if (!seen.has(line)) {
        seen.add(line);
        const lower = line.toLowerCase();
        const figure = DIGIT.test(line);
        const measure = measuresIn(lower.slice(0, 2000)).length > 0;
        const proposal = PROPOSAL_LINE.test(line);
        const priority = (figure && measure ? 4 : 0) + (figure ? 2 : 0) + (measure ? 2 : 0) + (proposal ? 1 : 0);
        if (priority > 0) lines.push({ evidence, start: s, end: Math.min(e, s + MAX_LINE_CHARS), priority, heading });
      }
    }
    start = end + 1;
  }
  return lines;
}

/** Reads the evidence into claims (deterministic: the same texts give the same claims, in the same order). */
export async function readEvidence(items: readonly ReadableEvidence[], ignore: ReadonlySet<string>): Promise<Reading> {
  const nlp = await loadNlp();
  const all = items.flatMap((item, i) => linesOf(item.text, i));
  // the budget: best lines first, ties in reading order
  const chosen = [...all].sort((a, b) => b.priority - a.priority || a.evidence - b.evidence || a.start - b.start);
  let budget = MAX_PARSED_CHARS;
  const keep = new Set<Line>();
  for (const line of chosen) {
    const length = line.end - line.start;
    if (length > budget) continue;
    budget -= length;
    keep.add(line);
  }
  const claims: Claim[] = [];
  const proposals: ReadSentence[] = [];
  const sentences: ReadSentence[] = [];
  let parsedChars = 0;
  items.forEach((item, index) => {
    const lines = all.filter((l) => l.evidence === index && keep.has(l));
    const parsed: ReadSentence[] = [];
    for (const line of lines) {
      const text = item.text.slice(line.start, line.end);
      let cached = parseCache.get(text);
      if (!cached) {
        cached = parseSpan(nlp, text, 0, text.length);
        if (parseCache.size >= CACHE_LIMIT) parseCache.clear();
        parseCache.set(text, cached);
        parsedChars += text.length;
      }
      for (const s of cached) {
        parsed.push({
          start: s.start + line.start,
          end: s.end + line.start,
          text: s.text,
          tokens: s.tokens.map((t) => ({ ...t, start: t.start + line.start, end: t.end + line.start })),
          evidence_id: item.id,
          order: 0,
          heading: line.heading,
        });
      }
    }
    // a heading that names a place or a segment the text names elsewhere mid-sentence ("3.3 Łódź") scopes what follows it
    const midSentence = new Set<string>();
    for (const s of parsed) {
      const first = s.tokens.findIndex((t) => /\p{L}/u.test(t.text));
      s.tokens.forEach((t, i) => i > first && /^\p{Lu}/u.test(t.text) && t.pos === 'PROPN' && midSentence.add(t.text));
    }
    const scopeOf = (heading: string) => {
      const words = heading.split(/\s+/).filter((w) => /\p{L}/u.test(w));
      return words.length > 0 && words.length <= 3 && words.every((w) => midSentence.has(w) && !ignore.has(w.toLowerCase())) ? words.join(' ') : '';
    };
    let lastEntity = '';
    let lastEntityFrom: { start: number; end: number } | undefined;
    const named = parsed.map((s) => measuresIn(s.text.toLowerCase()).at(-1)?.measure);
    parsed.forEach((s, order) => {
      s.order = order;
      if (isInstruction(s.text)) return;
      sentences.push(s);
      const found = claimsOf(s, {
        evidence_id: item.id,
        order,
        ignore,
        lastEntity,
        ...(lastEntityFrom ? { lastEntityFrom } : {}),
        ...(scopeOf(s.heading) ? { scope: scopeOf(s.heading) } : {}),
        ...(named[order - 1] ? { recent: named[order - 1]!, recentFrom: { start: parsed[order - 1]!.start, end: parsed[order - 1]!.end } } : {}),
        ...(!named[order - 1] && named[order - 2] ? { recent: named[order - 2]!, recentFrom: { start: parsed[order - 2]!.start, end: parsed[order - 2]!.end } } : {}),
        ...(parsed[order + 1] ? { next: parsed[order + 1] } : {}),
        ...(order > 0 ? { previous: parsed[order - 1] } : {}),
      });
      claims.push(...found);
      if (PROPOSAL_LINE.test(s.text)) proposals.push(s);
      const names = entitiesIn(s.tokens, ignore);
      if (names.length && (/\b(?:competitor|rival|chain|customer|retailer|player|entrant)s?\b/i.test(s.text) || !lastEntity)) {
        lastEntity = names[0]!;
        lastEntityFrom = { start: s.start, end: s.end };
      }
    });
  });
  return { claims, proposals, sentences, chars: items.reduce((n, i) => n + i.text.length, 0), parsedChars };
}
