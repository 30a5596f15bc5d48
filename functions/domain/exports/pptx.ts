/**
 * The PowerPoint deck (pptxgenjs): a title slide in the brand with the logo; a contents slide; for each
 * selected section one or more slides with a slide-sized summary (the first sentence of each paragraph or list
 * item, at most six points a slide), its tables as native tables, its charts (bar, line and pie as native,
 * editable PowerPoint charts; the others as images of the server's drawing), the SWOT as a 2×2 and the roadmap
 * as a gantt of shapes; every slide's citations in its speaker notes, and the sources on closing slides.
 */
import PptxGenJS from 'pptxgenjs';
import { textColourOn, tint } from '@shared/domain/brand';
import { messages } from '@shared/messages';
import type { RoadmapData } from '@shared/schemas/report-document';
import { CHART_PNG_PX, type ChartRenderer } from './charts';
import { altText, citationNote, plainText, type Block, type ExportModel, type ExportSection, type FigureBlock, type Run, type SwotBlock } from './model';

const d = messages.exports.document;

/** LAYOUT_WIDE: 13.333 × 7.5 inches */
const W = 13.333;
const H = 7.5;
const X = 0.6;
const CW = W - 2 * X;
const TOP = 1.45;
const FONT = 'Calibri';
const INK = '1E293B';
const MUTED = '64748B';
const hex = (c: string) => c.replace('#', '').toUpperCase();

export const SLIDE_LIMITS = { points: 6, pointSlides: 3, tableRows: 8, tableSlides: 3, cellChars: 90, pointChars: 170, ganttRows: 12, sourcesPerSlide: 14 } as const;

interface Point {
  text: string;
  level: 0 | 1;
  bold?: boolean;
  citations: number[];
}

interface Group {
  title: string;
  points: Point[];
  /** tables, figures and the SWOT, in order */
  visuals: Block[];
}

// ── summarising ────────────────────────────────────────────────────────────────────────────────────────

const citationsOf = (runs: readonly Run[]) => [...new Set(runs.filter((r) => r.citation !== undefined).map((r) => r.citation!))];

/** At most `max` characters, cut at a word, with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The first sentence of a text (what a slide shows of a paragraph), shortened to fit a line or two. */
export function firstSentence(text: string, max: number = SLIDE_LIMITS.pointChars): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const m = /^(.+?[.!?])(?=\s+[A-Z0-9“"‘(]|$)/.exec(flat);
  return shorten(m ? m[1]! : flat, max);
}

function groupsOf(section: ExportSection, skipTables: boolean): Group[] {
  const head: Group = { title: `${section.number}. ${section.title}`, points: [], visuals: [] };
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
            current = { title: `${b.number} ${b.text}`, points: [], visuals: [] };
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
            const nested = rest.flatMap((r) => (r.kind === 'list' ? r.items.map((i) => i[0]).filter((p): p is Extract<Block, { kind: 'paragraph' }> => p?.kind === 'paragraph') : []));
            for (const n of nested.slice(0, 3)) point(n.runs, 1);
            for (const r of rest) if (r.kind !== 'list' && r.kind !== 'paragraph') visit([r], 1);
          }
          break;
        case 'quote':
          for (const q of b.blocks) if (q.kind === 'paragraph') point(q.runs.map((r) => ({ ...r, italic: true })), level);
          break;
        case 'table':
          if (!skipTables) current.visuals.push(b);
          break;
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
    const headed = (x: Group, first: boolean): Point[] => (first ? x.points : [{ text: x.title.replace(/^[\d.]+\s+/, ''), level: 0, bold: true, citations: [] }, ...x.points.map((p) => ({ ...p, level: 1 as const }))]);
    if (prev && !prev.visuals.length && !g.visuals.length && prev.points.length + g.points.length + 1 <= SLIDE_LIMITS.points) {
      prev.points = [...prev.points, ...headed(g, false)];
      continue;
    }
    out.push({ ...g, points: [...g.points] });
  }
  return out;
}

// ── slides ─────────────────────────────────────────────────────────────────────────────────────────────

interface Ctx {
  pptx: PptxGenJS;
  model: ExportModel;
  charts: ChartRenderer;
}

function notesFor(ctx: Ctx, numbers: readonly number[], extra = ''): string {
  const lines = [...new Set(numbers)]
    .sort((a, b) => a - b)
    .map((n) => {
      const c = ctx.model.citations[n - 1];
      if (!c) return '';
      const note = citationNote(c);
      return `[${n}] ${note.source}${note.quote ? `: “${note.quote}”` : ''}`;
    })
    .filter(Boolean);
  const parts = [extra, lines.length ? `${d.notesFor}\n${lines.join('\n')}` : ''].filter(Boolean);
  return parts.join('\n\n');
}

function contentSlide(ctx: Ctx, title: string): PptxGenJS.Slide {
  const slide = ctx.pptx.addSlide({ masterName: 'CONTENT' });
  slide.addText(title, { x: X, y: 0.35, w: CW - 1.6, h: 0.8, fontFace: FONT, fontSize: 26, bold: true, color: hex(ctx.model.brand.primary), valign: 'middle', fit: 'shrink' });
  return slide;
}

/** Citation marks on a slide: the numbers in brackets after the point. */
const marks = (numbers: readonly number[]) => (numbers.length ? ` [${numbers.join('] [')}]` : '');

function pointSlides(ctx: Ctx, group: Group): void {
  const per = SLIDE_LIMITS.points;
  const pages = Math.min(SLIDE_LIMITS.pointSlides, Math.ceil(group.points.length / per));
  for (let p = 0; p < pages; p++) {
    let points = group.points.slice(p * per, (p + 1) * per);
    const last = p === pages - 1;
    const left = group.points.length - (p + 1) * per;
    if (last && left > 0) points = [...points.slice(0, per - 1), { text: d.morePoints(left + 1), level: 0, citations: [] }];
    const slide = contentSlide(ctx, p === 0 ? group.title : d.continued(group.title));
    slide.addText(
      points.map((pt) => ({
        text: `${pt.text}${marks(pt.citations)}`,
        options: { bullet: pt.level === 0 ? { code: '25A0' } : { indent: 18 }, indentLevel: pt.level, bold: Boolean(pt.bold), fontSize: pt.level === 0 ? 20 : 17, color: INK, breakLine: true, paraSpaceAfter: 10 },
      })),
      { x: X, y: TOP, w: CW, h: H - TOP - 0.8, fontFace: FONT, valign: 'top', fit: 'shrink' },
    );
    slide.addNotes(notesFor(ctx, points.flatMap((pt) => pt.citations)));
  }
}

function tableSlides(ctx: Ctx, title: string, b: Extract<Block, { kind: 'table' }>): void {
  const brand = ctx.model.brand;
  const sum = b.weights.reduce((a, c) => a + c, 0) || 1;
  const colW = b.weights.map((w) => (w / sum) * CW);
  const cell = (runs: Run[]) => shorten(plainText(runs), SLIDE_LIMITS.cellChars);
  const header = b.header.map((h) => ({ text: cell(h), options: { bold: true, color: hex(brand.onPrimary), fill: { color: hex(brand.primary) } } }));
  const pages = Math.max(1, Math.min(SLIDE_LIMITS.tableSlides, Math.ceil(b.rows.length / SLIDE_LIMITS.tableRows)));
  for (let p = 0; p < pages; p++) {
    const rows = b.rows.slice(p * SLIDE_LIMITS.tableRows, (p + 1) * SLIDE_LIMITS.tableRows);
    const slide = contentSlide(ctx, p === 0 ? title : d.continued(title));
    slide.addTable(
      [
        header,
        ...rows.map((r, i) =>
          r.map((c, ci) => ({ text: cell(c), options: { align: (b.align[ci] === 'right' ? 'right' : b.align[ci] === 'center' ? 'center' : 'left') as 'left', ...(i % 2 ? { fill: { color: hex(brand.wash) } } : {}) } })),
        ),
      ],
      { x: X, y: TOP, w: CW, colW, fontFace: FONT, fontSize: 12, color: INK, border: { type: 'solid', pt: 0.5, color: 'CBD5E1' }, valign: 'middle', margin: 0.05, autoPage: false },
    );
    const numbers = rows.flatMap((r) => r.flatMap(citationsOf));
    const more = p === pages - 1 && b.rows.length > (p + 1) * SLIDE_LIMITS.tableRows ? d.moreRows(b.rows.length - (p + 1) * SLIDE_LIMITS.tableRows) : '';
    if (more) slide.addText(more, { x: X, y: H - 1.05, w: CW, h: 0.35, fontFace: FONT, fontSize: 12, italic: true, color: MUTED });
    slide.addNotes(notesFor(ctx, numbers));
  }
}

function figureSlide(ctx: Ctx, title: string, b: FigureBlock): void {
  const slide = contentSlide(ctx, b.figure?.visual.title || title);
  const caption = d.figure(b.n, b.caption || b.figure?.visual.title || '');
  const box = { x: X + 0.4, y: TOP, w: CW - 0.8, h: H - TOP - 1.25 };
  if (!b.figure) {
    slide.addText(d.visualMissing(b.caption), { ...box, fontFace: FONT, fontSize: 18, italic: true, color: MUTED, align: 'center' });
  } else {
    const native = ctx.charts.pptx(b.figure);
    if (native) {
      slide.addChart(native.type, native.data, { ...box, ...(native.options as PptxGenJS.IChartOpts), altText: altText(b) });
    } else {
      // the drawing is 16:9; keep it so inside the box
      const h = Math.min(box.h, (box.w * 450) / 800);
      const w = (h * 800) / 450;
      slide.addImage({ data: `image/png;base64,${Buffer.from(ctx.charts.png(b.figure, CHART_PNG_PX)).toString('base64')}`, x: X + (CW - w) / 2, y: box.y, w, h, altText: altText(b) });
    }
  }
  slide.addText(caption, { x: X, y: H - 1.15, w: CW, h: 0.4, fontFace: FONT, fontSize: 13, italic: true, color: MUTED, align: 'center' });
  slide.addNotes(notesFor(ctx, [], b.figure ? altText(b) : ''));
}

function swotSlide(ctx: Ctx, title: string, b: SwotBlock): void {
  const slide = contentSlide(ctx, title);
  const brand = ctx.model.brand;
  const gap = 0.15;
  const bw = (CW - gap) / 2;
  const bh = (H - TOP - 0.8 - gap) / 2;
  const fills = [tint(brand.primary, 0.86), tint(brand.accent, 0.8), tint(brand.primary, 0.93), tint(brand.accent, 0.9)];
  const numbers: number[] = [];
  b.quadrants.forEach((q, i) => {
    const x = X + (i % 2) * (bw + gap);
    const y = TOP + Math.floor(i / 2) * (bh + gap);
    slide.addShape(ctx.pptx.ShapeType.roundRect, { x, y, w: bw, h: bh, fill: { color: hex(fills[i]!) }, line: { color: hex(fills[i]!) }, rectRadius: 0.08 });
    const items = q.items.slice(0, 5).map((item) => {
      numbers.push(...citationsOf(item));
      return { text: `${firstSentence(plainText(item), 110)}${marks(citationsOf(item))}`, options: { bullet: true, fontSize: 13, color: INK, breakLine: true, paraSpaceAfter: 4 } };
    });
    if (q.items.length > 5) items.push({ text: d.morePoints(q.items.length - 5), options: { bullet: true, fontSize: 13, color: MUTED, breakLine: true, paraSpaceAfter: 4 } });
    slide.addText([{ text: q.title, options: { bold: true, fontSize: 18, color: hex(brand.primary), breakLine: true, paraSpaceAfter: 6 } }, ...(items.length ? items : [{ text: '–', options: { fontSize: 13, color: MUTED, breakLine: true, paraSpaceAfter: 0 } }])], {
      x: x + 0.15,
      y: y + 0.1,
      w: bw - 0.3,
      h: bh - 0.2,
      fontFace: FONT,
      valign: 'top',
      fit: 'shrink',
    });
  });
  slide.addNotes(notesFor(ctx, numbers));
}

/** The roadmap as a gantt of shapes: a month scale, the phases as bands, one bar per action. */
function ganttSlides(ctx: Ctx, title: string, roadmap: RoadmapData): void {
  const brand = ctx.model.brand;
  const phaseIndex = new Map(roadmap.phases.map((p, i) => [p.id, i]));
  const items = [...roadmap.items].sort((a, b) => (phaseIndex.get(a.phase_id) ?? 99) - (phaseIndex.get(b.phase_id) ?? 99) || a.start_month - b.start_month);
  const end = Math.max(1, ...items.map((i) => i.end_month), ...roadmap.phases.map((p) => p.end_month));
  const labelW = 3.9;
  const tx = X + labelW;
  const tw = CW - labelW;
  const monthX = (m: number) => tx + (m / end) * tw;
  const step = end <= 12 ? 1 : end <= 24 ? 3 : end <= 60 ? 6 : 12;
  const colours = [brand.primary, brand.accent, tint(brand.primary, 0.4), tint(brand.accent, 0.35)];
  const pages = Math.ceil(items.length / SLIDE_LIMITS.ganttRows);
  for (let p = 0; p < pages; p++) {
    const rows = items.slice(p * SLIDE_LIMITS.ganttRows, (p + 1) * SLIDE_LIMITS.ganttRows);
    const slide = contentSlide(ctx, p === 0 ? title : d.continued(title));
    const top = TOP + 0.55;
    const rowH = Math.min(0.42, (H - top - 0.9) / Math.max(1, rows.length));
    const bottom = top + rows.length * rowH;
    // phases: shaded bands with their names above
    roadmap.phases.forEach((ph, i) => {
      const x = monthX(Math.min(ph.start_month, end));
      const w = Math.max(0.05, monthX(Math.min(ph.end_month, end)) - x);
      slide.addShape(ctx.pptx.ShapeType.rect, { x, y: top - 0.05, w, h: bottom - top + 0.1, fill: { color: hex(tint(i % 2 ? brand.accent : brand.primary, 0.93)) }, line: { color: 'FFFFFF', width: 0.5 } });
      slide.addText(ph.name, { x, y: TOP, w, h: 0.3, fontFace: FONT, fontSize: 11, bold: true, color: hex(brand.primary), align: 'center', fit: 'shrink' });
    });
    // the month scale
    for (let m = 0; m <= end; m += step) {
      slide.addShape(ctx.pptx.ShapeType.line, { x: monthX(m), y: top - 0.05, w: 0, h: bottom - top + 0.15, line: { color: 'CBD5E1', width: 0.5, dashType: 'dash' } });
      slide.addText(d.month(m), { x: monthX(m) - 0.3, y: bottom + 0.1, w: 0.6, h: 0.25, fontFace: FONT, fontSize: 9, color: MUTED, align: 'center' });
    }
    rows.forEach((item, r) => {
      const y = top + r * rowH;
      slide.addText(shorten(item.title, 60), { x: X, y, w: labelW - 0.15, h: rowH, fontFace: FONT, fontSize: 11, color: INK, valign: 'middle', fit: 'shrink' });
      const x = monthX(item.start_month);
      const w = Math.max(0.08, monthX(item.end_month) - x);
      const colour = colours[(phaseIndex.get(item.phase_id) ?? 0) % colours.length]!;
      slide.addShape(ctx.pptx.ShapeType.roundRect, { x, y: y + rowH * 0.18, w, h: rowH * 0.64, fill: { color: hex(colour) }, line: { color: hex(colour) }, rectRadius: 0.05 });
      if (item.owner && w > 0.7) slide.addText(shorten(item.owner, 24), { x, y: y + rowH * 0.18, w, h: rowH * 0.64, fontFace: FONT, fontSize: 9, color: hex(textColourOn(colour)), align: 'center', valign: 'middle', fit: 'shrink' });
    });
    slide.addNotes(rows.map((i) => `${i.title}: ${d.month(i.start_month)}–${d.month(i.end_month)}${i.owner ? ` (${i.owner})` : ''}`).join('\n'));
  }
}

function titleSlide(ctx: Ctx): void {
  const { cover: c, brand } = ctx.model;
  const slide = ctx.pptx.addSlide();
  slide.background = { color: hex(brand.primary) };
  const on = hex(brand.onPrimary);
  const logo = brand.logo;
  if (logo && logo.width > 0 && logo.height > 0) {
    const scale = Math.min(2.6 / logo.width, 1.0 / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    let png: Uint8Array | null = logo.bytes;
    try {
      if (logo.kind === 'svg') png = ctx.charts.svgToPng(new TextDecoder().decode(logo.bytes), Math.round(w * 200));
    } catch {
      png = null; // a logo that cannot be drawn is left out
    }
    const mime = logo.kind === 'jpg' ? 'image/jpeg' : 'image/png';
    if (png) slide.addShape(ctx.pptx.ShapeType.roundRect, { x: X - 0.15, y: 0.45, w: w + 0.3, h: h + 0.3, fill: { color: 'FFFFFF' }, line: { color: 'FFFFFF' }, rectRadius: 0.06 });
    if (png) slide.addImage({ data: `${mime};base64,${Buffer.from(png).toString('base64')}`, x: X, y: 0.6, w, h, altText: c.client || c.title });
  }
  slide.addText(c.title, { x: X, y: 2.3, w: CW, h: 1.5, fontFace: FONT, fontSize: 40, bold: true, color: on, valign: 'bottom', fit: 'shrink' });
  if (c.subtitle) slide.addText(c.subtitle, { x: X, y: 3.85, w: CW, h: 0.6, fontFace: FONT, fontSize: 22, color: on });
  if (brand.secondary) slide.addShape(ctx.pptx.ShapeType.rect, { x: X, y: 4.6, w: 2.2, h: 0.08, fill: { color: hex(brand.secondary) }, line: { color: hex(brand.secondary) } });
  const lines = [c.client && d.preparedFor(c.client), c.date, c.preparedBy && d.preparedBy(c.preparedBy)].filter((line): line is string => Boolean(line));
  slide.addText(lines.map((t) => ({ text: t, options: { breakLine: true } })), { x: X, y: 4.85, w: CW, h: 1.2, fontFace: FONT, fontSize: 16, color: on, valign: 'top' });
  if (c.confidentiality) slide.addText(c.confidentiality, { x: X, y: H - 0.8, w: CW, h: 0.4, fontFace: FONT, fontSize: 11, italic: true, color: on });
}

function contentsSlide(ctx: Ctx): void {
  const slide = contentSlide(ctx, d.contents);
  slide.addText(
    ctx.model.sections.map((s) => ({ text: `${s.number}. ${s.title}`, options: { fontSize: 20, color: INK, breakLine: true, paraSpaceAfter: 8 } })),
    { x: X, y: TOP, w: CW, h: H - TOP - 0.8, fontFace: FONT, valign: 'top', fit: 'shrink' },
  );
}

/** The sources: each cited source once, with the numbers of the citations that quote it (the passages are in the notes). */
export function sourceList(model: ExportModel): { source: string; numbers: number[] }[] {
  const bySource = new Map<string, number[]>();
  for (const c of model.citations) {
    const source = citationNote(c).source;
    bySource.set(source, [...(bySource.get(source) ?? []), c.n]);
  }
  return [...bySource].map(([source, numbers]) => ({ source, numbers }));
}

function sourcesSlides(ctx: Ctx): void {
  const all = sourceList(ctx.model);
  for (let p = 0; p * SLIDE_LIMITS.sourcesPerSlide < all.length; p++) {
    const page = all.slice(p * SLIDE_LIMITS.sourcesPerSlide, (p + 1) * SLIDE_LIMITS.sourcesPerSlide);
    const slide = contentSlide(ctx, p === 0 ? d.sources : d.continued(d.sources));
    slide.addText(
      page.map((s) => ({ text: `${s.source}: [${s.numbers.join('] [')}]`, options: { fontSize: 14, color: INK, bullet: { code: '25A0' }, breakLine: true, paraSpaceAfter: 6 } })),
      { x: X, y: TOP, w: CW, h: H - TOP - 0.8, fontFace: FONT, valign: 'top', fit: 'shrink' },
    );
    const numbers = page.flatMap((s) => s.numbers);
    slide.addNotes(notesFor(ctx, numbers));
  }
}

function defineMaster(ctx: Ctx): void {
  const { model, pptx } = ctx;
  const footer = model.cover.client ? `${model.title} · ${model.cover.client}` : model.title;
  const logo = model.brand.logo;
  const objects: PptxGenJS.SlideMasterProps['objects'] = [
    { rect: { x: 0, y: 0, w: W, h: 0.12, fill: { color: hex(model.brand.primary) } } },
    { line: { x: X, y: 1.2, w: 1.2, h: 0, line: { color: hex(model.brand.accent), width: 2.5 } } },
    { text: { text: shorten(footer, 120), options: { x: X, y: H - 0.5, w: CW - 1.5, h: 0.3, fontFace: FONT, fontSize: 10, color: MUTED } } },
  ];
  if (logo && logo.width > 0 && logo.height > 0) {
    const scale = Math.min(1.3 / logo.width, 0.55 / logo.height);
    let bytes: Uint8Array | null = logo.bytes;
    try {
      if (logo.kind === 'svg') bytes = ctx.charts.svgToPng(new TextDecoder().decode(logo.bytes), Math.round(logo.width * scale * 200));
    } catch {
      bytes = null; // a logo that cannot be drawn is left out
    }
    const mime = logo.kind === 'jpg' ? 'image/jpeg' : 'image/png';
    if (bytes) objects.push({ image: { x: W - X - logo.width * scale, y: 0.42, w: logo.width * scale, h: logo.height * scale, data: `${mime};base64,${Buffer.from(bytes).toString('base64')}` } });
  }
  pptx.defineSlideMaster({
    title: 'CONTENT',
    background: { color: 'FFFFFF' },
    objects,
    slideNumber: { x: W - X - 0.6, y: H - 0.5, w: 0.6, h: 0.3, fontFace: FONT, fontSize: 10, color: MUTED, align: 'right' },
  });
}

export async function renderPptx(model: ExportModel, charts: ChartRenderer): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = model.title;
  pptx.subject = model.cover.subtitle || model.title;
  pptx.author = model.cover.preparedBy || model.providerName;
  pptx.company = model.providerName;
  const ctx: Ctx = { pptx, model, charts };
  defineMaster(ctx);
  titleSlide(ctx);
  contentsSlide(ctx);
  for (const s of model.sections) {
    const gantt = s.key === 'roadmap' && model.roadmap !== null;
    if (gantt) ganttSlides(ctx, `${s.number}. ${s.title}`, model.roadmap!);
    for (const g of groupsOf(s, gantt)) {
      if (g.points.length) pointSlides(ctx, g);
      for (const v of g.visuals) {
        if (v.kind === 'table') tableSlides(ctx, g.title, v);
        else if (v.kind === 'figure') figureSlide(ctx, g.title, v);
        else if (v.kind === 'swot') swotSlide(ctx, g.title, v);
      }
    }
  }
  if (model.citations.length) sourcesSlides(ctx);
  const out = (await pptx.write({ outputType: 'nodebuffer', compression: true })) as Buffer;
  return new Uint8Array(out);
}
