/**
 * The claim ledger: every figure of a report as an entry, with where it stands, the measure and period it
 * belongs to, and its support. Pure: the server keeps one part per section (recomputed when that section is
 * saved) and joins the parts on read; the editor's panel and the exports read the same entries.
 *
 * Support, in order of what is checked:
 * - cited: a citation on the same sentence whose quote states the figure (the same quantity, within rounding);
 * - data: a citation that points at a spreadsheet range, or one of the app's own scores named as a score;
 * - derived: recomputed from cited figures of the same paragraph: a difference (in points between percentages),
 *   a sum, a growth rate, a share or a ratio, agreeing with the figure within what it was rounded to;
 * - unsupported: anything else (a wrong derivation included). An unsupported figure whose sentence cites a quote
 *   stating its measure with another value carries that value as its correction (the Figures panel offers it).
 *
 * Disagreements: one measure and period stated with two values in two places (each the only figure of that
 * measure in its sentence), a table's total that does not add up, and a trend word that contradicts a chart's
 * series of the same measure.
 */
import { figuresIn, periodIn, sameQuantity, writtenLike, type Figure, type FigureUnit } from './figures';

export type Support = 'cited' | 'derived' | 'data' | 'unsupported';

/**
 * What a citation offers the ledger: its quote, or (a citation into the data room) a spreadsheet range. A
 * citation with a range and no quote supports a figure as data.
 */
export interface LedgerCitation {
  id: string;
  quote?: string;
  range?: string;
}

/** Reads the measure a figure belongs to in its sentence (`start`/`end`: the figure's place in the sentence). */
export type MeasureReader = (sentence: string, figure: { start: number; end: number }) => string | null;

export interface LedgerEntry {
  /** stable while its sentence stands: a waiver names it */
  id: string;
  /** `section:<key>`, `visual:<id>` */
  part: string;
  start: number;
  end: number;
  /** the sentence (or table row) it stands in: offsets into the part's text, and its words (shortened) */
  sentence: { start: number; end: number };
  excerpt: string;
  text: string;
  value: number;
  high?: number;
  unit: FigureUnit;
  currency?: string;
  step: number;
  change: boolean;
  measure: string | null;
  period: string | null;
  /** the only figure of its measure in its sentence (what value disagreements compare) */
  sole: boolean;
  support: Support;
  /** how it is supported: the citation and its quote, the computation, the range or the score; '' when unsupported */
  basis: string;
  citation_id?: string;
  /**
   * an unsupported figure whose sentence cites a quote stating its measure (and period, where both name one) with
   * another value: that value written as this figure is written, the citation and its quote
   */
  correction?: { text: string; citation_id: string; basis: string };
}

export type DisagreementKind = 'value' | 'total' | 'trend';

export interface Disagreement {
  id: string;
  kind: DisagreementKind;
  /** the entries that disagree (a trend's: the sentence's figures, if any) */
  entry_ids: string[];
  part: string;
  sentence: { start: number; end: number };
  detail: string;
}

/** A sentence that says a measure moved (what a chart's series is compared with). */
export interface TrendClaim {
  part: string;
  measure: string;
  direction: 1 | -1;
  sentence: { start: number; end: number };
  excerpt: string;
}

/** What one part of the report contributes: recomputed from that part alone. */
export interface LedgerPart {
  part: string;
  entries: LedgerEntry[];
  /** disagreements inside the part (totals) */
  disagreements: Disagreement[];
  trends: TrendClaim[];
}

export interface PartInput {
  part: string;
  text: string;
  citations: readonly LedgerCitation[];
}

export interface LedgerOptions {
  measureOf: MeasureReader;
  /** the app's own scores (the dimension scores, 0–100), by name */
  scores?: readonly { name: string; value: number }[];
  /** how many evidence items the report holds (a count of them is the app's own) */
  evidenceCount?: number;
}

/** Table columns that hold the app's own ratings, scores, counts and months, not figures about the business. */
const APP_COLUMNS = /^\W*(?:impact|effort|priority|score|basis|sources?|evidence|start|end|months?|phase|#|no\.?|rank)\W*$/i;
/** Words after a count of the report's own evidence ("3 pieces of evidence: 1 document and 2 interviews"). */
export const EVIDENCE_COUNT = /^\s+(?:pieces? of evidence|evidence items?|documents?|interviews?|web pages?|files?|sources?)\b/i;

// ── hashing ────────────────────────────────────────────────────────────────────────────────────────────

/** FNV-1a, 32 bits, as 8 hex digits: short stable ids. */
export function hashOf(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// ── sentences and tables ───────────────────────────────────────────────────────────────────────────────

interface Unit {
  start: number;
  end: number;
  paragraph: number;
  /** the heading it stands under (its unit's index), or -1; a heading's own is itself */
  heading: number;
  /** a table cell's reading: the row label and the column heading say what the figure measures */
  label?: string;
  cells?: { start: number; end: number; heading: string }[];
}

const MARK = /\[@([A-Za-z0-9_][A-Za-z0-9_-]{0,63})\]/g;
const SENTENCE_END = /[.!?](?=\s+(?:\[@|[A-Z0-9“"‘(£$€])|\s*$)/g;

function splitCells(line: string, at: number): { start: number; end: number }[] {
  const cells: { start: number; end: number }[] = [];
  let i = line.indexOf('|');
  while (i >= 0) {
    const next = line.indexOf('|', i + 1);
    if (next < 0) break;
    cells.push({ start: at + i + 1, end: at + next });
    i = next;
  }
  return cells;
}

/** The text's sentences and table rows, with their paragraphs (a blank line, a heading or a table ends one). */
function unitsOf(text: string): { units: Unit[]; tables: { rows: { label: string; cells: { start: number; end: number; heading: string }[] }[]; headings: string[] }[] } {
  const units: Unit[] = [];
  const tables: { rows: { label: string; cells: { start: number; end: number; heading: string }[] }[]; headings: string[] }[] = [];
  let paragraph = 0;
  let at = 0;
  let table: (typeof tables)[number] | undefined;
  let heading = -1;
  for (const line of text.split('\n')) {
    const lineStart = at;
    at += line.length + 1;
    if (/^\s*\|/.test(line)) {
      const cells = splitCells(line, lineStart);
      if (!table) {
        table = { rows: [], headings: cells.map((c) => text.slice(c.start, c.end).trim()) };
        tables.push(table);
        paragraph++;
        continue;
      }
      if (/^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/.test(line)) continue;
      const label = cells[0] ? text.slice(cells[0].start, cells[0].end).replace(MARK, '').trim() : '';
      const row = { label, cells: cells.slice(1).map((c, i) => ({ ...c, heading: table!.headings[i + 1] ?? '' })) };
      table.rows.push(row);
      units.push({ start: lineStart, end: lineStart + line.length, paragraph, heading, label, cells: row.cells });
      continue;
    }
    table = undefined;
    if (!line.trim()) {
      paragraph++;
      continue;
    }
    if (/^\s*#/.test(line)) {
      paragraph++;
      heading = units.length;
      units.push({ start: lineStart, end: lineStart + line.length, paragraph, heading });
      paragraph++;
      continue;
    }
    let from = 0;
    SENTENCE_END.lastIndex = 0;
    for (let m = SENTENCE_END.exec(line); m; m = SENTENCE_END.exec(line)) {
      units.push({ start: lineStart + from, end: lineStart + m.index + 1, paragraph, heading });
      from = m.index + 1;
    }
    if (line.slice(from).trim()) units.push({ start: lineStart + from, end: lineStart + line.length, paragraph, heading });
  }
  // citation marks opening a sentence belong to the one before ("… fell to 11%. [@c1]")
  for (let i = 1; i < units.length; i++) {
    const u = units[i]!;
    const lead = /^\s*((?:\[@[^\]]+\]\s*)+)/.exec(text.slice(u.start, u.end));
    if (lead && units[i - 1]!.paragraph === u.paragraph && !u.cells) {
      units[i - 1]!.end = u.start + lead[0].length;
      u.start += lead[0].length;
    }
  }
  // a heading is named by its place in the text (the list is filtered below)
  for (const u of units) u.heading = u.heading >= 0 ? units[u.heading]!.start : -1;
  return { units: units.filter((u) => u.end > u.start && text.slice(u.start, u.end).trim()), tables };
}

// ── support ────────────────────────────────────────────────────────────────────────────────────────────

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const show = (f: Pick<Figure, 'text'>) => f.text;

interface Candidate {
  computed: number;
  unit: FigureUnit;
  /** how it is shown: a − b, (a − b) ÷ b, a ÷ b, a + b (written only for the computation that fits) */
  op: 'minus' | 'growth' | 'over' | 'plus';
}

const shows = (c: Pick<Candidate, 'op'>, a: Pick<Figure, 'text'>, b: Pick<Figure, 'text'>) =>
  c.op === 'minus' ? `${show(a)} − ${show(b)}` : c.op === 'growth' ? `(${show(a)} − ${show(b)}) ÷ ${show(b)}` : c.op === 'over' ? `${show(a)} ÷ ${show(b)}` : `${show(a)} + ${show(b)}`;

/** The computations two cited figures offer: differences, sums, growth rates, shares and ratios. */
function computations(a: Operand, b: Operand): Candidate[] {
  const out: Candidate[] = [];
  const bothPercent = a.unit === '%' && b.unit === '%';
  const sameUnit = a.unit === b.unit && (a.currency ?? '') === (b.currency ?? '');
  if (bothPercent) out.push({ computed: a.value - b.value, unit: 'pp', op: 'minus' });
  if (sameUnit && !a.change && !b.change) {
    out.push({ computed: a.value - b.value, unit: a.unit, op: 'minus' });
    if (b.value !== 0) {
      out.push({ computed: ((a.value - b.value) / b.value) * 100, unit: '%', op: 'growth' });
      if (a.unit !== '%') out.push({ computed: (a.value / b.value) * 100, unit: '%', op: 'over' });
      out.push({ computed: a.value / b.value, unit: 'x', op: 'over' });
    }
  }
  if (sameUnit) out.push({ computed: a.value + b.value, unit: a.unit, op: 'plus' });
  return out;
}

const PAIR_WINDOW = 12;

/**
 * The `k` figures nearest a position, of figures in text order: a window of k on each side of where it falls
 * (found by bisection), sorted by distance; a paragraph of thousands of cited figures is not sorted per figure.
 */
function nearest(inOrder: readonly Figure[], at: number, k: number): Figure[] {
  let lo = 0;
  let hi = inOrder.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (inOrder[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return inOrder
    .slice(Math.max(0, lo - k), lo + k)
    .sort((x, y) => Math.abs(x.start - at) - Math.abs(y.start - at))
    .slice(0, k);
}

/** A figure as a computation reads it: its value, unit, currency, rounding, level or change, and how it is written. */
export type Operand = Pick<Figure, 'text' | 'value' | 'unit' | 'currency' | 'step' | 'change'>;

/** The operations the ledger recognises, as a computation is written: a − b, (a − b) ÷ b, a ÷ b, a + b. */
export type Operation = Candidate['op'];

/**
 * The computation from `a` and `b` (in that order) that gives `f` within what `f` was rounded to, or undefined: a
 * difference (in points between percentages), a sum, a growth rate, a share or a ratio.
 */
export function computationGiving(f: Operand, a: Operand, b: Operand): { op: Operation; shown: string } | undefined {
  for (const c of computations(a, b)) {
    const unitFits = c.unit === f.unit || (f.unit === '' && c.unit !== '%' && c.unit !== 'pp' && c.unit !== 'x') || (f.unit === '%' && c.unit === 'pp' && f.change);
    if (!unitFits) continue;
    // a change is stated without its sign ("fell by 4 points"): the pair taken the other way round gives it
    if (Math.abs(c.computed - f.value) <= 0.5 * f.step + 1e-9) return { op: c.op, shown: `${f.text} = ${shows(c, a, b)}` };
  }
  return undefined;
}

/** The computation that gives `f` from two cited figures near it, as shown to a reader ("13 points = 91% − 78%"). */
function derivationOf(f: Figure, cited: readonly Figure[]): string | undefined {
  const near = nearest(cited, f.start, PAIR_WINDOW);
  for (const a of near)
    for (const b of near) {
      if (a === b) continue;
      const found = computationGiving(f, a, b);
      if (found) return found.shown;
    }
  return undefined;
}

const SCORE_WORDS = /\bscor(?:e|es|ed|ing)\b|\brat(?:ed|ing)\b/i;
const TRENDS: readonly [RegExp, 1 | -1][] = [
  [/\b(?:rose|rise[sn]?|rising|grew|grow(?:s|n|ing)?|increas(?:e|es|ed|ing)|climb(?:s|ed|ing)?|improv(?:e|es|ed|ing)|up)\b/i, 1],
  [/\b(?:fell|fall(?:s|en|ing)?|declin(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|dropp?(?:s|ed|ing)?|shr(?:ank|ink(?:s|ing)?|unk)|down|slipp?(?:ed|ing|s)?|eroded)\b/i, -1],
];

function trendOf(sentence: string): 1 | -1 | 0 {
  const hits = TRENDS.filter(([re]) => re.test(sentence));
  return hits.length === 1 ? hits[0]![1] : 0;
}

const clip = (s: string, max = 240) => {
  const t = s.replace(MARK, '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
/** An excerpt as a reader sees it: no space left before punctuation where a citation mark stood ("in FY2024 ."). */
const tidy = (excerpt: string) => excerpt.replace(/\s+([.,;:!?])/g, '$1');

/** The ledger of one part of the report (a section's markdown, a chart's text): its entries, its totals, its trend claims. */
export function ledgerOfPart(input: PartInput, opts: LedgerOptions): LedgerPart {
  const { text, part } = input;
  const byId = new Map(input.citations.map((c) => [c.id, c]));
  const quoteFigures = new Map<string, Figure[]>();
  const figuresOfQuote = (c: LedgerCitation) => {
    let f = quoteFigures.get(c.id);
    if (!f) quoteFigures.set(c.id, (f = c.quote ? figuresIn(c.quote) : []));
    return f;
  };
  const { units, tables } = unitsOf(text);
  const entries: LedgerEntry[] = [];
  const raw: { f: Figure; entry: LedgerEntry; paragraph: number; heading: number; isHeading: boolean; marks: LedgerCitation[] }[] = [];
  const trends: TrendClaim[] = [];
  const seen = new Map<string, number>();
  for (const u of units) {
    const sentence = text.slice(u.start, u.end);
    const marks = [...sentence.matchAll(MARK)].map((m) => byId.get(m[1]!)).filter((c): c is LedgerCitation => Boolean(c));
    const figures = u.cells ? u.cells.flatMap((c) => figuresIn(text.slice(c.start, c.end), c.start).map((f) => ({ f, heading: c.heading }))) : figuresIn(sentence, u.start).map((f) => ({ f, heading: '' }));
    // a figure whose sentence names no measure belongs to the measure its heading names
    const headingText = u.heading >= 0 && u.heading !== u.start ? text.slice(u.heading, text.indexOf('\n', u.heading) < 0 ? text.length : text.indexOf('\n', u.heading)) : '';
    const measures = figures.map(({ f, heading }) =>
      u.cells
        ? opts.measureOf(`${u.label ?? ''} ${heading}`, { start: 0, end: 0 })
        : (opts.measureOf(sentence, { start: f.start - u.start, end: f.end - u.start }) ?? (headingText ? opts.measureOf(headingText, { start: 0, end: 0 }) : null)),
    );
    const sentencePeriod = periodIn(sentence.replace(MARK, ''));
    figures.forEach(({ f, heading }, i) => {
      const measure = measures[i] ?? null;
      const period = u.cells ? (periodIn(heading) ?? periodIn(u.label ?? '')) : sentencePeriod;
      const excerpt = clip(u.cells ? `${u.label ?? ''} · ${heading}: ${text.slice(f.start, f.end)}` : sentence);
      const key = `${part}|${measure ?? ''}|${f.text}|${excerpt}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const entry: LedgerEntry = {
        id: `${hashOf(key)}${n > 1 ? `-${n}` : ''}`,
        part,
        start: f.start,
        end: f.end,
        sentence: { start: u.start, end: u.end },
        // the id keeps the excerpt as it always read (a waiver names the id); the reader gets it tidied
        excerpt: tidy(excerpt),
        text: f.text,
        value: f.value,
        ...(f.high !== undefined ? { high: f.high } : {}),
        unit: f.unit,
        ...(f.currency ? { currency: f.currency } : {}),
        step: f.step,
        change: f.change,
        measure,
        period,
        sole: measure !== null && measures.filter((x) => x === measure).length === 1,
        support: 'unsupported',
        basis: '',
      };
      const quoted = marks.find((c) => c.quote && figuresOfQuote(c).some((q) => sameQuantity(q, f) && (f.high === undefined || q.high === undefined || Math.abs(q.high - f.high) <= 0.5 * f.step)));
      const ranged = marks.find((c) => c.range && !c.quote);
      if (quoted) Object.assign(entry, { support: 'cited', basis: `“${clip(quoted.quote ?? '', 160)}”`, citation_id: quoted.id });
      else if (ranged) Object.assign(entry, { support: 'data', basis: ranged.range, citation_id: ranged.id });
      else if (u.cells && APP_COLUMNS.test(heading)) Object.assign(entry, { support: 'data', basis: `the app's own ${heading.replace(/\W+/g, ' ').trim().toLowerCase()}` });
      else if (opts.evidenceCount !== undefined && f.unit === '' && f.value <= opts.evidenceCount && EVIDENCE_COUNT.test(text.slice(f.end, f.end + 24)))
        Object.assign(entry, { support: 'data', basis: `the report's evidence (${opts.evidenceCount} items)` });
      else if (opts.scores && SCORE_WORDS.test(u.cells ? `${u.label ?? ''} ${heading}` : sentence)) {
        const score = opts.scores.find((s) => Math.abs(s.value - f.value) <= 0.5 * f.step && (f.unit === '' || f.unit === '%'));
        if (score) Object.assign(entry, { support: 'data', basis: `${score.name} score (${fmt(score.value)}), the app's own` });
      }
      entries.push(entry);
      raw.push({ f, entry, paragraph: u.paragraph, heading: u.heading, isHeading: u.heading === u.start, marks });
    });
    const direction = u.cells ? 0 : trendOf(sentence);
    if (direction) {
      const measure = opts.measureOf(sentence, { start: 0, end: 0 });
      if (measure) trends.push({ part, measure, direction, sentence: { start: u.start, end: u.end }, excerpt: clip(sentence) });
    }
  }
  // derived: recomputed from the cited figures of the same paragraph
  const citedByParagraph = new Map<number, Figure[]>();
  for (const r of raw) if (r.entry.support === 'cited') pushTo(citedByParagraph, r.paragraph, r.f);
  for (const r of raw) {
    if (r.entry.support !== 'unsupported') continue;
    const computed = derivationOf(r.f, citedByParagraph.get(r.paragraph) ?? []);
    if (computed) Object.assign(r.entry, { support: 'derived', basis: computed });
  }
  // a heading states what the text under it supports ("Theatre utilisation is 68%" over its cited statement)
  for (const r of raw) {
    if (!r.isHeading || r.entry.support !== 'unsupported') continue;
    const under = raw.find((x) => !x.isHeading && x.heading === r.heading && x.entry.support !== 'unsupported' && x.entry.unit === r.entry.unit && sameQuantity(x.f, r.f));
    if (under) Object.assign(r.entry, { support: under.entry.support, basis: `as under this heading: ${under.entry.basis}`, ...(under.entry.citation_id ? { citation_id: under.entry.citation_id } : {}) });
  }
  // a figure its sentence's citation states with another value: that value is offered as its correction
  const quoteReadings = new Map<string, QuoteReading>();
  const readingOf = (c: LedgerCitation & { quote: string }) => {
    let reading = quoteReadings.get(c.id);
    if (!reading) {
      reading = { period: periodIn(c.quote), figures: figuresOfQuote(c).map((q) => ({ q, measure: opts.measureOf(c.quote, { start: q.start, end: q.end }) })) };
      quoteReadings.set(c.id, reading);
    }
    return reading;
  };
  for (const r of raw) {
    if (r.entry.support !== 'unsupported' || r.entry.high !== undefined) continue;
    for (const c of r.marks) {
      if (!c.quote) continue;
      const value = quotedOtherwise(r.entry, readingOf(c as LedgerCitation & { quote: string }));
      if (!value) continue;
      r.entry.correction = { text: writtenLike(r.entry, value), citation_id: c.id, basis: `“${clip(c.quote, 160)}”` };
      break;
    }
  }
  return { part, entries, disagreements: totalsOf(part, text, tables, entries), trends };
}

/** A citation's quote as a correction reads it: its period and its figures, each with its measure. */
interface QuoteReading {
  period: string | null;
  figures: { q: Figure; measure: string | null }[];
}

/**
 * The one other value a quote states for an entry's measure (and period, where both name one), in its unit,
 * currency and kind (level or change); an entry that names no measure takes the quote's one figure of its unit.
 * Undefined when there is none, or more than one.
 */
function quotedOtherwise(e: LedgerEntry, reading: QuoteReading): Figure | undefined {
  if (e.period && reading.period && e.period !== reading.period) return undefined;
  const kind = reading.figures.filter(({ q }) => q.unit === e.unit && (q.currency ?? '') === (e.currency ?? '') && q.change === e.change && q.high === undefined);
  const same = e.measure ? kind.filter((x) => x.measure === e.measure) : kind;
  if (!same.length || (!e.measure && kind.length > 1)) return undefined;
  const other = same.filter(({ q }) => !sameQuantity(q, e));
  if (other.length !== same.length || new Set(other.map(({ q }) => q.value)).size !== 1) return undefined;
  return other[0]!.q;
}

// ── disagreements ──────────────────────────────────────────────────────────────────────────────────────

const TOTAL_ROW = /^\**\s*(?:total|sum|overall)\b/i;

/** A table's total rows that do not equal the sum of the rows above them (since the previous total). */
function totalsOf(part: string, text: string, tables: ReturnType<typeof unitsOf>['tables'], entries: readonly LedgerEntry[]): Disagreement[] {
  const out: Disagreement[] = [];
  const entryAt = new Map(entries.map((e) => [e.start, e]));
  for (const table of tables) {
    let from = 0;
    table.rows.forEach((row, r) => {
      if (!TOTAL_ROW.test(row.label)) return;
      row.cells.forEach((cell, c) => {
        const total = figuresIn(text.slice(cell.start, cell.end), cell.start)[0];
        if (!total) return;
        const parts = table.rows
          .slice(from, r)
          .map((x) => x.cells[c])
          .map((x) => (x ? figuresIn(text.slice(x.start, x.end), x.start)[0] : undefined))
          .filter((x): x is Figure => Boolean(x));
        if (parts.length < 2) return;
        const sum = parts.reduce((s, p) => s + p.value, 0);
        const slack = 0.5 * parts.reduce((s, p) => s + p.step, 0) + 0.5 * total.step;
        if (Math.abs(sum - total.value) <= slack + 1e-9) return;
        const ids = [entryAt.get(total.start)?.id, ...parts.map((p) => entryAt.get(p.start)?.id)].filter((x): x is string => Boolean(x));
        out.push({
          id: `t${hashOf(`${part}|${row.label}|${cell.heading}|${total.text}`)}`,
          kind: 'total',
          entry_ids: ids,
          part,
          sentence: { start: cell.start, end: cell.end },
          detail: `${row.label} · ${cell.heading}: ${total.text}, but the rows above add up to ${fmt(sum)}`,
        });
      });
      from = r + 1;
    });
  }
  return out;
}

/** A chart as the ledger compares it: its measure and its series' first and last values. */
export interface ChartTrend {
  part: string;
  title: string;
  measure: string | null;
  series: { name: string; values: readonly (number | null)[] }[];
}

/** What two figures' values are compared by: the quantity, the upper end of a range, the unit and the rounding step. */
export type Quantity = Pick<LedgerEntry, 'value' | 'high' | 'unit' | 'step'>;

export const sameValue = (a: Quantity, b: Quantity) => sameQuantity(a, b) && (a.high ?? a.value) - (b.high ?? b.value) <= 0.5 * Math.max(a.step, b.step) + 1e-9 && (b.high ?? b.value) - (a.high ?? a.value) <= 0.5 * Math.max(a.step, b.step) + 1e-9;

/** Adds to a map of lists in place (a list copied per item would make a large report's grouping quadratic). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A disagreement's values, the first ten named and the rest counted. */
export const valuesList = (values: readonly string[]) => (values.length > 10 ? `${values.slice(0, 10).join(' vs ')} and ${values.length - 10} more` : values.join(' vs '));

/**
 * Disagreements across the report: one measure and period with different values in two sentences (each the
 * only figure of that measure where it stands; levels with levels, changes with changes, one unit), and trend
 * claims that contradict a chart's series of the same measure.
 */
export function crossDisagreements(entries: readonly LedgerEntry[], trends: readonly TrendClaim[], charts: readonly ChartTrend[] = []): Disagreement[] {
  const out: Disagreement[] = [];
  const groups = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    if (!e.sole || !e.measure) continue;
    const key = `${e.measure}|${e.period ?? ''}|${e.unit}|${e.currency ?? ''}|${e.change}`;
    pushTo(groups, key, e);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    const other = group.find((e) => !sameValue(e, first) && !(e.part === first.part && e.sentence.start === first.sentence.start));
    if (!other) continue;
    const differing = group.filter((e) => !sameValue(e, first));
    const agreeing = group.filter((e) => sameValue(e, first));
    const ids = [...agreeing, ...differing].map((e) => e.id);
    out.push({
      id: `v${hashOf(ids.join('|'))}`,
      kind: 'value',
      entry_ids: ids,
      part: other.part,
      sentence: other.sentence,
      detail: `${first.measure}${first.period ? ` (${first.period})` : ''}: ${valuesList([...new Set(group.map((e) => e.text))])}`,
    });
  }
  for (const chart of charts) {
    if (!chart.measure) continue;
    for (const s of chart.series) {
      const values = s.values.filter((v): v is number => v !== null);
      if (values.length < 2 || values[0] === values.at(-1)) continue;
      const direction = values.at(-1)! > values[0]! ? 1 : -1;
      for (const t of trends) {
        if (t.measure !== chart.measure || t.direction === direction) continue;
        const ids = entries.filter((e) => e.part === t.part && e.sentence.start === t.sentence.start).map((e) => e.id);
        out.push({
          id: `r${hashOf(`${t.part}|${t.sentence.start}|${t.excerpt}|${chart.part}|${s.name}`)}`,
          kind: 'trend',
          entry_ids: ids,
          part: t.part,
          sentence: t.sentence,
          detail: `“${t.excerpt}” says ${t.measure} ${t.direction > 0 ? 'rose' : 'fell'}; the chart “${chart.title}” (${s.name}) goes from ${fmt(values[0]!)} to ${fmt(values.at(-1)!)}`,
        });
      }
    }
  }
  return out;
}

/**
 * A figure that restates a supported one: the same measure (and period, where both name one) with the same value
 * elsewhere in the report (a finding's title above its cited statement, the summary repeating a finding). It
 * takes the support of what it restates, with where that stands.
 */
export function withRestatements(entries: readonly LedgerEntry[], whereOf: (part: string) => string = (p) => p): LedgerEntry[] {
  const supported = new Map<string, LedgerEntry[]>();
  for (const e of entries) if (e.support !== 'unsupported' && e.measure) pushTo(supported, e.measure, e);
  return entries.map((e) => {
    if (e.support !== 'unsupported' || !e.measure) return e;
    const source = supported
      .get(e.measure)
      ?.find((s) => s.unit === e.unit && (s.currency ?? '') === (e.currency ?? '') && sameValue(s, e) && (!s.period || !e.period || s.period === e.period));
    if (!source) return e;
    return { ...e, support: source.support, basis: `as in ${whereOf(source.part)}: ${source.basis}`, ...(source.citation_id ? { citation_id: source.citation_id } : {}) };
  });
}

// ── the whole ledger ───────────────────────────────────────────────────────────────────────────────────

export interface Waiver {
  /** an entry's or a disagreement's id */
  id: string;
  reason: string;
  by: string;
  at: string;
}

export interface LedgerCounts {
  figures: number;
  cited: number;
  derived: number;
  data: number;
  unsupported: number;
  disagreements: number;
  waived: number;
  /** unsupported figures and disagreements without a waiver: what keeps the report from Final */
  blocking: number;
}

export function ledgerCounts(entries: readonly LedgerEntry[], disagreements: readonly Disagreement[], waivers: readonly Pick<Waiver, 'id'>[]): LedgerCounts {
  const waived = new Set(waivers.map((w) => w.id));
  const count = (s: Support) => entries.filter((e) => e.support === s).length;
  const unsupported = entries.filter((e) => e.support === 'unsupported');
  const blocking = unsupported.filter((e) => !waived.has(e.id)).length + disagreements.filter((d) => !waived.has(d.id)).length;
  return {
    figures: entries.length,
    cited: count('cited'),
    derived: count('derived'),
    data: count('data'),
    unsupported: unsupported.length,
    disagreements: disagreements.length,
    waived: unsupported.filter((e) => waived.has(e.id)).length + disagreements.filter((d) => waived.has(d.id)).length,
    blocking,
  };
}
