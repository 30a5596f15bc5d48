/**
 * The PowerPoint deck (pptxgenjs), told as a consultant tells it: the answer first, then the argument.
 *
 * - a title slide; then the executive summary: the governing thought as the title, the key lines beside the
 *   priority actions;
 * - every content slide has an action title, a full sentence taken from the report's own words (a finding's
 *   point, the governing thought, the recommendations' titles) or from its numbers (the scores' spread), never
 *   a section number; a kicker above it says where in the report the slide is;
 * - the findings: the dimension scores as a native bar chart (whether or not anyone inserted one), then one
 *   theme per slide with its figure as a callout and its evidence as a short, attributed quote;
 * - the SWOT as a 2×2, the recommendations as a table of priority, impact and effort, the roadmap as a gantt
 *   of shapes; charts inserted into the report as native charts (bar, line, pie) or pictures;
 * - every other section as slides of points, each titled by its lead sentence; the sources on closing slides;
 *   every slide's citations, and anything cut to fit, in its speaker notes.
 *
 * Building a deck is two steps. `planDeck` lays every slide out (pure): it chooses a named layout
 * (pptx-layouts.ts), measures every text against its box (pptx-text.ts) and shrinks it within limits, splits
 * it onto continuation slides or cuts it with "…" (the whole text going to the notes), so no slide overflows.
 * `renderPptx` then writes the plan with pptxgenjs.
 */
import PptxGenJS from 'pptxgenjs';
import { textColourOn, tint, whiteTextPasses } from '@shared/domain/brand';
import { formatValue, type ChartData } from '@shared/domain/report/chart-data';
import { messages } from '@shared/messages';
import { deckMessages } from '@shared/messages/deck';
import type { RoadmapData } from '@shared/schemas/report-document';
import { DEFAULT_VISUAL_OPTIONS, type Visual } from '@shared/schemas/visuals';
import type { PptxChart } from '../visuals/to-pptx-chart';
import { CHART_PNG_PX, type ChartRenderer } from './charts';
import type { Block, ExportFigure, FigureBlock, Run } from './blocks';
import type { ExportTemplate } from './export-template';
import { allBlocks, altText, citationNote, plainText, type ExportModel, type ExportSection, type ExportSectionKey } from './model';
import { finishDeck, KICKER_NAME } from './pptx-template';
import { defineLayouts, FRAME, LAYOUTS, SLIDE, type Box, type LayoutName } from './pptx-layouts';
import { fits, fitSize, LINE_HEIGHT, para, textHeight, truncateToFit, type MeasurePara, type MeasureRun, type Room, type RunStyle } from './pptx-text';
import { asTitle, flat, splitFirstSentence, type StoryRecommendation, type StorySwotItem, type StoryTheme } from './story';

const d = messages.exports.document;
const k = messages.exports.deck;

const FONT = 'Calibri';
const INK = '1E293B';
const MUTED = '64748B';
const RULE = 'CBD5E1';
const WHITE = 'FFFFFF';
const hex = (c: string) => c.replace('#', '').toUpperCase();

/** Type sizes (points): the largest a text is set at, and the smallest it may shrink to before it is split or cut. */
export const TYPE = {
  title: { max: 26, min: 20 },
  cover: { max: 40, min: 28 },
  kicker: 11,
  body: { max: 18, min: 13 },
  keyLine: { max: 16, min: 12 },
  support: { max: 18, min: 12 },
  quote: { max: 15, min: 12 },
  callout: { max: 54, min: 24 },
  caption: { max: 15, min: 12 },
  table: { max: 13, min: 10 },
  swot: { max: 14, min: 10 },
  gantt: { max: 11, min: 9 },
  sources: 9,
  notesChars: 1800,
} as const;

export const DECK_LIMITS = {
  /** themes told one per slide; the rest share a table */
  themeSlides: 12,
  /** a quote on a slide is at most this long (the whole passage is in the notes) */
  quoteChars: 280,
  /** continuation slides of one list of points or one table at most */
  continuation: 3,
  /** slides of sources at most (the full report lists every passage) */
  sourceSlides: 4,
  /** key lines and priority actions on the executive summary */
  actions: 3,
  /** characters of a point (its first sentence, shortened) */
  pointChars: 200,
  cellChars: 120,
} as const;

const BULLET_INDENT = 18;
const CELL_PAD = 0.08;

// ── the plan ───────────────────────────────────────────────────────────────────────────────────────────

export interface SlideRun extends MeasureRun {
  color?: string;
}

export interface SlidePara extends MeasurePara {
  runs: SlideRun[];
  bullet?: boolean;
  /** a bullet one level down (indented twice) */
  level?: 0 | 1;
  align?: 'left' | 'center' | 'right';
}

export interface TextItem {
  kind: 'text';
  /** what the text is (title, kicker, key-line, quote, …): for tests and for reading the plan */
  role: string;
  box: Box;
  paras: SlidePara[];
  size: number;
  color: string;
  valign: 'top' | 'middle' | 'bottom';
  align?: 'left' | 'center' | 'right';
  placeholder?: 'title' | 'body';
}
export interface ShapeItem {
  kind: 'shape';
  shape: 'rect' | 'roundRect' | 'ellipse' | 'line';
  box: Box;
  fill?: string;
  line?: string;
  lineWidth?: number;
  dash?: boolean;
}
export interface ChartItem {
  kind: 'chart';
  box: Box;
  chart: PptxChart;
  alt: string;
}
export interface ImageItem {
  kind: 'image';
  box: Box;
  png: Uint8Array;
  mime: string;
  alt: string;
}
export interface TableCell {
  paras: SlidePara[];
  color: string;
  fill?: string;
  align: 'left' | 'center' | 'right';
}
export interface TableItem {
  kind: 'table';
  box: Box;
  colW: number[];
  rowH: number[];
  rows: TableCell[][];
  size: number;
}
export type SlideItem = TextItem | ShapeItem | ChartItem | ImageItem | TableItem;

export type SlideKind =
  | 'title'
  | 'executive-summary'
  | 'dimension-scores'
  | 'theme'
  | 'further-findings'
  | 'swot'
  | 'recommendations'
  | 'roadmap'
  | 'figure'
  | 'points'
  | 'table'
  | 'section'
  | 'sources';

export interface DeckSlide {
  kind: SlideKind;
  layout: LayoutName;
  /** the title as shown (an action title on every content slide) */
  title: string;
  items: SlideItem[];
  /** the speaker notes, paragraph by paragraph */
  notes: string[];
}

interface Colours {
  primary: string;
  accent: string;
  wash: string;
  onPrimary: string;
  /** titles and headings: the brand colour where it reads on white, else ink */
  heading: string;
  /** the secondary colour, or a darker tint of the primary, for small marks on white */
  mark: string;
}

interface Ctx {
  model: ExportModel;
  charts: ChartRenderer;
  colours: Colours;
  slides: DeckSlide[];
  /** width of the kicker (the logo takes the right of its row) */
  kickerW: number;
  /** figures the storyline already shows (the dimension-score chart) */
  shown: Set<string>;
}

// ── text helpers ───────────────────────────────────────────────────────────────────────────────────────

const run = (text: string, style: RunStyle & { color?: string } = {}): SlideRun => ({ text, ...style });
const p = (runs: SlideRun[], extra: Omit<SlidePara, 'runs'> = {}): SlidePara => ({ runs, ...extra });
/** Citation numbers as a superscript after a text ("¹˒³" is drawn as 1,3 raised). */
const marksRun = (numbers: readonly number[], color = MUTED): SlideRun[] => (numbers.length ? [run(` ${[...new Set(numbers)].sort((a, b) => a - b).join(',')}`, { superscript: true, color })] : []);

function textItem(role: string, box: Box, paras: SlidePara[], size: number, extra: Partial<Omit<TextItem, 'kind' | 'role' | 'box' | 'paras' | 'size'>> = {}): TextItem {
  return { kind: 'text', role, box, paras, size, color: INK, valign: 'top', ...extra };
}

const shorten = (text: string, max: number): string => {
  const t = flat(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
};
export { shorten };

/** The first sentence of a text (what a slide shows of a paragraph), shortened to a line or two. */
export function firstSentence(text: string, max: number = DECK_LIMITS.pointChars): string {
  return shorten(splitFirstSentence(text).first, max);
}

/**
 * A single text fitted to a box: the largest size in the range at which it fits; at the smallest, cut with
 * "…" (`cut` says so: the whole text belongs in the notes).
 */
function fitOne(text: string, box: Room, range: { max: number; min: number }, style: RunStyle & Omit<MeasurePara, 'runs'> = {}, step = 1): { text: string; size: number; cut: boolean } {
  const whole = flat(text);
  const size = fitSize([para(whole, style)], box, range.max, range.min, step);
  if (size !== null) return { text: whole, size, cut: false };
  const shown = truncateToFit(whole, box, range.min, style);
  return { text: shown, size: range.min, cut: shown !== whole };
}

const lowerFirst = (t: string) => (/^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);

// ── citations and notes ────────────────────────────────────────────────────────────────────────────────

function citationLines(ctx: Ctx, numbers: readonly number[]): string[] {
  const lines = [...new Set(numbers)]
    .sort((a, b) => a - b)
    .flatMap((n) => {
      const c = ctx.model.citations[n - 1];
      if (!c) return [];
      const note = citationNote(c);
      return [`[${n}] ${note.source}${note.quote ? `: “${note.quote}”` : ''}`];
    });
  return lines.length ? [`${d.notesFor}\n${lines.join('\n')}`] : [];
}

/** The sources: each cited source once, with the numbers of the citations that quote it (the passages are in the notes). */
export function sourceList(model: ExportModel, numbers?: readonly number[]): { source: string; numbers: number[] }[] {
  const wanted = numbers ? new Set(numbers) : null;
  const bySource = new Map<string, number[]>();
  for (const c of model.citations) {
    if (wanted && !wanted.has(c.n)) continue;
    const source = citationNote(c).source;
    bySource.set(source, [...(bySource.get(source) ?? []), c.n]);
  }
  return [...bySource].map(([source, n]) => ({ source, numbers: n }));
}

/** The line under a slide's content naming the sources its citations quote. */
function sourcesLine(ctx: Ctx, s: DeckSlide, numbers: readonly number[], extra = ''): void {
  const list = sourceList(ctx.model, numbers).map((x) => `${x.source} [${x.numbers.join(', ')}]`);
  const text = [extra, list.length ? k.sourceLine(list) : ''].filter(Boolean).join('. ');
  if (!text) return;
  const box = FRAME.sources;
  const shown = truncateToFit(text, box, TYPE.sources);
  s.items.push(textItem('sources', box, [p([run(shown)])], TYPE.sources, { color: MUTED, valign: 'bottom' }));
  s.notes.push(...citationLines(ctx, numbers));
}

// ── slides ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A content slide in a layout: its action title (fitted, cut with the whole in the notes if need be; a
 * continuation slide's title keeps its "(continued)" and cuts the words before it) and its kicker.
 */
function newSlide(ctx: Ctx, kind: SlideKind, layout: LayoutName, kicker: string, title: string, continued = false): DeckSlide {
  const s: DeckSlide = { kind, layout, title: '', items: [], notes: [] };
  const L = LAYOUTS[layout];
  const box = L.placeholders.title;
  if (box) {
    let t = fitOne(continued ? d.continued(asTitle(title)) : asTitle(title), box, TYPE.title, { bold: true });
    if (continued && t.cut) {
      // the longest start of the title that leaves room for the suffix
      const suffix = d.continued('');
      const room = { w: box.w, h: box.h };
      const words = asTitle(title).split(' ');
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits([para(`${words.slice(0, mid).join(' ')}…${suffix}`, { bold: true })], room, TYPE.title.min)) lo = mid;
        else hi = mid - 1;
      }
      t = { text: `${words.slice(0, lo).join(' ')}…${suffix}`, size: TYPE.title.min, cut: true };
    }
    s.title = t.text;
    s.items.push(textItem('title', box, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: ctx.colours.heading }));
    if (t.cut) s.notes.push(asTitle(title));
  }
  if (kicker && L.regions.kicker) {
    const kbox = { ...L.regions.kicker, w: ctx.kickerW };
    const shown = truncateToFit(kicker.toUpperCase(), kbox, TYPE.kicker, { bold: true });
    s.items.push(textItem('kicker', kbox, [p([run(shown, { bold: true })])], TYPE.kicker, { color: ctx.colours.mark, valign: 'bottom' }));
  }
  ctx.slides.push(s);
  return s;
}

/** A layout's region (every content layout has the ones asked for). */
const region = (layout: LayoutName, name: 'body' | 'left' | 'right'): Box => LAYOUTS[layout].regions[name]!;

function titleSlide(ctx: Ctx): void {
  const { cover: c, brand } = ctx.model;
  const L = LAYOUTS.title;
  const s: DeckSlide = { kind: 'title', layout: 'title', title: '', items: [], notes: [] };
  const on = hex(brand.onPrimary);
  const logo = logoPng(ctx, 2.6, 1.0);
  if (logo) {
    s.items.push({ kind: 'shape', shape: 'roundRect', box: { x: FRAME.x - 0.15, y: 0.45, w: logo.w + 0.3, h: logo.h + 0.3 }, fill: WHITE, line: WHITE });
    s.items.push({ kind: 'image', box: { x: FRAME.x, y: 0.6, w: logo.w, h: logo.h }, png: logo.png, mime: logo.mime, alt: c.client || c.title });
  }
  const t = fitOne(c.title, L.placeholders.title!, TYPE.cover, { bold: true }, 2);
  s.title = t.text;
  s.items.push(textItem('title', L.placeholders.title!, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: on, valign: 'bottom' }));
  // the subtitle placeholder: the subtitle, else whom it is for, else the date
  const forClient = c.client ? d.preparedFor(c.client) : '';
  const sub = c.subtitle || forClient || c.date || c.title;
  const st = fitOne(sub, L.placeholders.body!, { max: 22, min: 16 });
  s.items.push(textItem('subtitle', L.placeholders.body!, [p([run(st.text)])], st.size, { placeholder: 'body', color: on }));
  if (brand.secondary) s.items.push({ kind: 'shape', shape: 'rect', box: { x: FRAME.x, y: 4.7, w: 2.2, h: 0.08 }, fill: hex(brand.secondary) });
  const lines = [forClient, c.date, c.preparedBy && d.preparedBy(c.preparedBy)].filter((x) => x && x !== sub);
  const box = L.regions.body!;
  const lp = lines.map((x) => p([run(x)], { spaceAfter: 4 }));
  const size = fitSize(lp, box, 16, 11) ?? 11;
  if (lines.length) s.items.push(textItem('cover-lines', box, fits(lp, box, size) ? lp : lp.slice(0, 2), size, { color: on }));
  if (c.confidentiality) {
    const cbox = { x: FRAME.x, y: SLIDE.h - 0.85, w: FRAME.contentWidth, h: 0.45 };
    const cf = fitOne(c.confidentiality, cbox, { max: 11, min: 9 }, { italic: true });
    s.items.push(textItem('confidentiality', cbox, [p([run(cf.text, { italic: true })])], cf.size, { color: on, valign: 'bottom' }));
  }
  ctx.slides.push(s);
}

// ── the executive summary ──────────────────────────────────────────────────────────────────────────────

/** The governing thought as a title: whole when it fits; else its head (before a colon, a semicolon or ", while"). */
function governingTitle(governing: string): { title: string; whole: boolean } {
  const box = FRAME.title;
  const t = asTitle(governing);
  if (fits([para(t, { bold: true })], box, TYPE.title.min)) return { title: t, whole: true };
  const head = /^(.{20,}?)(?::\s|;\s|,\s+while\s|\s+–\s)/.exec(t)?.[1];
  if (head && head.split(/\s+/).length >= 4 && fits([para(head, { bold: true })], box, TYPE.title.min)) return { title: head, whole: false };
  return { title: t, whole: false };
}

function summarySlides(ctx: Ctx, section: ExportSection): void {
  const story = ctx.model.story.summary!;
  const gov = governingTitle(story.governing);
  const recs = priorityRecommendations(ctx.model.story.recommendations);
  const layout: LayoutName = recs.length ? 'two-content' : 'title-only';
  const left = recs.length ? region(layout, 'left') : region(layout, 'body');
  const circle = 0.42;
  const textW = left.w - circle - 0.22;
  const gap = 0.2;

  // the lead: the governing thought in full when the title shows only its head
  const leadParas = gov.whole ? [] : [p([run(flat(story.governing)), ...marksRun(story.governingCitations)])];
  const lines = story.keyLines.map((line) => [p([run(line.text), ...marksRun(line.citations)])]);
  // a key line's first line sits level with the centre of its numbered circle
  const offsetAt = (size: number) => Math.max(0, (circle - (size * LINE_HEIGHT) / 72) / 2);
  const rowAt = (l: SlidePara[], size: number) => Math.max(circle, offsetAt(size) + textHeight(l, textW * 72, size) / 72);
  const heightAt = (size: number) => {
    const lead = leadParas.length ? textHeight(leadParas, left.w * 72, size) / 72 + gap : 0;
    return lines.reduce((h, l) => h + rowAt(l, size) + gap, lead) - gap;
  };
  let size: number = TYPE.keyLine.min;
  for (let s: number = TYPE.keyLine.max; s >= TYPE.keyLine.min; s--) {
    if (heightAt(s) <= left.h) {
      size = s;
      break;
    }
  }
  // pages of key lines at that size (continuation slides when even the smallest size is too tall)
  const pages: { lead: boolean; lines: number[] }[] = [];
  let y = 0;
  let page: { lead: boolean; lines: number[] } = { lead: leadParas.length > 0, lines: [] };
  if (page.lead) y = textHeight(leadParas, left.w * 72, size) / 72 + gap;
  lines.forEach((l, i) => {
    const h = Math.min(left.h, rowAt(l, size));
    if (y + h > left.h + 1e-6 && (page.lines.length || page.lead)) {
      pages.push(page);
      page = { lead: false, lines: [] };
      y = 0;
    }
    page.lines.push(i);
    y += h + gap;
  });
  pages.push(page);

  pages.slice(0, DECK_LIMITS.continuation).forEach((pg, pi) => {
    const s = newSlide(ctx, 'executive-summary', layout, k.executiveSummary, gov.title, pi > 0);
    let top = left.y;
    const cited: number[] = [...story.governingCitations];
    if (pg.lead) {
      const leadH = Math.min(left.h, textHeight(leadParas, left.w * 72, size) / 72);
      const lead = fits(leadParas, { w: left.w, h: leadH }, size) ? leadParas : [p([run(truncateToFit(story.governing, { w: left.w, h: leadH }, size))])];
      s.items.push(textItem('lead', { ...left, h: leadH }, lead.map((x) => ({ ...x, runs: x.runs.map((r) => ({ ...r, color: r.superscript ? MUTED : ctx.colours.heading })) })), size));
      top += leadH + gap;
    }
    for (const i of pg.lines) {
      const line = story.keyLines[i]!;
      cited.push(...line.citations);
      let paras = lines[i]!;
      const offset = offsetAt(size);
      const room = { w: textW, h: Math.min(left.y + left.h - top - offset, textHeight(paras, textW * 72, size) / 72) };
      if (!fits(paras, room, size)) {
        paras = [p([run(truncateToFit(line.text, room, size)), ...marksRun(line.citations)])];
        if (!fits(paras, room, size)) paras = [p([run(truncateToFit(line.text, room, size))])];
        s.notes.push(`${k.fullText}: ${line.text}`);
      }
      s.items.push({ kind: 'shape', shape: 'ellipse', box: { x: left.x, y: top, w: circle, h: circle }, fill: hex(ctx.model.brand.primary) });
      s.items.push(textItem('key-number', { x: left.x, y: top, w: circle, h: circle }, [p([run(String(i + 1), { bold: true })], { align: 'center' })], 14, { color: hex(ctx.model.brand.onPrimary), valign: 'middle', align: 'center' }));
      s.items.push(textItem('key-line', { x: left.x + circle + 0.22, y: top + offset, w: room.w, h: room.h }, paras, size));
      top += Math.max(circle, offset + room.h) + gap;
    }
    if (pi === 0 && recs.length) actionsPanel(ctx, s, region(layout, 'right'), recs);
    s.notes.unshift([story.governing, story.rest].filter(Boolean).join(' '), ...story.keyLines.map((l, n) => `${n + 1}. ${l.text}`));
    sourcesLine(ctx, s, cited);
  });
  figureSlides(ctx, section);
}

/** The recommendations a summary names: the high-priority ones first, at most three. */
function priorityRecommendations(recs: readonly StoryRecommendation[]): StoryRecommendation[] {
  const order = { high: 0, medium: 1, low: 2 } as const;
  return [...recs]
    .filter((r) => !r.deferred)
    .sort((a, b) => order[a.priority] - order[b.priority] || b.impact - a.impact || a.effort - b.effort)
    .slice(0, DECK_LIMITS.actions);
}

/** The priority actions beside the key lines: a tinted panel, each action's title and its priority and owner. */
function actionsPanel(ctx: Ctx, s: DeckSlide, box: Box, recs: readonly StoryRecommendation[]): void {
  const pad = 0.25;
  const inner = { x: box.x + pad, w: box.w - 2 * pad };
  const headH = 0.32;
  const parasOf = (r: StoryRecommendation, size: number, title: string): SlidePara[] => [
    p([run(title, { bold: true })]),
    p([run([k.priority(r.priority), r.owner ? k.owner(r.owner) : ''].filter(Boolean).join(' · '), { color: MUTED })], { scale: 11 / size, spaceBefore: 2 }),
  ];
  // as many actions as fit, at the largest size that fits them all
  for (let n = recs.length; n >= 1; n--) {
    const chosen = recs.slice(0, n);
    const room = box.h - 2 * pad - headH - 0.12;
    for (let size = 14; size >= 11; size--) {
      const heights = chosen.map((r) => textHeight(parasOf(r, size, r.title), inner.w * 72, size) / 72);
      const total = heights.reduce((a, b) => a + b, 0) + 0.22 * (n - 1);
      if (total <= room || (size === 11 && n === 1)) {
        s.items.push({ kind: 'shape', shape: 'roundRect', box, fill: hex(ctx.colours.wash) });
        s.items.push(textItem('actions-heading', { x: inner.x, y: box.y + pad, w: inner.w, h: headH }, [p([run(k.priorityActions.toUpperCase(), { bold: true })])], 12, { color: ctx.colours.heading }));
        let y = box.y + pad + headH + 0.12;
        chosen.forEach((r, i) => {
          let paras = parasOf(r, size, r.title);
          let h = heights[i]!;
          if (h > room) {
            h = room;
            paras = parasOf(r, size, truncateToFit(r.title, { w: inner.w, h: room - 0.3 }, size, { bold: true }));
          }
          if (i > 0) s.items.push({ kind: 'shape', shape: 'line', box: { x: inner.x, y: y - 0.11, w: inner.w, h: 0 }, line: RULE, lineWidth: 0.75 });
          s.items.push(textItem('action', { x: inner.x, y, w: inner.w, h }, paras, size));
          y += h + 0.22;
        });
        return;
      }
    }
  }
}

// ── the findings ───────────────────────────────────────────────────────────────────────────────────────

/** The dimension-score chart: a dimension-score bar chart the report holds, else one drawn from the step's scores. */
function dimensionSlide(ctx: Ctx, section: ExportSection): void {
  const dims = ctx.model.story.dimensions;
  if (!dims.length) return;
  const inserted = [...allBlocks(section.blocks)].find(
    (b): b is FigureBlock & { figure: ExportFigure } => b.kind === 'figure' && b.figure !== null && b.figure.visual.type === 'bar' && b.figure.visual.binding.source === 'dimension-scores',
  );
  let figure: ExportFigure;
  if (inserted) {
    figure = inserted.figure;
    ctx.shown.add(inserted.visualId);
  } else {
    const sorted = [...dims].sort((a, b) => b.score - a.score);
    const visual: Visual = {
      id: 'deck-dimension-scores',
      report_id: ctx.model.reportId,
      type: 'bar',
      title: k.dimensionScores,
      caption: '',
      binding: { source: 'dimension-scores', include_out_of_scope: false },
      options: { ...DEFAULT_VISUAL_OPTIONS, orientation: 'horizontal', show_values: true, show_legend: false, y_label: k.scoreAxis, x_label: ' ' },
      status: 'completed',
      version: 1,
      updated_by: '',
      updated_at: ctx.model.generatedAt.toISOString(),
      created_at: ctx.model.generatedAt.toISOString(),
    };
    const data: ChartData = {
      categories: sorted.map((x) => x.dimension),
      series: [{ name: k.dimensionScores, values: sorted.map((x) => x.score) }],
      bars: [],
      tasks: [],
      groups: [],
      columns: [d.contents, k.dimensionScores],
      rows: sorted.map((x) => [x.dimension, String(x.score)]),
      category_label: '',
      value_label: k.scoreAxis,
      message: null,
      notes: [],
      currency: '',
    };
    figure = { visual, data };
  }
  const best = [...dims].sort((a, b) => b.score - a.score)[0]!;
  const worst = [...dims].sort((a, b) => a.score - b.score)[0]!;
  const title = best.score === worst.score ? k.scoresEven(best.score, dims.length) : k.scoresTitle(best.dimension, best.score, worst.dimension, worst.score);
  const s = newSlide(ctx, 'dimension-scores', 'title-only', k.findings, title);
  const box = region('title-only', 'body');
  const native = ctx.charts.pptx(figure);
  const alt = `${k.dimensionScores}: ${dims.map((x) => `${x.dimension} ${x.score}`).join(', ')}`;
  if (native) {
    native.options = {
      ...native.options,
      showTitle: false,
      valAxisMinVal: 0,
      valAxisMaxVal: 100,
      valAxisMajorUnit: 20,
      showValue: true,
      dataLabelFontSize: 12,
      catAxisLabelFontSize: 13,
      valAxisLabelFontSize: 11,
      showCatAxisTitle: false,
      barGapWidthPct: 60,
      valGridLine: { color: 'E2E8F0', style: 'solid', size: 0.5 },
    };
    s.items.push({ kind: 'chart', box, chart: native, alt });
  } else {
    s.items.push(pictureOf(ctx, figure, box, alt));
  }
  s.notes.push(alt);
}

const impactColour = (ctx: Ctx, impact: string) => (impact === 'high' ? hex(ctx.model.brand.primary) : impact === 'medium' ? hex(ctx.colours.mark) : MUTED);

/** A passage quoted in a box with a coloured rule, attributed under it: its pieces at y = 0 and their height. */
function quoteBox(ctx: Ctx, q: { text: string; source: string }, left: Box, maxH: number, attribution: string): { pieces: SlideItem[]; h: number } | null {
  const inner = { w: left.w - 0.5, h: Math.min(1.9, maxH - 0.72) };
  if (inner.h < 0.3) return null;
  const bare = q.text.replace(/^[-•*]\s+/, '').replace(/^[“"]+|[”"]+$/g, '');
  const quoted = `“${shorten(bare, DECK_LIMITS.quoteChars).replace(/…$/, '')}${bare.length > DECK_LIMITS.quoteChars ? '…' : ''}”`;
  const qt = fitOne(quoted, inner, TYPE.quote, { italic: true });
  const qh = Math.min(inner.h, textHeight([para(qt.text, { italic: true })], inner.w * 72, qt.size) / 72);
  const shown = truncateToFit(attribution, { w: inner.w, h: 0.24 }, 11);
  const h = 0.2 + qh + 0.08 + 0.24 + 0.2;
  return {
    h,
    pieces: [
      { kind: 'shape', shape: 'rect', box: { x: left.x, y: 0, w: left.w, h }, fill: 'F8FAFC' },
      { kind: 'shape', shape: 'rect', box: { x: left.x, y: 0, w: 0.06, h }, fill: hex(ctx.colours.mark) },
      textItem('quote', { x: left.x + 0.3, y: 0.2, w: inner.w, h: qh }, [p([run(qt.text, { italic: true })])], qt.size, { color: '334155' }),
      textItem('attribution', { x: left.x + 0.3, y: 0.2 + qh + 0.08, w: inner.w, h: 0.24 }, [p([run(shown)])], 11, { color: MUTED }),
    ],
  };
}

const place = (pieces: readonly SlideItem[], y: number): SlideItem[] => pieces.map((piece) => ({ ...piece, box: { ...piece.box, y: piece.box.y + y } }));

/**
 * One finding: its point as the title; on the left its support, its evidence quoted and attributed and, where
 * there is room, a further passage (another source's, where it has one); on the right its figure as a callout
 * and under it the recommendation that answers it (its priority, owner and success measure).
 */
function themeSlide(ctx: Ctx, theme: StoryTheme): void {
  const s = newSlide(ctx, 'theme', 'two-content', k.findingKicker(theme.label, theme.dimension), theme.title);
  const left = region('two-content', 'left');
  const right = region('two-content', 'right');
  const bottom = left.y + left.h;
  const notes = [theme.statement];

  // the evidence, quoted (short) and attributed
  const quote = theme.quote ? quoteBox(ctx, theme.quote, left, left.h, `— ${theme.quote.source}`) : null;
  const quoteH = quote?.h ?? 0;

  // the support above it, in what room is left
  let y = left.y;
  if (theme.support) {
    const room = { ...left, h: left.h - (quoteH ? quoteH + 0.3 : 0) };
    const paras = [p([run(theme.support), ...marksRun(theme.citations)])];
    let size = fitSize(paras, room, TYPE.support.max, TYPE.support.min);
    let shown = paras;
    if (size === null) {
      size = TYPE.support.min;
      shown = [p([run(truncateToFit(theme.support, room, size))])];
    }
    const h = Math.min(room.h, textHeight(shown, room.w * 72, size) / 72);
    s.items.push(textItem('support', { ...room, h }, shown, size));
    y += h + 0.3;
  }
  if (quote) {
    s.items.push(...place(quote.pieces, y));
    y += quote.h + 0.25;
  }
  // a further passage in the room below, whole or not at all
  if (quote && theme.corroboration && bottom - y >= 1.1) {
    const c = theme.corroboration;
    const more = quoteBox(ctx, c, left, bottom - y, `— ${c.source}`);
    if (more && y + more.h <= bottom + 1e-6) {
      s.items.push(...place(more.pieces, y));
      y += more.h;
    }
  }

  // the figure: the finding's metric, else its dimension's score
  const pad = 0.3;
  const inner = { x: right.x + pad, w: right.w - 2 * pad };
  const figure = theme.metric
    ? { value: theme.metric.value, caption: [theme.metric.name, theme.metric.period].filter(Boolean).join(', ') }
    : theme.dimensionScore !== null
      ? { value: k.score(theme.dimensionScore), caption: k.dimensionScore(theme.dimension) }
      : { value: k.impact(theme.impact), caption: theme.dimension };
  const value = fitOne(figure.value, { w: inner.w, h: 1.45 }, TYPE.callout, { bold: true }, 2);
  const valueH = textHeight([para(value.text, { bold: true })], inner.w * 72, value.size) / 72;
  const caption = fitOne(figure.caption, { w: inner.w, h: 0.95 }, TYPE.caption);
  const captionH = textHeight([para(caption.text)], inner.w * 72, caption.size) / 72;
  const tags = [k.impact(theme.impact), theme.metric && theme.dimensionScore !== null ? `${theme.dimension}: ${k.score(theme.dimensionScore)}` : ''].filter(Boolean);
  const tagParas = tags.map((t, i) => p([run(t, { bold: i === 0, color: i === 0 ? impactColour(ctx, theme.impact) : MUTED })], { spaceAfter: 3 }));
  const tagsH = textHeight(tagParas, inner.w * 72, 12) / 72;
  const panelH = Math.min(right.h, pad + valueH + 0.08 + captionH + 0.28 + tagsH + pad);
  s.items.push({ kind: 'shape', shape: 'roundRect', box: { x: right.x, y: right.y, w: right.w, h: panelH }, fill: hex(ctx.colours.wash) });
  let ry = right.y + pad;
  s.items.push(textItem('callout', { x: inner.x, y: ry, w: inner.w, h: valueH }, [p([run(value.text, { bold: true })])], value.size, { color: ctx.colours.heading }));
  ry += valueH + 0.08;
  s.items.push(textItem('callout-caption', { x: inner.x, y: ry, w: inner.w, h: captionH }, [p([run(caption.text)])], caption.size));
  ry += captionH + 0.14;
  s.items.push({ kind: 'shape', shape: 'line', box: { x: inner.x, y: ry, w: 0.8, h: 0 }, line: hex(ctx.colours.mark), lineWidth: 1.5 });
  ry += 0.14;
  s.items.push(textItem('tags', { x: inner.x, y: ry, w: inner.w, h: tagsH }, tagParas, 12));
  if (value.cut || caption.cut) notes.push(`${figure.value}: ${figure.caption}`);

  // what to do about it: the first recommendation that answers the finding, in the room under the figure
  const answer = ctx.model.story.recommendations.find((r) => !r.deferred && r.findingIds.includes(theme.id));
  const top = right.y + panelH + 0.3;
  if (answer && bottom - top >= 1.2) actionPanel(ctx, s, { x: right.x, y: top, w: right.w, h: bottom - top }, answer);

  s.notes.push(...notes);
  sourcesLine(ctx, s, theme.citations);
}

/** A finding slide's panel naming the recommendation that answers it: its title, priority and owner, its success measure. */
function actionPanel(ctx: Ctx, s: DeckSlide, box: Box, r: StoryRecommendation): void {
  const pad = 0.22;
  const w = box.w - pad - 0.12;
  const x = box.x + pad;
  const heading = truncateToFit(deckMessages.recommendedAction.toUpperCase(), { w, h: 0.24 }, TYPE.kicker, { bold: true });
  const titleRoom = { w, h: Math.min(1.1, box.h - 0.24 - 0.5 - 2 * 0.12) };
  const title = fitOne(`${r.label} · ${asTitle(r.title)}`, titleRoom, { max: 16, min: 12 }, { bold: true });
  const titleH = Math.min(titleRoom.h, textHeight([para(title.text, { bold: true })], w * 72, title.size) / 72);
  const meta = truncateToFit([k.priority(r.priority), r.owner ? k.owner(r.owner) : ''].filter(Boolean).join(' · '), { w, h: 0.5 }, 11);
  const metaH = textHeight([para(meta)], w * 72, 11) / 72;
  let h = 0.12 + 0.24 + 0.06 + titleH + 0.06 + metaH;
  const kpiRoom = { w, h: box.h - h - 0.12 - 0.08 };
  const kpi = r.kpi && kpiRoom.h >= 0.2 ? truncateToFit(k.successMeasure(r.kpi), kpiRoom, 11) : '';
  const kpiH = kpi ? textHeight([para(kpi)], w * 72, 11) / 72 : 0;
  h += (kpi ? 0.08 + kpiH : 0) + 0.12;
  s.items.push({ kind: 'shape', shape: 'rect', box: { x: box.x, y: box.y, w: box.w, h }, fill: 'F8FAFC' });
  s.items.push({ kind: 'shape', shape: 'rect', box: { x: box.x, y: box.y, w: 0.06, h }, fill: hex(ctx.colours.mark) });
  let y = box.y + 0.12;
  s.items.push(textItem('action-heading', { x, y, w, h: 0.24 }, [p([run(heading, { bold: true })])], TYPE.kicker, { color: ctx.colours.mark }));
  y += 0.24 + 0.06;
  s.items.push(textItem('action-title', { x, y, w, h: titleH }, [p([run(title.text, { bold: true })])], title.size, { color: ctx.colours.heading }));
  y += titleH + 0.06;
  s.items.push(textItem('action-meta', { x, y, w, h: metaH }, [p([run(meta)])], 11, { color: MUTED }));
  y += metaH;
  if (kpi) s.items.push(textItem('action-kpi', { x, y: y + 0.08, w, h: kpiH }, [p([run(kpi)])], 11, { color: '334155' }));
  if (title.cut || (r.kpi && kpi !== k.successMeasure(r.kpi))) s.notes.push(`${r.label} ${r.title}${r.kpi ? `. ${k.successMeasure(r.kpi)}` : ''}`);
}

/** Themes beyond the ones told one per slide: a table of their points. */
function furtherFindings(ctx: Ctx, themes: readonly StoryTheme[]): void {
  if (!themes.length) return;
  const cols = k.findingColumns;
  const header = [cols.finding, cols.dimension, cols.impact];
  const rows = themes.map((t) => [`${t.label ? `${t.label} ` : ''}${asTitle(t.title)}`, t.dimension, k.impact(t.impact)]);
  tableSlides(ctx, 'further-findings', k.findings, k.furtherFindings(themes.length), header, rows, [8.1, 2.6, 1.433], themes.map((t) => t.citations));
}

function findingSlides(ctx: Ctx, section: ExportSection): void {
  dimensionSlide(ctx, section);
  const themes = ctx.model.story.themes;
  for (const t of themes.slice(0, DECK_LIMITS.themeSlides)) themeSlide(ctx, t);
  furtherFindings(ctx, themes.slice(DECK_LIMITS.themeSlides));
  figureSlides(ctx, section);
}

// ── tables ─────────────────────────────────────────────────────────────────────────────────────────────

type CellSpec = string | { paras: SlidePara[]; text: string };

/**
 * A table over as many slides as its rows need (at most DECK_LIMITS.continuation, then a "more rows" line):
 * every cell measured at the table's size, rows as tall as their tallest cell, the header on every slide.
 */
function tableSlides(
  ctx: Ctx,
  kind: SlideKind,
  kicker: string,
  title: string,
  header: readonly string[],
  rows: readonly (readonly CellSpec[])[],
  widths: readonly number[],
  citations: readonly (readonly number[])[] = [],
  align: readonly ('left' | 'center' | 'right')[] = [],
): void {
  const box = region('title-only', 'body');
  const sum = widths.reduce((a, b) => a + b, 0) || 1;
  const colW = widths.map((w) => (w / sum) * box.w);
  const paraOf = (c: CellSpec, bold = false): SlidePara[] => (typeof c === 'string' ? [p([run(shorten(c, DECK_LIMITS.cellChars), { bold })])] : c.paras);
  const cellH = (paras: SlidePara[], col: number, size: number) => textHeight(paras, (colW[col]! - 2 * CELL_PAD) * 72, size) / 72 + 2 * CELL_PAD;
  const rowHeight = (cells: readonly CellSpec[], size: number, bold = false) => Math.max(...cells.map((c, i) => cellH(paraOf(c, bold), i, size)));
  // the size: the largest at which the first page holds at least half the rows, or all of them
  let size: number = TYPE.table.min;
  for (let s: number = TYPE.table.max; s >= TYPE.table.min; s--) {
    const total = rowHeight(header, s, true) + rows.reduce((h, r) => h + rowHeight(r, s), 0);
    if (total <= box.h || s === TYPE.table.min) {
      size = s;
      break;
    }
  }
  const headH = rowHeight(header, size, true);
  const pages: number[][] = [];
  let page: number[] = [];
  let used = headH;
  rows.forEach((r, i) => {
    const h = rowHeight(r, size);
    if (used + h > box.h - 0.35 && page.length) {
      pages.push(page);
      page = [];
      used = headH;
    }
    page.push(i);
    used += h;
  });
  pages.push(page);
  const shownPages = pages.slice(0, DECK_LIMITS.continuation);
  const shownRows = shownPages.reduce((n, pg) => n + pg.length, 0);
  shownPages.forEach((pg, pi) => {
    const s = newSlide(ctx, kind, 'title-only', kicker, title, pi > 0);
    const heading: TableCell[] = header.map((h, i) => ({ paras: paraOf(h, true), color: hex(ctx.model.brand.onPrimary), fill: hex(ctx.model.brand.primary), align: align[i] ?? 'left' }));
    const body: TableCell[][] = pg.map((ri, n) =>
      rows[ri]!.map((c, i) => ({ paras: paraOf(c), color: INK, ...(n % 2 ? { fill: hex(ctx.colours.wash) } : {}), align: align[i] ?? 'left' })),
    );
    const rowH = [headH, ...pg.map((ri) => rowHeight(rows[ri]!, size))].map((h) => Math.ceil(h * 1000) / 1000);
    // a cell whose text would still not fit its row (a cell taller than a slide) is cut
    for (const [r, cells] of [heading, ...body].entries()) {
      cells.forEach((cell, c) => {
        const room = { w: colW[c]! - 2 * CELL_PAD, h: rowH[r]! - 2 * CELL_PAD };
        if (!fits(cell.paras, room, size)) cell.paras = [p([run(truncateToFit(cell.paras.flatMap((x) => x.runs.map((y) => y.text)).join(' '), room, size))])];
      });
    }
    s.items.push({ kind: 'table', box: { ...box, h: rowH.reduce((a, b) => a + b, 0) }, colW, rowH, rows: [heading, ...body], size });
    const last = pi === shownPages.length - 1;
    if (last && shownRows < rows.length) {
      const more = d.moreRows(rows.length - shownRows);
      s.items.push(textItem('more', { x: box.x, y: box.y + box.h - 0.3, w: box.w, h: 0.3 }, [p([run(more, { italic: true })])], 12, { color: MUTED, valign: 'bottom' }));
    }
    for (const ri of pg) {
      const r = rows[ri]!;
      const whole = r.map((c) => (typeof c === 'string' ? c : c.text)).join(' | ');
      if (whole.length > DECK_LIMITS.cellChars) s.notes.push(whole);
    }
    sourcesLine(ctx, s, pg.flatMap((ri) => citations[ri] ?? []));
  });
}

// ── SWOT, recommendations, roadmap ─────────────────────────────────────────────────────────────────────

function swotSlide(ctx: Ctx, quadrants: readonly { title: string; items: StorySwotItem[] }[], kicker: string): void {
  const counts = quadrants.map((q) => q.items.length);
  const s = newSlide(ctx, 'swot', 'title-only', kicker, k.swotTitle(counts[0]!, counts[1]!, counts[2]!, counts[3]!));
  const box = region('title-only', 'body');
  const gap = 0.16;
  const bw = (box.w - gap) / 2;
  const bh = (box.h - gap) / 2;
  const pad = 0.2;
  const headH = 0.34;
  const room = { w: bw - 2 * pad, h: bh - 2 * pad - headH - 0.06 };
  const brand = ctx.model.brand;
  const fills = [tint(brand.primary, 0.88), tint(brand.accent, 0.84), tint(brand.primary, 0.94), tint(brand.accent, 0.92)];
  const parasOf = (items: readonly StorySwotItem[], more: number): SlidePara[] => [
    ...items.map((i) => p([run(i.text), ...marksRun(i.citations)], { bullet: true, indent: BULLET_INDENT, spaceAfter: 4 })),
    ...(more ? [p([run(k.moreItems(more), { italic: true, color: MUTED })], { indent: BULLET_INDENT })] : []),
  ];
  // one size for the four quadrants: the largest at which each holds all its items
  const size = [...Array(TYPE.swot.max - TYPE.swot.min + 1).keys()].map((i) => TYPE.swot.max - i).find((sz) => quadrants.every((q) => fits(parasOf(q.items, 0), room, sz))) ?? TYPE.swot.min;
  const numbers: number[] = [];
  quadrants.forEach((q, i) => {
    const x = box.x + (i % 2) * (bw + gap);
    const y = box.y + Math.floor(i / 2) * (bh + gap);
    s.items.push({ kind: 'shape', shape: 'roundRect', box: { x, y, w: bw, h: bh }, fill: hex(fills[i]!) });
    s.items.push(textItem('swot-heading', { x: x + pad, y: y + pad, w: room.w, h: headH }, [p([run(q.title.toUpperCase(), { bold: true })])], 14, { color: whiteTextPasses(fills[i]!) ? WHITE : INK }));
    // the items that fit (the last cut to fit when it is alone), then how many more the report holds
    let n = q.items.length;
    let paras = parasOf(q.items, 0);
    while (n > 0 && !fits(paras, room, size)) {
      n--;
      paras = parasOf(q.items.slice(0, n), q.items.length - n);
    }
    if (n === 0 && q.items.length) {
      const first = q.items[0]!;
      const cut = truncateToFit(first.text, { w: room.w, h: room.h - 0.35 }, size, { indent: BULLET_INDENT });
      paras = parasOf([{ ...first, text: cut, citations: [] }], q.items.length - 1);
      n = 1;
    }
    if (!q.items.length) paras = [p([run('–', { color: MUTED })])];
    numbers.push(...q.items.slice(0, n).flatMap((item) => item.citations));
    s.items.push(textItem('swot-items', { x: x + pad, y: y + pad + headH + 0.06, ...room }, paras, size));
  });
  s.notes.push(...quadrants.map((q) => `${q.title}:\n${q.items.map((i) => `- ${i.label} ${i.text}`).join('\n') || '–'}`));
  sourcesLine(ctx, s, numbers);
}

/** The recommendations' title: the first action, and how many follow it (the table lists them all). */
function recommendationsTitle(recs: readonly StoryRecommendation[]): string {
  const first = priorityRecommendations(recs)[0] ?? recs[0];
  if (!first) return '';
  return k.recommendationsLead(asTitle(first.title), recs.length - 1);
}

function ratingRuns(ctx: Ctx, n: number): SlideRun[] {
  return [run('●'.repeat(n), { color: ctx.colours.heading }), run('●'.repeat(5 - n), { color: 'CBD5E1' })];
}

function recommendationSlides(ctx: Ctx, kicker: string, section: ExportSection): void {
  const recs = ctx.model.story.recommendations;
  const cols = k.recommendationColumns;
  const header = [cols.label, cols.recommendation, cols.priority, cols.impact, cols.effort, cols.owner];
  const rows: CellSpec[][] = recs.map((r) => {
    const title = shorten(r.title, 160);
    const kpi = r.kpi ? shorten(k.successMeasure(r.kpi), 140) : '';
    return [
      r.label,
      { text: [title, kpi].filter(Boolean).join(' '), paras: [p([run(title, { bold: true })]), ...(kpi ? [p([run(kpi, { color: MUTED })], { scale: 0.85, spaceBefore: 2 })] : [])] },
      r.deferred ? `${k.priority(r.priority)} (${k.deferred.toLowerCase()})` : k.priority(r.priority),
      { text: `${r.impact}/5`, paras: [p(ratingRuns(ctx, r.impact))] },
      { text: `${r.effort}/5`, paras: [p(ratingRuns(ctx, r.effort))] },
      r.owner || '–',
    ];
  });
  tableSlides(ctx, 'recommendations', kicker, recommendationsTitle(recs), header, rows, [0.55, 6.0, 1.6, 1.05, 1.05, 1.9], recs.map((r) => r.citations));
  // the rationale of each recommendation, in the notes of the slides that list them
  const first = ctx.slides.findIndex((x) => x.kind === 'recommendations');
  if (first >= 0) ctx.slides[first]!.notes.unshift(...recs.map((r) => `${r.label} ${r.title}${r.rationale ? `: ${r.rationale}` : ''}`));
  figureSlides(ctx, section);
}

/** The roadmap as a gantt of shapes: a month scale, the phases as bands, one bar per action. */
function ganttSlides(ctx: Ctx, kicker: string, roadmap: RoadmapData): void {
  const brand = ctx.model.brand;
  const phaseIndex = new Map(roadmap.phases.map((ph, i) => [ph.id, i]));
  const items = [...roadmap.items].sort((a, b) => (phaseIndex.get(a.phase_id) ?? 99) - (phaseIndex.get(b.phase_id) ?? 99) || a.start_month - b.start_month);
  const end = Math.max(1, ...items.map((i) => i.end_month), ...roadmap.phases.map((ph) => ph.end_month));
  const box = region('title-only', 'body');
  const labelW = 3.9;
  const tx = box.x + labelW;
  const tw = box.w - labelW;
  const monthX = (m: number) => tx + (m / end) * tw;
  const step = end <= 12 ? 1 : end <= 24 ? 3 : end <= 60 ? 6 : 12;
  const colours = [brand.primary, brand.accent, tint(brand.primary, 0.4), tint(brand.accent, 0.35)];
  const top = box.y + 0.45;
  const rowMin = 0.32;
  // the rows a slide holds, and one line less on the last slide when actions are left for the full report
  const room = box.h - 0.45 - 0.35;
  const moreH = 0.3;
  const perSlide = Math.max(1, Math.floor(room / rowMin));
  const cap = DECK_LIMITS.continuation;
  const capped = items.length > perSlide * cap;
  const shownCount = capped ? perSlide * (cap - 1) + Math.max(1, Math.floor((room - moreH) / rowMin)) : items.length;
  const pages = Math.ceil(shownCount / perSlide);
  // the rows spread evenly over the slides (11 actions are 6 and 5, not 10 and one alone), all of them on a capped deck's full slides
  const perPage = capped ? perSlide : Math.ceil(shownCount / Math.max(1, pages));
  const pageRows = (pg: number) => (capped && pg === pages - 1 ? items.slice(pg * perPage, shownCount) : items.slice(pg * perPage, Math.min(shownCount, (pg + 1) * perPage)));
  const phasesUsed = new Set(items.map((i) => i.phase_id)).size;
  const base = k.roadmapTitle(items.length, end, phasesUsed);
  const first = items[0] ? lowerFirst(asTitle(items[0].title)) : '';
  const withStart = first ? k.roadmapFirst(base, first) : base;
  const title = fits([para(withStart, { bold: true })], FRAME.title, TYPE.title.min) ? withStart : base;
  for (let pg = 0; pg < pages; pg++) {
    const rows = pageRows(pg);
    const last = pg === pages - 1;
    const s = newSlide(ctx, 'roadmap', 'title-only', kicker, title, pg > 0);
    const rowH = Math.min(0.46, (room - (capped && last ? moreH : 0)) / Math.max(1, rows.length));
    const bottom = top + rows.length * rowH;
    roadmap.phases.forEach((ph, i) => {
      const x = monthX(Math.min(ph.start_month, end));
      const w = Math.max(0.05, monthX(Math.min(ph.end_month, end)) - x);
      s.items.push({ kind: 'shape', shape: 'rect', box: { x, y: top - 0.05, w, h: bottom - top + 0.1 }, fill: hex(tint(i % 2 ? brand.accent : brand.primary, 0.93)), line: WHITE, lineWidth: 0.5 });
      const name = fitOne(ph.name, { w, h: 0.32 }, { max: 11, min: 8 }, { bold: true });
      s.items.push(textItem('phase', { x, y: box.y, w, h: 0.32 }, [p([run(name.text, { bold: true })], { align: 'center' })], name.size, { color: ctx.colours.heading, align: 'center', valign: 'bottom' }));
    });
    for (let m = 0; m <= end; m += step) {
      s.items.push({ kind: 'shape', shape: 'line', box: { x: monthX(m), y: top - 0.05, w: 0, h: bottom - top + 0.15 }, line: RULE, lineWidth: 0.5, dash: true });
      s.items.push(textItem('month', { x: monthX(m) - 0.3, y: bottom + 0.12, w: 0.6, h: 0.22 }, [p([run(d.month(m))], { align: 'center' })], 9, { color: MUTED, align: 'center' }));
    }
    rows.forEach((item, r) => {
      const y = top + r * rowH;
      const room = { w: labelW - 0.2, h: rowH };
      const label = fitOne(item.title, room, TYPE.gantt);
      s.items.push(textItem('gantt-label', { x: box.x, y, ...room }, [p([run(label.text)])], label.size, { valign: 'middle' }));
      const x = monthX(item.start_month);
      const w = Math.max(0.08, monthX(item.end_month) - x);
      const colour = colours[(phaseIndex.get(item.phase_id) ?? 0) % colours.length]!;
      s.items.push({ kind: 'shape', shape: 'roundRect', box: { x, y: y + rowH * 0.18, w, h: rowH * 0.64 }, fill: hex(colour) });
      if (item.owner) {
        const ob = { x: x + 0.06, y: y + rowH * 0.18, w: w - 0.12, h: rowH * 0.64 };
        const owner = ob.w > 0.5 ? truncateToFit(item.owner, ob, 9) : '…';
        if (owner !== '…') s.items.push(textItem('gantt-owner', ob, [p([run(owner)], { align: 'center' })], 9, { color: hex(textColourOn(colour)), align: 'center', valign: 'middle' }));
      }
    });
    const listed = capped && last ? [...rows, ...items.slice(shownCount)] : rows;
    s.notes.push(listed.map((i) => `${i.title}: ${d.month(i.start_month)}–${d.month(i.end_month)}${i.owner ? ` (${i.owner})` : ''}`).join('\n'));
    if (capped && last) {
      const more = k.moreItems(items.length - shownCount);
      s.items.push(textItem('more', { x: box.x, y: box.y + box.h - moreH, w: box.w, h: moreH }, [p([run(more, { italic: true })])], 12, { color: MUTED, valign: 'bottom' }));
    }
  }
}

// ── charts the report holds ────────────────────────────────────────────────────────────────────────────

/** What a chart's data shows, as a sentence for its title (null when there is no plain reading). */
export function chartTakeaway(figure: ExportFigure): string | null {
  const { visual, data } = figure;
  if (data.message !== null || !data.categories.length || !data.series.length) return null;
  const series = data.series.at(-1)!;
  const values = series.values.map((v, i) => ({ v, label: data.categories[i] ?? '' })).filter((x): x is { v: number; label: string } => x.v !== null && Number.isFinite(x.v));
  if (!values.length) return null;
  const title = flat(visual.title) || flat(visual.caption);
  if (visual.type === 'line' && values.length > 1) {
    const a = values[0]!;
    const b = values.at(-1)!;
    return k.chartMoved(title, formatValue(a.v), a.label, formatValue(b.v), b.label);
  }
  const top = values.reduce((m, x) => (x.v > m.v ? x : m));
  if (visual.type === 'pie') {
    const total = values.reduce((s, x) => s + Math.max(0, x.v), 0);
    return total > 0 ? k.chartLargest(title, top.label, `${Math.round((Math.max(0, top.v) / total) * 100)}%`) : null;
  }
  // several series read plainly only when they are periods (the latest one is read); measures side by side
  // (impact and effort) have no single "highest"
  const periods = data.series.every((x) => /^(FY|H[12]|Q[1-4])?\s*'?\d{2,4}\b|^Q[1-4]\b/i.test(x.name.trim()));
  if (visual.type === 'bar' && (data.series.length === 1 || periods)) return k.chartHighest(title, data.series.length > 1 ? `${top.label} (${series.name})` : top.label, formatValue(top.v));
  return null;
}

function pictureOf(ctx: Ctx, figure: ExportFigure, box: Box, alt: string): ImageItem {
  // the drawing is 16:9; keep it so inside the box
  const h = Math.min(box.h, (box.w * 450) / 800);
  const w = (h * 800) / 450;
  return { kind: 'image', box: { x: box.x + (box.w - w) / 2, y: box.y, w, h }, png: ctx.charts.png(figure, CHART_PNG_PX), mime: 'image/png', alt };
}

function figureSlide(ctx: Ctx, kicker: string, b: FigureBlock): void {
  const title = (b.figure && chartTakeaway(b.figure)) || b.caption || b.figure?.visual.title || kicker;
  const s = newSlide(ctx, 'figure', 'title-only', kicker, title);
  const body = region('title-only', 'body');
  const box = { ...body, h: body.h - 0.45 };
  if (!b.figure) {
    s.items.push(textItem('missing', box, [p([run(truncateToFit(d.visualMissing(b.caption), box, 18, { italic: true }), { italic: true })], { align: 'center' })], 18, { color: MUTED, align: 'center', valign: 'middle' }));
  } else {
    const native = ctx.charts.pptx(b.figure);
    if (native) {
      native.options = { ...native.options, showTitle: false };
      s.items.push({ kind: 'chart', box, chart: native, alt: altText(b) });
    } else {
      s.items.push(pictureOf(ctx, b.figure, box, altText(b)));
    }
    s.notes.push(altText(b));
  }
  const cbox = { x: body.x, y: body.y + body.h - 0.35, w: body.w, h: 0.35 };
  const caption = truncateToFit(d.figure(b.n, b.caption || b.figure?.visual.title || ''), cbox, 12, { italic: true });
  s.items.push(textItem('figure-caption', cbox, [p([run(caption, { italic: true })], { align: 'center' })], 12, { color: MUTED, align: 'center', valign: 'bottom' }));
}

/** The charts a section embeds (those the storyline has not shown already). */
function figureSlides(ctx: Ctx, section: ExportSection): void {
  for (const b of allBlocks(section.blocks)) if (b.kind === 'figure' && !ctx.shown.has(b.visualId)) figureSlide(ctx, section.title, b);
}

// ── sections told from their text ──────────────────────────────────────────────────────────────────────

interface Point {
  text: string;
  level: 0 | 1;
  bold?: boolean;
  citations: number[];
}

interface Group {
  /** the sub-heading the points sit under ('' for the section's opening) */
  heading: string;
  points: Point[];
  /** tables, figures and the SWOT, in order */
  visuals: Block[];
}

const citationsOf = (runs: readonly Run[]) => [...new Set(runs.filter((r) => r.citation !== undefined).map((r) => r.citation!))];

export function groupsOf(section: ExportSection): Group[] {
  const head: Group = { heading: '', points: [], visuals: [] };
  const groups: Group[] = [head];
  let current = head;
  const point = (runs: readonly Run[], level: 0 | 1, extra: Partial<Point> = {}) => {
    const text = firstSentence(plainText(runs));
    if (text) current.points.push({ text, level, citations: citationsOf(runs), ...extra });
  };
  const visit = (blocks: readonly Block[], level: 0 | 1) => {
    for (const b of blocks) {
      switch (b.kind) {
        case 'heading':
          if (b.level === 2) {
            current = { heading: b.text, points: [], visuals: [] };
            groups.push(current);
          } else point(b.runs, 0, { bold: true });
          break;
        case 'paragraph':
          point(b.runs, level);
          break;
        case 'list':
          for (const item of b.items) {
            const [first, ...rest] = item;
            if (first?.kind === 'paragraph') point(first.runs, level);
            // nested points: at most three under an item, one level deeper
            const nested = rest.flatMap((r) => (r.kind === 'list' ? r.items.map((i) => i[0]).filter((x): x is Extract<Block, { kind: 'paragraph' }> => x?.kind === 'paragraph') : []));
            for (const n of nested.slice(0, 3)) point(n.runs, 1);
            for (const r of rest) if (r.kind !== 'list' && r.kind !== 'paragraph') visit([r], 1);
          }
          break;
        case 'quote':
          for (const q of b.blocks) if (q.kind === 'paragraph') point(q.runs, level);
          break;
        case 'table':
        case 'figure':
        case 'swot':
          current.visuals.push(b);
          break;
        default:
          break;
      }
    }
  };
  visit(section.blocks, 0);
  return mergeSmall(groups.filter((g) => g.points.length || g.visuals.length));
}

/**
 * Consecutive sub-sections with only a few points share a slide (each one's heading a bold point), so a
 * section of short sub-sections is not a run of near-empty slides.
 */
export function mergeSmall(groups: Group[]): Group[] {
  const out: Group[] = [];
  for (const g of groups) {
    const prev = out.at(-1);
    if (prev && !prev.visuals.length && !g.visuals.length && prev.points.length + g.points.length + 1 <= 6) {
      prev.points = [...prev.points, { text: g.heading, level: 0, bold: true, citations: [] }, ...g.points.map((x) => ({ ...x, level: 1 as const }))];
      continue;
    }
    out.push({ ...g, points: [...g.points] });
  }
  return out;
}

/** A sentence a slide can carry as its title: the group's first point when it is a plain sentence. */
const isSentence = (pt: Point | undefined): pt is Point => Boolean(pt && !pt.bold && pt.level === 0 && /[.!?]$/.test(pt.text) && pt.text.split(/\s+/).length >= 4 && !pt.text.endsWith('…'));

function pointSlides(ctx: Ctx, section: ExportSection, group: Group): void {
  const kicker = [section.title, group.heading].filter(Boolean).join(' · ');
  const points = [...group.points];
  const lead = isSentence(points[0]) ? points.shift()! : null;
  const title = lead ? lead.text : k.sectionTopic(section.title, group.heading);
  const leadCitations = lead?.citations ?? [];
  if (!points.length) {
    // a sentence alone: the title says it
    const s = newSlide(ctx, 'points', 'title-only', kicker, title);
    sourcesLine(ctx, s, leadCitations);
    return;
  }
  const box = region('title-and-content', 'body');
  const parasOf = (list: readonly Point[]): SlidePara[] =>
    list.map((pt) =>
      pt.bold
        ? p([run(pt.text, { bold: true, color: ctx.colours.heading })], { spaceBefore: 6, spaceAfter: 6 })
        : p([run(pt.text), ...marksRun(pt.citations)], { bullet: true, level: pt.level, indent: BULLET_INDENT * (pt.level + 1), spaceAfter: 8, scale: pt.level ? 0.9 : 1 }),
    );
  let size = fitSize(parasOf(points), box, TYPE.body.max, TYPE.body.min);
  const pages: Point[][] = [];
  if (size !== null) pages.push(points);
  else {
    size = TYPE.body.min;
    let page: Point[] = [];
    for (const pt of points) {
      if (page.length && !fits(parasOf([...page, pt]), box, size)) {
        pages.push(page);
        page = [];
      }
      page.push(pt);
    }
    pages.push(page);
  }
  const shown = pages.slice(0, DECK_LIMITS.continuation);
  const left = pages.slice(DECK_LIMITS.continuation).reduce((n, pg) => n + pg.length, 0);
  shown.forEach((pg, i) => {
    const s = newSlide(ctx, 'points', 'title-and-content', kicker, title, i > 0);
    let paras = parasOf(pg);
    if (i === shown.length - 1 && left) {
      paras = [...paras, p([run(d.morePoints(left), { italic: true, color: MUTED })], { bullet: false })];
      while (paras.length > 1 && !fits(paras, box, size)) paras.splice(paras.length - 2, 1);
    }
    s.items.push(textItem('points', box, paras, size, { placeholder: 'body' }));
    sourcesLine(ctx, s, [...(i === 0 ? leadCitations : []), ...pg.flatMap((x) => x.citations)]);
  });
}

/** A table's title when no sentence leads it: what it lists, named by its first column of words (not numbers). */
function tableTitle(topic: string, table: Extract<Block, { kind: 'table' }>): string {
  const columns = table.header.map((_, c) => table.rows.map((r) => plainText(r[c] ?? []).trim()));
  const names = columns.find((col) => col.some((x) => x && !/^[-+\d.,%\s]+$/.test(x))) ?? [];
  // a web address in brackets after a name is the table's detail, not the title's
  const named = names.map((x) => x.replace(/\s*\([^()]*:\/\/[^()]*\)\s*$/, '').trim()).filter(Boolean);
  return k.tableTitle(topic, table.rows.length, named.map((x) => shorten(x, 48)));
}

function sectionSlides(ctx: Ctx, section: ExportSection): void {
  for (const g of groupsOf(section)) {
    // a sentence alone before a table is the table's title, not a slide of its own with nothing under it
    const leadsTable = g.points.length === 1 && isSentence(g.points[0]) && g.visuals.some((v) => v.kind === 'table');
    if (g.points.length && !leadsTable) pointSlides(ctx, section, g);
    const kicker = [section.title, g.heading].filter(Boolean).join(' · ');
    let leadCitations = leadsTable ? g.points[0]!.citations : [];
    for (const v of g.visuals) {
      if (v.kind === 'table') {
        const lead = g.points[0] && isSentence(g.points[0]) && !g.points.slice(1).length ? g.points[0].text : tableTitle(g.heading || section.title, v);
        const rowCitations = v.rows.map((r, i) => [...(i === 0 ? leadCitations : []), ...r.flatMap(citationsOf)]);
        leadCitations = [];
        tableSlides(
          ctx,
          'table',
          kicker,
          lead,
          v.header.map((h) => plainText(h)),
          v.rows.map((r) => r.map((c) => ({ text: plainText(c), paras: [p([run(shorten(plainText(c), DECK_LIMITS.cellChars)), ...marksRun(citationsOf(c))])] }))),
          v.weights,
          rowCitations,
          v.align.map((a) => a ?? 'left'),
        );
      } else if (v.kind === 'figure') figureSlide(ctx, section.title, v);
      else if (v.kind === 'swot') {
        swotSlide(
          ctx,
          v.quadrants.map((q) => ({ title: q.title, items: q.items.map((item, i) => ({ label: `${q.title.charAt(0)}${i + 1}`, text: plainText(item).trim(), citations: citationsOf(item) })) })),
          section.title,
        );
      }
    }
  }
}

function dividerSlide(ctx: Ctx, title: string, subtitle: string): void {
  const L = LAYOUTS.section;
  const on = hex(ctx.model.brand.onPrimary);
  const s: DeckSlide = { kind: 'section', layout: 'section', title, items: [], notes: [] };
  const t = fitOne(title, L.placeholders.title!, { max: 40, min: 28 }, { bold: true }, 2);
  s.items.push(textItem('title', L.placeholders.title!, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: on, valign: 'bottom' }));
  const st = fitOne(subtitle, L.placeholders.body!, { max: 20, min: 14 });
  s.items.push(textItem('subtitle', L.placeholders.body!, [p([run(st.text)])], st.size, { placeholder: 'body', color: on }));
  ctx.slides.push(s);
}

/**
 * The sources: each source, and under it each passage cited from it (shortened; whole in the notes), over at
 * most DECK_LIMITS.sourceSlides slides; what is left is named by a line on the last one ("… and 12 more in the
 * full report", which lists every passage).
 */
function sourcesSlides(ctx: Ctx): void {
  const all = sourceList(ctx.model);
  if (!all.length) return;
  const box = region('title-and-content', 'body');
  const title = k.sourcesTitle(ctx.model.citations.length, all.length);
  const size = 13;
  const heading = (source: string): SlidePara => p([run(truncateToFit(source, box, size, { bold: true }), { bold: true, color: ctx.colours.heading })], { spaceBefore: 6, spaceAfter: 2 });
  const passage = (n: number): SlidePara => {
    const quote = (ctx.model.citations[n - 1]?.quote ?? '').replace(/^\s*[-•*]\s+/, '');
    const text = quote ? `“${shorten(quote, 150)}”` : '–';
    return p([run(`[${n}] `, { bold: true, color: MUTED }), run(text)], { bullet: true, level: 0, indent: BULLET_INDENT, spaceAfter: 3, scale: 0.92 });
  };
  const moreLine = (n: number): SlidePara => p([run(k.moreItems(n), { italic: true, color: MUTED })], { spaceBefore: 6 });
  const total = all.reduce((n, x) => n + x.numbers.length, 0);
  type Page = { paras: SlidePara[]; numbers: number[] };
  /** the passages over slides of `room`, at most DECK_LIMITS.sourceSlides of them */
  const paginate = (room: Room): Page[] => {
    const pages: Page[] = [];
    let page: Page = { paras: [], numbers: [] };
    let placed = 0;
    let full = false;
    for (const x of all) {
      for (const [i, n] of x.numbers.entries()) {
        const head = (first: boolean) => (first ? [heading(i === 0 ? x.source : d.continued(x.source))] : []);
        let next = [...head(i === 0 || !page.paras.length), passage(n)];
        // the last slide keeps a line for what is left
        const lastPage = pages.length === DECK_LIMITS.sourceSlides - 1;
        const tail = lastPage && placed + 1 < total ? [moreLine(total - placed - 1)] : [];
        if (page.paras.length && !fits([...page.paras, ...next, ...tail], room, size)) {
          if (lastPage) {
            full = true;
            break;
          }
          pages.push(page);
          page = { paras: [], numbers: [] };
          next = [...head(true), passage(n)];
        }
        page.paras.push(...next);
        page.numbers.push(n);
        placed++;
      }
      if (full) break;
    }
    if (placed < total) page.paras.push(moreLine(total - placed));
    pages.push(page);
    return pages;
  };
  let pages = paginate(box);
  // the passages spread evenly over the slides they need (not a full slide and two passages alone on the next):
  // the least height that needs no more slides
  if (pages.length > 1 && pages.reduce((n, pg) => n + pg.numbers.length, 0) === total) {
    let lo = box.h / 2;
    let hi = box.h;
    for (let i = 0; i < 8; i++) {
      const mid = (lo + hi) / 2;
      const tried = paginate({ ...box, h: mid });
      if (tried.length <= pages.length && tried.reduce((n, pg) => n + pg.numbers.length, 0) === total) hi = mid;
      else lo = mid;
    }
    pages = paginate({ ...box, h: hi });
  }
  pages.forEach((pg, i) => {
    const s = newSlide(ctx, 'sources', 'title-and-content', d.sources, title, i > 0);
    s.items.push(textItem('sources-list', box, pg.paras, size, { placeholder: 'body' }));
    s.notes.push(...citationLines(ctx, pg.numbers));
  });
}

// ── the deck ───────────────────────────────────────────────────────────────────────────────────────────

function logoPng(ctx: Pick<Ctx, 'model' | 'charts'>, maxW: number, maxH: number): { png: Uint8Array; mime: string; w: number; h: number } | null {
  const logo = ctx.model.brand.logo;
  if (!logo || logo.width <= 0 || logo.height <= 0) return null;
  const scale = Math.min(maxW / logo.width, maxH / logo.height);
  const w = logo.width * scale;
  const h = logo.height * scale;
  try {
    const png = logo.kind === 'svg' ? ctx.charts.svgToPng(new TextDecoder().decode(logo.bytes), Math.round(w * 200)) : logo.bytes;
    return { png, mime: logo.kind === 'jpg' ? 'image/jpeg' : 'image/png', w, h };
  } catch {
    return null; // a logo that cannot be drawn is left out
  }
}

function coloursOf(model: ExportModel): Colours {
  const b = model.brand;
  const heading = whiteTextPasses(b.primary) ? hex(b.primary) : INK;
  const markSource = b.secondary && whiteTextPasses(b.secondary) ? b.secondary : whiteTextPasses(b.accent) ? b.accent : b.primary;
  return { primary: hex(b.primary), accent: hex(b.accent), wash: hex(b.wash), onPrimary: hex(b.onPrimary), heading, mark: whiteTextPasses(markSource) ? hex(markSource) : INK };
}

/** Every slide of the deck, laid out and measured (pure: nothing is written). */
export function planDeck(model: ExportModel, charts: ChartRenderer): DeckSlide[] {
  const logo = logoPng({ model, charts }, FRAME.logo.maxW, FRAME.logo.maxH);
  const ctx: Ctx = { model, charts, colours: coloursOf(model), slides: [], kickerW: FRAME.kicker.w - (logo ? logo.w + 0.3 : 0), shown: new Set() };
  const story = model.story;
  titleSlide(ctx);
  const appendix: ExportSectionKey[] = ['appendices'];
  for (const section of model.sections) {
    if (appendix.includes(section.key)) continue;
    switch (section.key) {
      case 'executive-summary':
        if (story.summary) summarySlides(ctx, section);
        else sectionSlides(ctx, section);
        break;
      case 'findings':
        if (story.themes.length || story.dimensions.length) findingSlides(ctx, section);
        else sectionSlides(ctx, section);
        break;
      case 'swot':
        if (story.swot) {
          swotSlide(ctx, story.swot, section.title);
          figureSlides(ctx, section);
        } else sectionSlides(ctx, section);
        break;
      case 'recommendations':
        if (story.recommendations.length) recommendationSlides(ctx, section.title, section);
        else sectionSlides(ctx, section);
        break;
      case 'roadmap':
        if (model.roadmap) {
          ganttSlides(ctx, section.title, model.roadmap);
          figureSlides(ctx, section);
        } else sectionSlides(ctx, section);
        break;
      default:
        sectionSlides(ctx, section);
    }
  }
  const closing = model.sections.filter((s) => appendix.includes(s.key));
  if (closing.length || model.citations.length) dividerSlide(ctx, k.appendix, k.appendixSubtitle);
  for (const section of closing) sectionSlides(ctx, section);
  sourcesSlides(ctx);
  return ctx.slides;
}

// ── writing ────────────────────────────────────────────────────────────────────────────────────────────

function runsOf(item: Pick<TextItem, 'paras' | 'size' | 'color' | 'align'>): PptxGenJS.TextProps[] {
  return item.paras.flatMap((para, pi) =>
    para.runs.map((r, ri) => ({
      text: r.text,
      options: {
        fontFace: FONT,
        fontSize: Math.round(item.size * (para.scale ?? 1) * 10) / 10,
        color: r.color ?? item.color,
        ...(r.bold ? { bold: true } : {}),
        ...(r.italic ? { italic: true } : {}),
        ...(r.superscript ? { superscript: true } : {}),
        ...(para.bullet ? { bullet: { code: '2022', indent: BULLET_INDENT }, ...(para.level ? { indentLevel: para.level } : {}) } : { bullet: false }),
        // always a space before (a hair when none), so a body placeholder does not add the master's 20%
        paraSpaceBefore: para.spaceBefore || 0.01,
        ...(para.spaceAfter ? { paraSpaceAfter: para.spaceAfter } : {}),
        align: para.align ?? item.align ?? 'left',
        ...(ri === para.runs.length - 1 && pi < item.paras.length - 1 ? { breakLine: true } : {}),
      },
    })),
  );
}

const SHAPES = { rect: 'rect', roundRect: 'roundRect', ellipse: 'ellipse', line: 'line' } as const;

function writeSlide(pptx: PptxGenJS, s: DeckSlide): void {
  const slide = pptx.addSlide({ masterName: LAYOUTS[s.layout].master });
  for (const item of s.items) {
    switch (item.kind) {
      case 'text':
        slide.addText(runsOf(item), {
          ...item.box,
          ...(item.placeholder ? { placeholder: item.placeholder } : {}),
          ...(item.role === 'kicker' ? { objectName: KICKER_NAME } : {}),
          fontFace: FONT,
          fontSize: item.size,
          color: item.color,
          valign: item.valign,
          align: item.align ?? 'left',
          margin: 0,
          fit: 'none',
          wrap: true,
        });
        break;
      case 'shape':
        slide.addShape(SHAPES[item.shape], {
          ...item.box,
          ...(item.fill ? { fill: { color: item.fill } } : {}),
          line: item.line ? { color: item.line, width: item.lineWidth ?? 0.75, ...(item.dash ? { dashType: 'dash' as const } : {}) } : { type: 'none' as const },
          ...(item.shape === 'roundRect' ? { rectRadius: 0.06 } : {}),
        });
        break;
      case 'chart':
        slide.addChart(item.chart.type, item.chart.data, { ...item.box, ...(item.chart.options as PptxGenJS.IChartOpts), altText: item.alt });
        break;
      case 'image':
        slide.addImage({ data: `${item.mime};base64,${Buffer.from(item.png).toString('base64')}`, ...item.box, altText: item.alt });
        break;
      case 'table':
        slide.addTable(
          item.rows.map((row) =>
            row.map((cell) => ({
              text: runsOf({ paras: cell.paras, size: item.size, color: cell.color, align: cell.align }),
              options: { ...(cell.fill ? { fill: { color: cell.fill } } : {}), color: cell.color, align: cell.align, valign: 'top' as const },
            })),
          ),
          { x: item.box.x, y: item.box.y, w: item.box.w, colW: item.colW, rowH: item.rowH, fontFace: FONT, fontSize: item.size, margin: CELL_PAD, border: { type: 'solid', pt: 0.5, color: RULE }, autoPage: false },
        );
        break;
    }
  }
  const notes = s.notes.join('\n\n');
  if (notes) slide.addNotes(notes);
}

export async function renderPptx(model: ExportModel, charts: ChartRenderer, template?: ExportTemplate): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = model.title;
  pptx.subject = model.cover.subtitle || model.title;
  pptx.author = model.cover.preparedBy || model.providerName;
  pptx.company = model.providerName;
  const colours = coloursOf(model);
  const logo = logoPng({ model, charts }, FRAME.logo.maxW, FRAME.logo.maxH);
  const footer = model.cover.client ? `${model.title} · ${model.cover.client}` : model.title;
  defineLayouts(pptx, {
    font: FONT,
    primary: colours.primary,
    accent: colours.mark,
    onPrimary: colours.onPrimary,
    titleColour: colours.heading,
    muted: MUTED,
    footer: truncateToFit(footer, FRAME.footer, 9),
    logo: logo ? { data: `${logo.mime};base64,${Buffer.from(logo.png).toString('base64')}`, w: logo.w, h: logo.h } : null,
  });
  const plan = planDeck(model, charts);
  for (const s of plan) writeSlide(pptx, s);
  // written uncompressed, then finished in one pass (pptx-template.ts): the waterfalls' labels, and on a firm's
  // template the same slides moved onto its masters and layouts; compressed once there
  const out = new Uint8Array((await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer);
  return finishDeck(out, plan.map((s) => s.layout), template, { primary: colours.primary, mark: colours.mark });
}
