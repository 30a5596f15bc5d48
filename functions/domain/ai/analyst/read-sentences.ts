/**
 * Reading the evidence: every line of every item is looked at; the lines that can hold a claim (a figure, a
 * measure the table knows, a suggestion) are parsed by wink-nlp into sentences, and each sentence gives its
 * claims. Headings are remembered as the context of what follows them, and the last company named as what
 * "its" and "their" refer to.
 *
 * Time is bounded: a line that repeats one already read in the same item is read once, and at most
 * MAX_PARSED_CHARS characters are parsed per call. Evidence that fits is
 * parsed whole; more than that is cut into sentences, and each item in turn gives its most promising ones
 * (figures with a measure's words, then figures, then measures, then suggestions), so every item is read
 * and 20 documents of 50 pages stay within about a second.
 */
import { instructionEnd } from '../text/grounding';
import { cellFigure, type Claim, claimsOf, entitiesIn, isHeaderRow, isInstruction, isProposal, MOVED_IT, plannedIn, tableCells, type TableCell, tableRowClaim, withBenchmark, withChange, withOutturn, withPrevious } from './claims';
import { eventsOf, namedSubject, outsideSubject, outsideTeller, outweighsMeasure, partySubject } from './events';
import { judgeByWords, mayNameMeasure, measuresIn } from './measures';
import { loadNlp, type ParsedSentence, parseSpan } from './nlp';
import { type FigureRef, isCsvLine, rawFigures } from './read-claims';

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
  /** where the heading is in the text (a place a heading names is cited with the claims under it) */
  headingFrom?: { start: number; end: number };
  /** a table's prose cell: the name its row gives ("Fraud and chargeback losses" for "Losses 4.1 basis points of volume …") */
  rowLabel?: string;
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

/** Characters parsed by wink-nlp per reading, at most (about 16,000 words: some 700 sentences with figures). */
const MAX_PARSED_CHARS = 100_000;
const MAX_LINE_CHARS = 4_000;
/** Characters of tables' prose cells parsed per item, at most. */
const MAX_PROSE_CELL_CHARS = 20_000;

const DIGIT = /\d/;
const PROPOSAL_LINE = /\b(?:would like|wants? to|recommends?|propose|plans? to|intends? to|asked for|been asking|business case)\b/i;
const HEADING = /^[^.!?;]{2,80}$/;
/** A paragraph's number before its first word: "2.2 ", "4. ", "3.1.2 " (with a dot), followed by a capitalised word. */
const OUTLINE_NUMBER = /^(?:\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\.?|\d{1,2}\.)\s+(?=\p{Lu}\p{Ll})/u;
/** Headings that judge the items listed under them. */
/** A claim whose measure names peers rather than the organization ("Listed operators report", "Private-equity peers"): their level. */
const PEER_NAME =
  /\b(?:(?:[Bb]ig|[Bb]iggest|[Ll]arger?|[Ll]eading|[Cc]omparable|[Ss]imilar|[Nn]ational) (?:[a-z-]+ ){0,2}[a-z]+s (?:quote|report|run|average|achieve|see|get|manage|sit)\b|[A-Za-z-]+s (?:of )?(?:our|your|their|the|a similar|similar|the same) size|peers?|competitors?|rivals?|(?:listed|big|biggest|large|larger|other|leading|top|comparable|similar|quoted|private[- ]equity|better[- ]run|best[- ]run|national|regional) (?:[a-z-]+ ){0,2}(?:operators|banks|firms|companies|players|chains|groups|providers|insurers|carriers|airlines|universities|trusts|landlords|retailers|practices|schools|hospitals|suppliers|manufacturers|brewers|dealers|agencies|networks|consultancies|housebuilders|utilities|councils|lenders|associations|hauliers|contractors|distributors|wholesalers|merchants|developers|brands|labs|laboratories|clinics|publishers|platforms|colleges|hotels|restaurants|stores|fleets|farms|ports|mines)|(?:listed|quoted|private[- ]equity|better[- ]run|best[- ]run|comparable) [a-z-]+s|(?:sector|industry|market|peer) (?:average|median|norm|benchmark|level)|^(?:[Tt]he )?(?:[Mm]arket|[Ss]ector|[Ii]ndustry)$|\b[a-z-]+s (?:that )?we (?:compare|benchmark|measure)(?: ourselves| us)? (?:with|against|to)\b|other (?:[a-z-]+ )?(?:plants|sites|branches|depots|centres|centers|stores|shops|practices|units|regions|divisions|teams|homes|yards|mills|warehouses|hubs|terminals|schools|hospitals|clinics|routes)|(?:national|regional|sector|industry|market|peer|genre|network|county|uk|us|eu|oecd|nearest[- ]neighbou?r) (?:[\p{L}-]+ )?(?:average|median|norm|benchmark)\b|^(?:the )?(?!(?:weighted|rolling|moving|running|simple|overall|our|its|their)\b)(?:[\p{L}&'’-]+ ){1,3}(?:average|median|mean|norm|benchmark)s?$)/iu;

/**
 * Whether a sentence opens with another organization, by name, stating its own level ("Octopus reports under £50",
 * "FB: Ryanair runs at 94%"): the name is the tagger's and none of the organization's words; the verb says what it achieves.
 */
function rivalLevel(s: ParsedSentence, ignore: ReadonlySet<string>, organization: ReadonlySet<string>): boolean {
  const m = /^\s*(?:[-•*]\s*)?(?:[A-Z]{1,3}:\s*)?((?:[A-Z][\w&'’.-]*\s+){1,3})(?:reports?|reported|averages?|averaged|runs? at|ran at|achieves?|achieved|manages?|managed|is at|was at|sits at|gets|got|posts?|posted|does it (?:in|for)|did it (?:in|for))\s/.exec(s.text);
  if (!m) return false;
  const words = m[1]!.trim().split(/\s+/);
  if (/^(?:we|i|they|it|this|that|these|those|our|the|their|its|he|she|you|a|an|one|each|every|most|some|all)$/i.test(words[0]!)) return false;
  return words.every((w) => {
    const t = s.tokens.find((x) => x.text === w);
    return t?.pos === 'PROPN' && !ignore.has(t.lower) && !organization.has(t.lower) && !judgeByWords(t.lower) && !measuresIn(t.lower).length;
  });
}

/** A sentence whose subject is what was planned: its figure is the level the claim before it is measured against. */
const PLAN_SUBJECT = /^[\s\-•*>]*(?:the |our |this year's |last year's )?(?:[\w-]+ ){0,2}(?:plan|budget|business case|forecast|target|guidance)s? (?:had )?(?:assumed|assumes|expected|expects|called for|calls for|set|sets|was|is|had|has|of)\b/i;

const GOOD_HEADING = /\b(?:rated? (?:well|highly)|rate (?:well|highly)|strengths?|positives|highlights|what went well|(?:what(?:'s| is) )?(?:going|working) well|successes|achievements|good news|bright spots?)\b/i;
const BAD_HEADING = /\b(?:rated? (?:poorly|badly|low)|rate (?:poorly|badly|low)|weakness(?:es)?|negatives|lowlights|concerns|worries|issues|problems|challenges|pain points?|red flags?|headwinds|not (?:going|working) well|what went (?:badly|wrong)|areas? (?:for|of) (?:improvement|concern))\b/i;
/** A level someone is asked or aims to bring a measure to ("we have asked management to bring it below 25%"): an aim, not a benchmark. */
const AIM_FOR_IT = /\b(?:asked|told|want|wants|aim|aims|plan|plans|intend|intends|expect|expects|hope|hopes)\b[^.;]{0,40}\b(?:bring|get|cut|reduce|raise|lift|take|push)\s+it\b/i;
/** A gap after a figure ("the sector is paying 15–20% more"): a difference from the measure, not a level of it. */
const GAP_WORDS = /^\s*(?:more|less|higher|lower|fewer|cheaper|dearer|above|below|extra|premium|over|under)\b/i;

/** Headings of what comes from outside, as a SWOT's notes name them. */
const OPPORTUNITY_HEADING = /^(?:[\w\s&-]{0,30}\b)?(?:opportunit(?:y|ies)|tailwinds?|upsides?)\b[^.?!]{0,30}$/i;
const THREAT_HEADING = /^(?:[\w\s&-]{0,30}\b)?(?:threats?|headwinds?|external risks?|risks from outside)\b[^.?!]{0,30}$/i;

/** A heading that ends in its red, amber or green status ("OCCUPANCY - AMBER", "Fire safety: Red", "Hygiene (GREEN)"). */
const RAG_HEADING = /(?:\s[-–—:]\s*|:\s*|\(\s*)(RED|AMBER|GREEN|Red|Amber|Green)\s*\)?\s*$|\s(RED|AMBER|GREEN)$/;

/**
 * Who speaks, before a line of a transcript or a chat: "Q - Aisha Patel, Northgate Securities:", "A - Claire Dunne:",
 * "[04/09 14:47] Mia Chen (CFO):",
 * "Rhys Morgan (CEO):", "Operator:". Not a word of what is said (a label of a note, "Net revenue:", is kept).
 */
const SPEAKER = /^(?:\[(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{0,6}\.?,?\s+)?[\d/:.,\s-]{3,24}(?:\s?[AaPp]\.?[Mm]\.?)?\]\s*(?:\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){0,2}(?:\s+\([^()\n]{2,40}\))?:)?|[QA]\s*[-–—]\s*[^:\n]{2,60}:|\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){0,2}\s+\([^()\n]{2,40}\):|Operator:|Moderator:)\s+(?=\S)/u;

interface Line {
  evidence: number;
  start: number;
  end: number;
  priority: number;
  heading: string;
  headingFrom?: { start: number; end: number };
}


/** Lines of a text, with the heading each falls under, and how promising each is (cheap tests only). */
function linesOf(text: string, evidence: number): Line[] {
  const lines: Line[] = [];
  let heading = '';
  let headingFrom: { start: number; end: number } | undefined;
  let seen = new Set<string>();
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    // the number of a numbered paragraph ("2.2 Unit cost rose …", "4. The board noted …") is where it stands, not a figure it states
    const outline = OUTLINE_NUMBER.exec(text.slice(s, Math.min(e, s + 16)));
    if (outline) s += outline[0].length;
    const speaker = SPEAKER.exec(text.slice(s, Math.min(e, s + 120)));
    if (speaker) s += speaker[0].length;
    if (e > s) {
      const line = text.slice(s, Math.min(e, s + MAX_LINE_CHARS));
      const bare = line.replace(/^[\d.]+\s*/, '');
      if (line.length <= 80 && line.split(/\s+/).length <= 8 && HEADING.test(bare) && !DIGIT.test(bare)) {
        heading = line.replace(/^[\d.]+\s*/, '').replace(/:$/, '');
        headingFrom = { start: s, end: e };
        seen = seen.size > 10_000 ? new Set() : seen;
      } else if (!seen.has(line)) {
        seen.add(line);
        lines.push({ evidence, start: s, end: Math.min(e, s + MAX_LINE_CHARS), priority: priorityOf(line), heading, ...(headingFrom ? { headingFrom } : {}) });
      }
    }
    start = end + 1;
  }
  return lines;
}

/** Figures with a measure's words first, then figures, then measures, then suggestions; 0 for the rest. */
function priorityOf(text: string): number {
  const figure = DIGIT.test(text);
  const measure = mayNameMeasure(text.toLowerCase());
  return (figure && measure ? 4 : 0) + (figure ? 2 : 0) + (measure ? 2 : 0) + (PROPOSAL_LINE.test(text) ? 1 : 0);
}

/** A line cut into sentence-sized pieces for choosing what to parse (wink-nlp finds the real boundaries). */
function piecesOf(text: string, line: Line): Line[] {
  const out: Line[] = [];
  const re = /[.!?]["'”’)]*\s+(?=["“(]?[A-Z0-9])/g;
  let from = line.start;
  const body = text.slice(line.start, line.end);
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const to = line.start + m.index + m[0].trimEnd().length;
    out.push({ ...line, start: from, end: to, priority: priorityOf(text.slice(from, to)) });
    from = line.start + m.index + m[0].length;
  }
  if (from < line.end) out.push({ ...line, start: from, end: line.end, priority: priorityOf(text.slice(from, line.end)) });
  return out;
}

/**
 * What is parsed: everything when it fits the budget (the context of each sentence kept); otherwise the most
 * promising sentences of every item in turn, so each item gets its share and no item is left unread.
 */
function choose(items: readonly ReadableEvidence[], all: readonly Line[]): Line[] {
  const total = all.reduce((n, l) => n + l.end - l.start, 0);
  if (total <= MAX_PARSED_CHARS) return [...all];
  const queues = items.map((item, i) =>
    all
      .filter((l) => l.evidence === i && l.priority > 0)
      .flatMap((l) => piecesOf(item.text, l))
      .filter((p) => p.priority > 0)
      .sort((a, b) => b.priority - a.priority || a.start - b.start),
  );
  const chosen: Line[] = [];
  let budget = MAX_PARSED_CHARS;
  for (let round = 0, progress = true; progress && budget > 0; round++) {
    progress = false;
    for (const queue of queues) {
      const next = queue[round];
      if (!next) continue;
      progress = true;
      const length = next.end - next.start;
      if (length > budget) continue;
      budget -= length;
      chosen.push(next);
    }
  }
  return chosen.sort((a, b) => a.evidence - b.evidence || a.start - b.start);
}

/**
 * The rows of the tables of a text, each with its cells and the heading row of its table (the last row before
 * it with no figure after its label). A table is a run of lines with cells (./claims.ts tableCells); a line
 * of dashes under the heading row does not end it, any other line does.
 */
function tableRows(text: string): { start: number; end: number; cells: TableCell[]; header: string[] }[] {
  const out: { start: number; end: number; cells: TableCell[]; header: string[] }[] = [];
  if (!text.includes('|') && !/\S(?:\t| {2,})\S/.test(text) && !text.split('\n').some(isCsvLine)) return out;
  let header: string[] = [];
  let inTable = false;
  // the commas of the rows of a comma-separated sheet, as its heading row has them
  let csvCommas = -1;
  const commas = (line: string) => (line.match(/,/g) ?? []).length;
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    const trimmedEnd = start + line.trimEnd().length;
    if (/^\s*\|?[\s|:-]+\|?\s*$/.test(line) && line.includes('-') && inTable) {
      start = end + 1;
      continue;
    }
    const sheetRow = inTable && csvCommas > 0 && commas(line) === csvCommas && !/[|\t]|,\s/.test(line);
    const cells = /\d|\||\S(?:\t| {2,})\S|,\S/.test(line) ? tableCells(line, start, sheetRow) : undefined;
    if (!cells) {
      inTable = false;
      header = [];
      csvCommas = -1;
    } else if (!inTable && isHeaderRow(cells)) {
      header = cells.map((c) => c.text);
      inTable = true;
      csvCommas = isCsvLine(line) ? commas(line) : -1;
    } else {
      inTable = true;
      if (!isHeaderRow(cells)) out.push({ start: start + (line.length - line.trimStart().length), end: trimmedEnd, cells, header });
      // (a row of figures the reader cannot take is no new heading: the rows after it keep their columns)
      else if (!cells.slice(1).some((c) => /\d/.test(c.text) && !/^(?:fy ?)?(?:19|20)\d{2}(?:\/\d{2})?$|^(?:q[1-4]|h[12])\b/i.test(c.text))) header = cells.map((c) => c.text);
    }
    start = end + 1;
  }
  return out;
}

/** The cells of a line that is a strip of labelled figures between bars, each a label and its figure; else undefined. */
function stripCells(text: string, start: number, end: number): (readonly [number, number])[] | undefined {
  const line = text.slice(start, end);
  if (!line.includes(' | ')) return undefined;
  const cells: [number, number][] = [];
  let at = 0;
  for (const part of line.split(' | ')) {
    const lead = part.length - part.trimStart().length;
    cells.push([start + at + lead, start + at + part.trimEnd().length]);
    at += part.length + 3;
  }
  // (a log's row whose last cell is prose, after short cells of when and who, is that prose: "18/09 | Days | K. Morgan | Zoolia
  // … have asked us to quote for 1,200 tonnes a year")
  const last = cells.at(-1)!;
  const prose = text.slice(last[0], last[1]);
  if (cells.slice(0, -1).every((c) => c[1] - c[0] <= 30 && text.slice(c[0], c[1]).split(/\s+/).length <= 4) && prose.split(/\s+/).length >= 6 && (prose.match(/(?:^|\s)\p{Ll}[\p{Ll}'’-]+/gu) ?? []).length >= 3) return [last];
  const labelled = (c: readonly [number, number]) => /^\p{L}[^|]{0,40}?[:\s]\s*[+\-−]?[£$€]?\d/u.test(text.slice(c[0], c[1])) && text.slice(c[0], c[1]).split(/\s+/).length <= 8;
  return cells.length >= 3 && cells.every(labelled) ? cells : undefined;
}

/** Reads the evidence into claims (deterministic: the same texts give the same claims, in the same order). */
export async function readEvidence(items: readonly ReadableEvidence[], ignore: ReadonlySet<string>, organization: ReadonlySet<string> = new Set()): Promise<Reading> {
  const nlp = await loadNlp();
  const all = items.flatMap((item, i) => linesOf(item.text, i));
  const chosen = choose(items, all);
  const claims: Claim[] = [];
  const proposals: ReadSentence[] = [];
  const sentences: ReadSentence[] = [];
  let parsedChars = 0;
  items.forEach((item, index) => {
    const lines = chosen.filter((l) => l.evidence === index);
    const parsed: ReadSentence[] = [];
    for (const line of lines) {
      parsedChars += line.end - line.start;
      // a strip of labelled figures between bars ("Responses: 412 | Promoters 52% | NPS +31 (Q2: +38)") is a note per cell
      const spans = stripCells(item.text, line.start, line.end) ?? [[line.start, line.end] as const];
      for (const [from, to] of spans) for (const s of parseSpan(nlp, item.text, from, to)) parsed.push(Object.assign(s, { evidence_id: item.id, order: 0, heading: line.heading, ...(line.headingFrom ? { headingFrom: line.headingFrom } : {}) }));
    }
    // a heading that names a place or a segment the text names elsewhere mid-sentence ("3.3 Łódź") scopes what follows it
    // (read from the words as written: the tokenizer splits names with letters outside Latin-1, "Ł ód ź")
    const midSentence = new Set<string>();
    for (const s of parsed) {
      for (const m of s.text.matchAll(/(?<=[\p{L}\p{N},;)’']\s+)(\p{Lu}[\p{L}\p{M}]*)/gu)) midSentence.add(m[1]!);
    }
    const scopeOf = (heading: string) => {
      const words = heading.split(/\s+/).filter((w) => /\p{L}/u.test(w));
      return words.length > 0 && words.length <= 3 && words.every((w) => midSentence.has(w) && !ignore.has(w.toLowerCase())) ? words.join(' ') : '';
    };
    // a table of measures ("| Revenue | €196m | €212m |", or columns aligned by spaces): each row a claim, today's value
    // against the column before and against a column headed as a benchmark; its rows are read as rows, not as sentences
    const text = item.text;
    const rows = tableRows(text);
    for (const r of rows) {
      if (isInstruction(text.slice(r.start, r.end))) continue;
      const claim = tableRowClaim({ text: text.slice(r.start, r.end), start: r.start }, r.cells, r.header, { evidence_id: item.id, order: -1 });
      if (claim) claims.push(claim);
    }
    // (rows are in text order: the row a sentence may lie in is the last one that starts at or before it)
    const inRow = (s: ReadSentence) => {
      let lo = 0;
      let hi = rows.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (rows[mid]!.start <= s.start) lo = mid;
        else hi = mid - 1;
      }
      const r = rows[lo];
      return r !== undefined && s.start >= r.start && s.end <= r.end;
    };
    if (rows.length) for (let k = parsed.length - 1; k >= 0; k--) if (inRow(parsed[k]!)) parsed.splice(k, 1);
    // a cell written in prose with its figures (a register's or a scorecard's "Notes": "Attrition 19% vs 12% target") is read as sentences
    // (within a budget of their own: a sheet of thousands of rows with comments is not parsed cell by cell)
    // (with the name its row gives, its first cell of words: "R01 | Fraud and chargeback losses | … | Losses 4.1 basis points …")
    const proseCells = rows.flatMap((r) => {
      const rowLabel = r.cells.find((c) => /\p{L}{3}/u.test(c.text) && !/\d/.test(c.text) && c.text.trim().split(/\s+/).length <= 8)?.text.trim();
      return r.cells.slice(1).filter((c) => /\d/.test(c.text) && c.text.trim().split(/\s+/).length >= 4 && !cellFigure(c.text, 0)).map((c) => ({ c, rowLabel }));
    });
    if (proseCells.length) {
      let budget = MAX_PROSE_CELL_CHARS;
      for (const { c, rowLabel } of proseCells) {
        budget -= c.text.length;
        if (budget < 0) break;
        const from = c.start + (c.text.length - c.text.trimStart().length);
        for (const sentence of parseSpan(nlp, item.text, from, c.start + c.text.trimEnd().length)) parsed.push(Object.assign(sentence, { evidence_id: item.id, order: 0, heading: '', ...(rowLabel ? { rowLabel } : {}) }));
      }
      parsedChars += MAX_PROSE_CELL_CHARS - Math.max(0, budget);
      parsed.sort((a, b) => a.start - b.start);
    }
    let lastEntity = '';
    let lastEntityFrom: { start: number; end: number } | undefined;
    const named = parsed.map((s) => measuresIn(s.text.toLowerCase()).at(-1)?.measure);
    // an instruction planted in the evidence is not read, nor what follows it in its paragraph or item
    let plantedUntil = -1;
    // a sentence an event took as its consequence ("That takes about £9m a year out of revenue") is read as part of that event
    let consumedFrom = -1;
    let consumedUntil = -1;
    // a question between two sentences starts another subject: a level in the answer after it compares nothing before it
    // (unless the question asks for the comparison: "How do you compare?", "What do peers make?")
    const askedBetween = (from: number, to: number) =>
      parsed.slice(from + 1, to).some((q) => (q.question || q.text.trimEnd().endsWith('?')) && !/\b(?:compare[sd]?|comparison|peers?|sector|industry|benchmark|average|others?|competitors?|rivals?|market|norm|target|budget|plan)\b/i.test(q.text));
    parsed.forEach((s, order) => {
      s.order = order;
      if (s.start < plantedUntil) return;
      if (isInstruction(s.text)) {
        plantedUntil = instructionEnd(item.text, s.end);
        return;
      }
      sentences.push(s);
      // a form's question is the asker's words: it states no claim and no event, and its answer reads the measure it asks about
      if (s.question) return;
      // an email's header states nothing of the business: "Subject: WEEKLY SALES FLASH - wk 23 (YTD to 8 June 2025)"
      if (/^\s*(?:from|to|cc|bcc|sent|date|subject)\s*:/i.test(s.text) && /^(?:from|to|cc|bcc|sent|date|subject)$/i.test(s.tokens[0]?.text ?? '')) return;
      // a paragraph's number standing alone ("6." before "AOB: none.") states nothing
      if (/^\s*(?:\d{1,3}(?:\.\d{1,3})*|[ivx]{1,4}|[a-h])[.)]\s*$/i.test(s.text)) return;
      // an export's trailing note with no verb ("... (16 further rows in the portal)") states nothing
      if (/^\s*(?:\.{3}|…)/.test(s.text) && !s.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return;
      const consumed = s.start >= consumedFrom && s.end <= consumedUntil;
      const found = claimsOf(s, {
        evidence_id: item.id,
        order,
        ignore,
        lastEntity,
        names: midSentence,
        ...(lastEntityFrom ? { lastEntityFrom } : {}),
        ...(scopeOf(s.heading) ? { scope: scopeOf(s.heading), ...(s.headingFrom ? { scopeFrom: s.headingFrom } : {}) } : {}),
        ...(named[order - 1] ? { recent: named[order - 1]!, recentFrom: { start: parsed[order - 1]!.start, end: parsed[order - 1]!.end } } : {}),
        ...(!named[order - 1] && named[order - 2] ? { recent: named[order - 2]!, recentFrom: { start: parsed[order - 2]!.start, end: parsed[order - 2]!.end } } : {}),
        ...(parsed[order + 1] ? { next: parsed[order + 1] } : {}),
        ...(order > 0 ? { previous: parsed[order - 1], afterBreak: /\n\s*\n/.test(item.text.slice(parsed[order - 1]!.end, s.start)) } : {}),
      });
      // a prose cell's measure named by one word its row's name ends with is the row's ("Losses" under "Fraud and chargeback losses")
      if (s.rowLabel) {
        const label = s.rowLabel;
        for (const c of found) {
          const words = c.name.toLowerCase().split(/\s+/);
          if (c.kind === 'event' || c.measure || words.length > 2 || !label.toLowerCase().split(/[\s(),/-]+/).includes(words.at(-1)!)) continue;
          c.name = label.replace(/\s*\([^)]*\)\s*$/, '');
          c.key = `np:${c.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}`;
        }
      }
      // a heading that judges what is listed under it ("What members rate poorly", "Highlights") judges a level that nothing else compares
      const verdict = GOOD_HEADING.test(s.heading) ? 1 : BAD_HEADING.test(s.heading) ? -1 : 0;
      if (verdict) for (const c of found) if (c.current && !c.previous && !c.benchmark && !c.change && !c.measure?.intrinsic && c.kind !== 'event') c.valence = verdict;
      // a heading that names what comes from outside ("Opportunities", "THREATS", "Headwinds") places what is listed under it
      // outside, good or bad as it says, where nothing else judged it
      const outside = OPPORTUNITY_HEADING.test(s.heading) ? 1 : THREAT_HEADING.test(s.heading) ? -1 : 0;
      if (outside) for (const c of found) if ((c.current || c.change) && c.valence === 0 && c.kind !== 'event') Object.assign(c, { valence: outside, external: true });
      // a red, amber or green status in the heading is the author's verdict on what its section states, where nothing else judged it
      // ("ENQUIRY CONVERSION - RED": "41% of enquiries became move-ins, down from 47%" is bad; amber is a concern to watch)
      const rag = RAG_HEADING.exec(s.heading);
      const status = (rag?.[1] ?? rag?.[2])?.toLowerCase();
      if (status) for (const c of found) if ((c.current || c.change) && c.valence === 0 && !c.measure?.intrinsic && c.kind !== 'event') c.valence = status === 'green' ? 1 : -1;
      // a clause that points back with a change is the change of the claim before it in its sentence ("We fitted 2,140 systems
      // last year, which is 31% more than the year before")
      for (const c of [...found]) {
        if (c.kind !== 'refers' || !c.change || c.current) continue;
        const own = found.find((p) => p !== c && p.current && !p.change && !p.previous && p.clause && c.clause && p.clause.end <= c.clause.start);
        if (!own) continue;
        withChange(own, c.change, { start: c.clause!.start, end: c.clause!.end });
        found.splice(found.indexOf(c), 1);
      }
      // a clause that compares the claim before it with another level judges it by that comparison ("8.9 t/ha, which compares
      // well with the 8.1 t/ha the county survey gives as the regional average")
      for (const c of [...found]) {
        const text = c.clause ? item.text.slice(c.clause.start, c.clause.end).toLowerCase() : '';
        const compares = /\bcompares? (well|favourably|favorably|badly|poorly|unfavourably|unfavorably)\b/.exec(text);
        const figure = c.current;
        if (!compares || !figure || c.measure) continue;
        // (the figure nearest before it: "the first 300 ha put wheat at 8.9 t/ha, which compares well" compares the 8.9)
        const own = found
          .filter((p) => p !== c && p.current && !p.benchmark && p.current.start < figure.start && (p.current.unit === figure.unit || !figure.unit || !p.current.unit))
          .sort((a, b) => b.current!.start - a.current!.start)[0];
        if (!own) continue;
        withBenchmark(own, { ...figure, role: 'benchmark', label: 'benchmark', by: item.text.slice(figure.start, c.clause!.end).replace(/[\s.;:,]+$/, '') }, { start: c.clause!.start, end: c.clause!.end });
        own.valence = /^(?:well|favourably|favorably)$/.test(compares[1]!) ? 1 : -1;
        found.splice(found.indexOf(c), 1);
      }
      // a figure that refers to the claim of the sentence before ("Two years ago it was one in four") is that claim's earlier value or benchmark
      for (const c of [...found]) {
        // (so does a clause that gives only an earlier value: "…34% of sales now, it was 25% two years ago")
        const earlierOnly = c.previous && !c.current && !c.change && !c.benchmark && found.some((p) => p !== c && p.current && !p.previous && p.clause && c.clause && p.clause.end <= c.clause.start && p.current.unit === c.previous!.unit);
        // (and a clause that says what "it" was, with a time after the figure: "…is 19 days; it was 11 days in the spring")
        const itWas = c.kind === 'refers' && c.current && !c.previous && !c.change && !c.benchmark && c.clause !== undefined && /^[\s,;:-]*(?:it|that|this|they) (?:was|were|used to be|stood at)\b/i.test(item.text.slice(c.clause.start, c.clause.end));
        if (c.key !== 'refers' && !earlierOnly && !itWas) continue;
        found.splice(found.indexOf(c), 1);
        // (the claim before it in its own sentence first: "grain-free is 34% of sales now, it was 25% two years ago")
        const host = found.filter((p) => p.current && !p.previous && p.clause && c.clause && p.clause.end <= c.clause.start).at(-1) ?? [...claims].reverse().find((p) => p.evidence_id === item.id && p.order >= order - 2 && p.order < order && p.current && !askedBetween(p.order, order));
        const figure = c.previous ?? c.current;
        if (!host || !figure || (figure.unit && host.current!.unit && figure.unit !== host.current!.unit)) continue;
        // (a level someone is asked or aims to bring it to is an aim of theirs, not a benchmark the evidence compares it with:
        // "we have asked management to bring it below 25%")
        const aim = c.clause ? AIM_FOR_IT.test(item.text.slice(c.clause.start, c.clause.end)) : false;
        if (c.benchmark && aim) continue;
        if (c.benchmark) withBenchmark(host, c.benchmark, { start: c.start, end: c.end });
        else withPrevious(host, { ...figure, role: 'previous' }, { start: c.start, end: c.end });
      }
      // "Kitchen staff turnover was 38% last year. We've cut it to 29% this year": the level of the year before, stated in the
      // sentence before, is the earlier value of the level the organization moved it to
      for (const c of found) {
        if (!c.current || c.previous || c.change || !MOVED_IT.test(item.text.slice(c.start, c.end))) continue;
        const k = claims.findLastIndex((p) => p.evidence_id === item.id && p.order === order - 1 && p.key === c.key && p.current && !p.previous && p.current.unit === c.current!.unit && /^\s*(?:last year|the year before|a year ago|in (?:19|20)\d{2})\b/i.test(item.text.slice(p.current.end, p.current.end + 20)));
        if (k < 0) continue;
        withPrevious(c, { ...claims[k]!.current!, role: 'previous' }, { start: claims[k]!.start, end: claims[k]!.end });
        claims.splice(k, 1);
      }
      // "The plan assumed occupancy of 85%. We achieved 78%.": the level the plan set, in the sentence before, is the benchmark of
      // the outturn named from it, and no claim of its own
      const prior = parsed[order - 1];
      const plan = prior ? plannedIn(prior.text) : undefined;
      for (const c of found) {
        if (!plan || !prior || !c.current || c.benchmark || c.measureFrom?.start !== prior.start) continue;
        const k = claims.findLastIndex((p) => p.evidence_id === item.id && p.order === order - 1 && p.figures.some((x) => x.start === prior.start + plan.figure.start) && (!p.current || p.current.start === prior.start + plan.figure.start));
        if (k < 0) continue;
        const set = claims[k]!.figures.find((x) => x.start === prior.start + plan.figure.start)!;
        withOutturn(c, { ...set, role: 'benchmark', label: plan.label }, { start: prior.start, end: prior.end });
        claims.splice(k, 1);
      }
      // a sentence that only gives a benchmark ("Listed peers report 3–4%", "Policy = 3–6 months") compares the claim just before it
      // (so does peers' own level, "The listed operators report around 28%", and a clause of the same sentence that only gives
      // one, "marketing spend is running at 19% of revenue, the board's cap is 15%")
      let peersGiven = false;
      // (a sentence whose subject is the plan or the budget gives the level planned: "The business plan assumed 30% penetration by now")
      const planned = PLAN_SUBJECT.test(s.text);
      for (const c of [...found]) {
        // (a gap the peers pay or charge, "the sector is paying 15–20% more", is a difference, not their level)
        // (an aim someone sets for it, "we have asked management to bring it below 25%", is theirs, not a level it is compared with)
        if (c.clause && AIM_FOR_IT.test(item.text.slice(c.clause.start, c.clause.end))) continue;
        // (nor is a budget or a plan that was itself moved by an amount a level of anything: "the council's home care budget was cut 8% this year")
        if (c.clause && /\b(?:cut|cuts|reduced|slashed|raised|increased|lowered|trimmed|rose|fell|grew|dropped|shrank)\s+(?:by\s+)?(?:about\s+|around\s+|some\s+|roughly\s+)?[£$€]?\d[\d.,]*\s?(?:%|per ?cent|k|m|bn)?(?!\s*(?:to|at)\b)/i.test(item.text.slice(c.clause.start, c.clause.end))) continue;
        // (nor is a bound a subject of its own is said to be under: "… and our three smallest sites are all below 12%")
        if (c.clause && c.benchmark && !c.current && !PEER_NAME.test(c.name) && c.kind === 'subject' && /\b(?:are|is|were|was|sit|sits|run|runs)\s+(?:all |each |both |still |now )?(?:below|under|above|over)\s+(?:about |around |roughly )?[£$€]?\d/i.test(item.text.slice(c.clause.start, c.clause.end))) continue;
        // (nor a count of what is missing: "we are short of 38 HGV drivers" is a shortfall of drivers, no level of anything)
        if (c.clause && c.benchmark && !c.current && /\bshort of (?:about |around |some |roughly )?\d[\d,]*\s+(?!(?:%|per ?cent|points?|pts)\b)[\p{L}]/iu.test(item.text.slice(c.clause.start, c.clause.end))) continue;
        const own = c.current ?? c.benchmark;
        const gapAfter = own ? GAP_WORDS.test(item.text.slice(own.end, own.end + 12)) : false;
        if (gapAfter) continue;
        // (and a rule's allowance: "the league's cost control rule allows 60%" is the limit of the share before it)
        const allowed = c.clause && c.current && !c.measure ? /\b(?:rules?|regulations?|caps?|limits?|covenants?|polic(?:y|ies)|laws?|regime|framework)\b[^.;]{0,30}\b(?:allows?|permits?|sets? (?:a |the )?(?:cap|limit|maximum) (?:of|at))\b/i.test(item.text.slice(c.clause.start, c.clause.end)) : false;
        const peers = !c.benchmark && !c.change && !c.previous && c.kind !== 'event' && c.current && !gapAfter && ((!c.measure && PEER_NAME.test(c.name)) || planned || allowed);
        if ((c.current || c.change || !c.benchmark) && !peers) continue;
        // (up to a comment of the speaker's after it: "…is about +20, so people like us even when we're late")
        const stated = c.clause ? item.text.slice(c.clause.start, c.clause.end).split(/,\s(?:so|which|and|but|while)\b|;/)[0]!.replace(/[\s.;:,]+$/, '') : '';
        // (peers' level is stated as the evidence states it: "the big national players report about 24%")
        const figure = c.benchmark ?? c.current!;
        const by = PEER_NAME.test(c.name) && stated.includes(figure.text) && stated.length <= 120 ? { by: stated.replace(/^\p{Lu}(?=\p{Ll})/u, (w) => w.toLowerCase()).replace(/^our (?=peers|competitors|rivals|competition)/, 'its ') } : {};
        const benchmark = c.benchmark ? { ...c.benchmark, ...by } : allowed ? { ...c.current!, role: 'benchmark' as const, label: 'limit', bound: 1 as const } : { ...c.current!, role: 'benchmark' as const, label: planned ? 'plan' : 'peer level', ...by };
        const earlierInSentence = found.filter((p) => p !== c && p.clause && c.clause && p.clause.end <= c.clause.start);
        // … in its own paragraph: a blank line between them starts another subject
        const host = [...claims, ...earlierInSentence].reverse().find((p) => p.evidence_id === item.id && p.order >= order - 2 && p.order <= order && p.current && !p.benchmark && (p.current.unit === benchmark.unit || !benchmark.unit) && (p.key === c.key || !c.measure) && !/\n\s*\n|\n\s*(?:[-•*▪◦‣]|\d{1,2}[.)])\s/.test(item.text.slice(p.end, c.start)) && !askedBetween(p.order, order));
        if (!host) continue;
        withBenchmark(host, benchmark, { start: c.start, end: c.end });
        found.splice(found.indexOf(c), 1);
        peersGiven = true;
      }
      // a sentence of peers' level that reads no claim of its own ("The larger carriers averaged 9%."): the benchmark
      // of the claim just before it in its unit
      // (so does a rival named as the sentence's subject with its own level: "Octopus reports under £50", "Ryanair runs at 94%")
      // (whose name and verb the reader may have taken for a measure's label: "Aviva reports about £240" is no "Aviva reports")
      const rival = !peersGiven && found.every((c) => !c.measure && c.kind !== 'event' && !c.previous && !c.change && !c.benchmark) && rivalLevel(s, ignore, organization);
      if ((!found.length || rival) && !peersGiven && (PEER_NAME.test(s.text.split(/\s+/).slice(0, 8).join(' ')) || rival)) {
        const raw = rawFigures(s.tokens);
        const f = raw.length === 1 ? raw[0]! : undefined;
        const gap = f && GAP_WORDS.test(s.text.slice(s.tokens[f.last]!.end - s.start, s.tokens[f.last]!.end - s.start + 12));
        const host = f && !gap && [...claims].reverse().find((p) => p.evidence_id === item.id && p.order >= order - 2 && p.order < order && p.current && !p.benchmark && p.current.unit === f.unit && !/\n\s*\n|\n\s*(?:[-•*▪◦‣]|\d{1,2}[.)])\s/.test(item.text.slice(p.end, s.start)) && !askedBetween(p.order, order));
        // (a sentence in the speaker's first person, "the carriers we cover", is not restated in the analyst's words)
        // (unless the first person only says which peers: "The larger carriers we cover averaged 9%" compares, in the analyst's words)
        // (a comment after it is the speaker's own: "Aviva reports about £240; that is where we lose")
        // ("our peers" names peers, not the organization: "Our peers in the BPIF survey run at about 33%")
        const told = s.text.split(/;|,\s(?:so|which|and|but|while)\b|\s[-–—]\s/)[0]!.replace(/\b[Oo]ur (peers|competitors|rivals|competition)\b/g, (w, who: string) => `${w.startsWith('O') ? 'T' : 't'}he ${who}`);
        const firstPerson = /\b(?:we|our|us|I)\b/.test(told);
        const peersOnly = told.replace(/\s(?:that |whom? )?(?:we|I) (?:cover|track|follow|watch|compete with|compete against|benchmark|compare (?:ourselves |us )?(?:with|to|against)|know of|talk to|speak to|work with|surveyed|survey)\b/g, '');
        const whichPeers = firstPerson && peersOnly !== told && !/\b(?:we|our|us|I)\b/.test(peersOnly);
        if (f && host && (!firstPerson || whichPeers)) {
          const start = s.tokens[f.first]!.start;
          const end = s.tokens[f.last]!.end - f.trim;
          // (up to a comment after it: "Octopus reports under £50; that is the gap that matters"; a rival's name keeps its capital)
          const stated = peersOnly.replace(/^\s*(?:[-•*]\s*)?(?:[A-Z]{1,3}:\s*)/, '').replace(/[\s.;:,]+$/, '');
          const by = rival ? stated : stated.replace(/^\p{Lu}(?=\p{Ll})/u, (w) => w.toLowerCase());
          const ref: FigureRef = { value: f.value, unit: f.unit, text: item.text.slice(start, end), start, end, role: 'benchmark', label: 'peer level', by };
          withBenchmark(host, ref, { start: s.start, end: s.end });
          if (rival) found.length = 0;
        }
      }
      // what the sentence says is happening outside, where no measure of the table already reads it as outside
      // (an outside actor's own wish is an event: "The landlord wants to double the rent")
      // (a table's row is read as a row, never as a sentence that states an event: "| Regulatory change | High | Worsening |")
      // (a proposal after a semicolon leaves the change before it: "NIS2 comes into force next year …; we should be ready to sell to them")
      // (a paragraph's verbless title, "3. Health board tender.", heads the sentences after it and states no event of its own)
      const title = !/\d/.test(s.text) && s.text.split(/\s+/).length <= 5 && !s.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
      if ((!isProposal(s.text.split(';')[0]!) || outsideSubject(s.text) || outsideTeller(s.text) || partySubject(s.text) || namedSubject(s.text, organization)) && !/\t|\s\|\s/.test(s.text) && !title) {
        // (so is one that holds the organization's own measure to a level it judges it by, whatever the table knows: "Your case
        // fill rate averaged 94.1%, below the 98.5% that our supplier standard requires")
        const measured = found.filter((c) => (c.measure && (c.clause || c.external)) || (!c.measure && !c.external && c.clause && c.current && c.benchmark && c.valence !== 0 && c.current.start < c.benchmark.start));
        const events = eventsOf(s, { evidence_id: item.id, order, ignore, organization, ...(parsed[order + 1] ? { next: parsed[order + 1] } : {}), ...(order > 0 ? { previous: parsed[order - 1] } : {}) }, [...claims, ...found]);
        // a clause that states a measure of the table is a result, not an event ("defects were 12 ppm, well within the 50 ppm our customers require")
        // (unless the event is a request, an invitation or a market forecast to grow: then the measure's clause is the event's)
        for (const e of [...events]) {
          // (an outside word that only opens a measure's name is no actor: "Guest review score slipped to 8.1 from 8.6" is a result)
          const named = e.key.endsWith(':') && found.some((c) => c.kind !== 'event' && !c.measure && c.current && (c.previous || c.change || c.benchmark) && c.clause?.start === e.clause!.start && c.name.toLowerCase().startsWith(e.name.toLowerCase()) && c.name.length > e.name.length && judgeByWords(c.name));
          if (named) {
            events.splice(events.indexOf(e), 1);
            continue;
          }
          const over = measured.filter((c) => (c.clause ? c.clause.start <= e.clause!.start && c.clause.end > e.clause!.start : true));
          // (a level judged only against what an outsider will require is that outsider's change: "… the 24 hours the port authority will require from April")
          if (!over.length || (e.forecast && over.every((c) => !c.measure))) continue;
          // (or when an outside actor is the clause's subject and the measure only sets the terms of its move: "the engine vendor moves to a 5% royalty on gross revenue above $1m")
          const clauseText = s.text.slice(e.clause!.start - s.start, e.clause!.end - s.start);
          const opening = clauseText.toLowerCase().replace(/^[\s\-•*]*(?:[\w\s-]{1,30}:\s*)?/, '').split(/\s+/).slice(0, 4).join(' ');
          // (and one that names the rise it proposes: "the landlord has indicated a rent rise of about 40%")
          const actorAt = clauseText.toLowerCase().indexOf(e.name.toLowerCase());
          const proposed = actorAt >= 0 && e.external && /^[^.;]{0,60}?\b(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:rise|increase|hike|uplift|cut|reduction)\s+of\b/i.test(clauseText.slice(actorAt + e.name.length)) && over.every((c) => !c.previous);
          const termsOnly = proposed || (outsideSubject(clauseText) && over.every((c) => !c.previous && !c.change && !opening.includes((c.measure?.name ?? c.name).toLowerCase().split(/\s+/).at(-1)!)));
          // (so does a condition on an outside approval or market move: "If oil prices rise again, our freight costs go up about £0.2m")
          const conditional = /:(?:approval|market move)$/.test(e.key);
          // (never an opening over how much of the organization's sales its few buyers take: "Two chains take 46% of what we sell" is a concentration)
          // (a threat the clause states with it, "… and has asked for a 10% discount to renew", is still told)
          const concentration = e.valence === 1 && over.some((c) => c.measure?.id === 'customer-concentration' && c.current?.unit === '%');
          if (!concentration && ((e.valence === 1 && outweighsMeasure(clauseText)) || termsOnly || conditional)) for (const c of over) found.splice(found.indexOf(c), 1);
          else events.splice(events.indexOf(e), 1);
        }
        // an event that goes on into a clause a measure of the outside reads ("and that market is growing about 20% a year") states it
        for (const e of events) for (const c of [...found]) if (c.measure?.scope === 'external' && c.clause && c.clause.start > e.clause!.start && c.clause.end <= e.clause!.end) found.splice(found.indexOf(c), 1);
        // a figure of an event's clause is the event's, not a measure of its own ("will cut its housing-support contracts by 8%")
        for (const e of events) {
          for (const c of [...found]) if (!c.measure && c.clause && c.clause.start < e.clause!.end && c.clause.end > e.clause!.start) found.splice(found.indexOf(c), 1);
        }
        found.push(...events);
        const reach = Math.max(-1, ...events.map((e) => e.end));
        if (reach > s.end) {
          consumedFrom = s.end;
          consumedUntil = reach;
        }
      }
      // (the consequence's own figures are the event's: no measure of their own)
      if (consumed) for (const c of [...found]) if (c.kind !== 'event') found.splice(found.indexOf(c), 1);
      claims.push(...found);
      if (PROPOSAL_LINE.test(s.text)) proposals.push(s);
      const names = entitiesIn(s.tokens, ignore);
      // only a company named as a competitor, a customer or a supplier is what a later "its" or "their" refers to
      if (names.length && /\b(?:competitor|rival|chain|customer|retailer|player|entrant|supplier|provider|centre|clinic)s?\b/i.test(s.text)) {
        lastEntity = names[0]!;
        lastEntityFrom = { start: s.start, end: s.end };
      }
    });
  });
  return { claims, proposals, sentences, chars: items.reduce((n, i) => n + i.text.length, 0), parsedChars };
}
