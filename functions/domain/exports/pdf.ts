/**
 * The PDF (pdfkit, no browser): DejaVu Sans embedded (subset), so the text is selectable and every script in
 * the fonts prints; a cover in the brand colours with the logo; a contents page with page numbers that link to
 * the headings; bookmarks (the outline) for every section and sub-heading; charts drawn from the visuals' SVG
 * as vectors (svg-to-pdfkit); tables with explicit widths; numbered citation notes at the end of each
 * section; a running header and "Page X of Y".
 *
 * On a firm's Word template the PDF takes the template's look instead (word-look.ts): its page size and
 * margins, its body and heading fonts (the template's own where the system has them, else a metric-compatible
 * stand-in or DejaVu, named in the export's notes: pdf-fonts.ts), sizes and colours, a cover in its Title look,
 * and its header and footer text and logo on every page after the cover; none of our brand's colours.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { create as createFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { tint } from '@shared/domain/brand';
import { exportsTexts } from '@shared/messages/exports';
import { chartRenderer, type ChartRenderer } from './charts';
import type { ExportTemplate } from './export-template';
import { chooseFont, type Face, type FontChoice } from './pdf-fonts';
import { firmBrand as themeBrand, themePalette } from './pptx/template/restyle';
import { wordLook, type TextLook, type WordLook } from './word-look';
import type { Block, FigureBlock, Run, SwotBlock } from './blocks';
import { citationNote, type ExportBrand, type ExportModel, type ExportSection, fitWidths, longestWords } from './model';

const d = exportsTexts.document;

// ── fonts ──────────────────────────────────────────────────────────────────────────────────────────────

/** The bundled DejaVu faces: the built-in design's, and the stand-in where a template's font is not on the system. */
const DEJAVU = {
  sans: { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf', boldItalic: 'DejaVuSans-BoldOblique.ttf' },
  serif: { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf', italic: 'DejaVuSerif-Italic.ttf', boldItalic: 'DejaVuSerif-BoldItalic.ttf' },
  mono: 'DejaVuSansMono.ttf',
} as const;
/** Two families per document: the body's (`Sans`) and the headings' (`Head`); each in four faces; and `Mono`. */
type Family = 'Sans' | 'Head';
type FontName = `${Family}${'' | '-Bold' | '-Oblique' | '-BoldOblique'}` | 'Mono';
const FACE_NAMES: Record<Face, string> = { regular: '', bold: '-Bold', italic: '-Oblique', boldItalic: '-BoldOblique' };

/** Beside the bundle in a deployed function (the build copies them), else from node_modules. */
function fontPath(file: string): string {
  const beside = new URL(`./${file}`, import.meta.url);
  if (beside.protocol === 'file:' && existsSync(beside)) return fileURLToPath(beside);
  return createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
}

const dejavuFiles = (serif: boolean): Record<Face, string> => {
  const faces = serif ? DEJAVU.serif : DEJAVU.sans;
  return { regular: fontPath(faces.regular), bold: fontPath(faces.bold), italic: fontPath(faces.italic), boldItalic: fontPath(faces.boldItalic) };
};

/**
 * The fonts, parsed once per process (fontkit) by file and shared by every document: parsing a font's tables
 * is most of the cost of a PDF otherwise. pdfkit embeds a fresh subset of a shared font in each document.
 */
const parsedFonts = new Map<string, unknown>();
const parsedFont = (path: string): unknown => {
  let font = parsedFonts.get(path);
  if (font === undefined) {
    font = createFont(readFileSync(path));
    parsedFonts.set(path, font);
  }
  return font;
};

/** The font files of a document: each family's four faces, and the mono face. */
function documentFonts(body: Record<Face, string>, head: Record<Face, string>): Record<FontName, unknown> {
  const out: Partial<Record<FontName, unknown>> = { Mono: parsedFont(fontPath(DEJAVU.mono)) };
  for (const [family, files] of [['Sans', body], ['Head', head]] as const) {
    for (const face of Object.keys(FACE_NAMES) as Face[]) out[`${family}${FACE_NAMES[face]}` as FontName] = parsedFont(files[face]);
  }
  return out as Record<FontName, unknown>;
}

// ── geometry (points) ──────────────────────────────────────────────────────────────────────────────────

const BUILT_IN = {
  page: { width: 595.28, height: 841.89 },
  margin: { top: 72, bottom: 72, left: 64, right: 64 },
  size: { body: 10.5, small: 8.5, h1: 20, h2: 14, h3: 12, h4: 11 },
} as const;
/**
 * The frame of the document being drawn (the built-in one, or a firm template's page and sizes). Set at the
 * start of renderPdf, which draws every page synchronously, so no other document is drawn meanwhile.
 */
let PAGE: { width: number; height: number } = BUILT_IN.page;
let MARGIN: { top: number; bottom: number; left: number; right: number } = BUILT_IN.margin;
let CONTENT = PAGE.width - MARGIN.left - MARGIN.right;
let BOTTOM = PAGE.height - MARGIN.bottom;
let SIZE: { body: number; small: number; h1: number; h2: number; h3: number; h4: number } = BUILT_IN.size;

function useFrame(look: WordLook | undefined): void {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  PAGE = look ? look.page : BUILT_IN.page;
  MARGIN = look ? { top: look.margins.top, bottom: look.margins.bottom, left: look.margins.left, right: look.margins.right } : BUILT_IN.margin;
  CONTENT = PAGE.width - MARGIN.left - MARGIN.right;
  BOTTOM = PAGE.height - MARGIN.bottom;
  if (!look) {
    SIZE = BUILT_IN.size;
    return;
  }
  const body = clamp(look.body.size, 8, 14);
  const [h1, h2, h3, h4] = look.headings.map((h) => clamp(h.size, body, 32)) as [number, number, number, number];
  SIZE = { body, small: Math.max(7, body * 0.8), h1, h2, h3, h4 };
}
const LINE_GAP = 2.5;
const INDENT = 16;
const INK = '#1e293b';
const MUTED = '#64748b';
const RULE = '#cbd5e1';

type Doc = PDFKit.PDFDocument;

/** How a heading (1–4) or the cover's title is set. */
interface HeadLook {
  family: Family;
  size: number;
  bold: boolean;
  italic: boolean;
  color: string;
  caps: boolean;
}

interface Ctx {
  doc: Doc;
  model: ExportModel;
  charts: ChartRenderer;
  /** headings 1–4 (index 0–3) and the cover's title */
  heads: HeadLook[];
  title: HeadLook;
  /** the firm template's look, when the PDF follows one */
  firm?: WordLook;
  /** contents entries: text, level, the page index they landed on, their anchor */
  toc: { text: string; level: 1 | 2; page: number; anchor: string }[];
  /** the bookmark of the section being written (sub-headings go under it) */
  currentOutline?: PDFKit.PDFOutline;
}

const pageIndex = (doc: Doc) => {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
};

function ensureSpace(ctx: Ctx, height: number): void {
  if (ctx.doc.y + height > BOTTOM) ctx.doc.addPage();
}

// ── inline ─────────────────────────────────────────────────────────────────────────────────────────────

interface Segment {
  text: string;
  font: FontName;
  color: string;
  link?: string;
  strike?: boolean;
}

const faceOf = (family: Family, bold?: boolean, italic?: boolean): FontName =>
  bold && italic ? `${family}-BoldOblique` : bold ? `${family}-Bold` : italic ? `${family}-Oblique` : family;

function fontFor(run: Pick<Run, 'bold' | 'italic' | 'code'>, base: { bold?: boolean; italic?: boolean; family?: Family }): FontName {
  if (run.code) return 'Mono';
  return faceOf(base.family ?? 'Sans', run.bold || base.bold, run.italic || base.italic);
}

function segments(runs: readonly Run[], ctx: Ctx, base: { bold?: boolean; italic?: boolean; color?: string; family?: Family } = {}): Segment[] {
  const out: Segment[] = [];
  for (const r of runs) {
    if (r.citation !== undefined) out.push({ text: `[${r.citation}]`, font: 'Sans', color: ctx.model.brand.primary });
    else if (r.break) out.push({ text: '\n', font: fontFor({}, base), color: base.color ?? INK });
    else if (r.text) out.push({ text: r.text, font: fontFor(r, base), color: r.link ? '#1d4ed8' : (base.color ?? INK), ...(r.link ? { link: r.link } : {}), ...(r.strike ? { strike: true } : {}) });
  }
  return out;
}

/** Writes runs as one paragraph at (x, y) within `width`; returns the y below it. */
function writeRuns(ctx: Ctx, runs: readonly Run[], at: { x: number; y: number; width: number; size?: number; align?: 'left' | 'right' | 'center'; bold?: boolean; italic?: boolean; color?: string; family?: Family }): number {
  const { doc } = ctx;
  const segs = segments(runs, ctx, at);
  if (!segs.length) return at.y;
  doc.fontSize(at.size ?? SIZE.body);
  segs.forEach((s, i) => {
    doc.font(s.font).fillColor(s.color);
    const options: PDFKit.Mixins.TextOptions = {
      continued: i < segs.length - 1,
      width: at.width,
      lineGap: LINE_GAP,
      align: at.align ?? 'left',
      link: s.link ?? null,
      underline: Boolean(s.link),
      strike: Boolean(s.strike),
    };
    if (i === 0) doc.text(s.text, at.x, at.y, options);
    else doc.text(s.text, options);
  });
  doc.fillColor(INK);
  return doc.y;
}

/** Height of runs laid out in `width` (measured in the boldest face they use, so it never comes out short). */
function runsHeight(ctx: Ctx, runs: readonly Run[], width: number, size = SIZE.body, bold = false, family: Family = 'Sans'): number {
  const text = runs.map((r) => (r.citation !== undefined ? `[${r.citation}]` : r.break ? '\n' : r.text)).join('');
  if (!text) return 0;
  ctx.doc.font(bold || runs.some((r) => r.bold) ? faceOf(family, true) : runs.some((r) => r.code) ? 'Mono' : family).fontSize(size);
  return ctx.doc.heightOfString(text, { width, lineGap: LINE_GAP });
}

// ── blocks ─────────────────────────────────────────────────────────────────────────────────────────────

function paragraph(ctx: Ctx, runs: readonly Run[], x: number, width: number, opts: { italic?: boolean; color?: string } = {}): void {
  const h = runsHeight(ctx, runs, width);
  ensureSpace(ctx, Math.min(h, 3 * (SIZE.body + LINE_GAP) + 4));
  ctx.doc.y = writeRuns(ctx, runs, { x, y: ctx.doc.y, width, ...opts }) + 6;
}

function heading(ctx: Ctx, b: Extract<Block, { kind: 'heading' }>, x: number, width: number): void {
  const look = ctx.heads[b.level - 1]!;
  const size = look.size;
  const runs: Run[] = (b.number ? [{ text: `${b.number} ` }, ...b.runs] : b.runs).map((r) => (look.caps && r.text ? { ...r, text: r.text.toUpperCase() } : r));
  ensureSpace(ctx, size * 4);
  ctx.doc.y += b.level === 2 ? 8 : 4;
  const { doc } = ctx;
  doc.addNamedDestination(b.anchor);
  if (b.level === 2) ctx.toc.push({ text: `${b.number} ${b.text}`, level: 2, page: pageIndex(doc), anchor: b.anchor });
  ctx.currentOutline?.addItem(`${b.number ? `${b.number} ` : ''}${b.text}`);
  doc.y = writeRuns(ctx, runs, { x, y: doc.y, width, size, bold: look.bold, italic: look.italic, color: look.color, family: look.family }) + 4;
}

function table(ctx: Ctx, b: Extract<Block, { kind: 'table' }>, x: number, width: number): void {
  const { doc, model } = ctx;
  const pad = 4;
  const size = 9;
  // no column narrower than its longest word, measured in the font it is set in
  const measure = (word: string, bold: boolean) => doc.font(faceOf('Sans', bold)).fontSize(size).widthOfString(word);
  const mins = longestWords(b.header, b.rows).map((c) => Math.max(measure(c.head, true), ...c.body.map((w) => measure(w, false))) + 2 * pad + 1);
  const widths = fitWidths(b.weights, mins, width);
  const rowHeight = (cells: Run[][], head: boolean) => Math.max(...cells.map((c, i) => runsHeight(ctx, c, widths[i]! - 2 * pad, size, head)), size) + 2 * pad;
  const drawRow = (cells: Run[][], head: boolean, stripe: boolean) => {
    const h = rowHeight(cells, head);
    if (doc.y + h > BOTTOM) {
      doc.addPage();
      if (!head) drawRow(b.header, true, false);
    }
    const y = doc.y;
    let cx = x;
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      if (head) doc.rect(cx, y, w, h).fill(model.brand.primary);
      else if (stripe) doc.rect(cx, y, w, h).fill(model.brand.wash);
      doc.rect(cx, y, w, h).lineWidth(0.5).strokeColor(RULE).stroke();
      const align = b.align[i] === 'right' ? 'right' : b.align[i] === 'center' ? 'center' : 'left';
      writeRuns(ctx, cell, { x: cx + pad, y: y + pad, width: w - 2 * pad, size, align, bold: head, color: head ? model.brand.onPrimary : INK });
      cx += w;
    });
    doc.y = y + h;
  };
  ensureSpace(ctx, rowHeight(b.header, true) + (b.rows[0] ? rowHeight(b.rows[0], false) : 0));
  drawRow(b.header, true, false);
  b.rows.forEach((row, r) => drawRow(row, false, r % 2 === 1));
  doc.x = x;
  doc.y += 10;
}

function swot(ctx: Ctx, b: SwotBlock, x: number, width: number): void {
  const { doc, model } = ctx;
  const gap = 6;
  const w = (width - gap) / 2;
  const pad = 8;
  const fills = [tint(model.brand.primary, 0.86), tint(model.brand.accent, 0.8), tint(model.brand.primary, 0.93), tint(model.brand.accent, 0.9)];
  const itemsHeight = (q: SwotBlock['quadrants'][number]) =>
    SIZE.h3 + 6 + (q.items.length ? q.items.reduce((s, item) => s + runsHeight(ctx, item, w - 2 * pad - 10, 9) + 3, 0) : 12);
  for (const row of [0, 2]) {
    const quads = [b.quadrants[row]!, b.quadrants[row + 1]!];
    const h = Math.max(...quads.map(itemsHeight)) + 2 * pad;
    ensureSpace(ctx, Math.min(h, BOTTOM - MARGIN.top));
    const y = doc.y;
    quads.forEach((q, i) => {
      const qx = x + i * (w + gap);
      doc.roundedRect(qx, y, w, h, 4).fill(fills[row + i]);
      doc.font('Sans-Bold').fontSize(SIZE.h3).fillColor(model.brand.primary).text(q.title, qx + pad, y + pad, { width: w - 2 * pad, lineBreak: false });
      let iy = y + pad + SIZE.h3 + 6;
      if (!q.items.length) {
        doc.font('Sans').fontSize(9).fillColor(MUTED).text('–', qx + pad, iy, { lineBreak: false });
      }
      for (const item of q.items) {
        doc.font('Sans').fontSize(9).fillColor(INK).text('•', qx + pad, iy, { lineBreak: false });
        iy = writeRuns(ctx, item, { x: qx + pad + 10, y: iy, width: w - 2 * pad - 10, size: 9 }) + 3;
      }
    });
    doc.y = y + h + gap;
  }
  doc.x = x;
  doc.y += 6;
}

function figure(ctx: Ctx, b: FigureBlock, x: number, width: number): void {
  const { doc } = ctx;
  if (!b.figure) {
    paragraph(ctx, [{ text: d.visualMissing(b.caption), italic: true }], x, width, { color: MUTED });
    return;
  }
  const w = Math.min(width, CONTENT);
  const h = (w * 450) / 800;
  ensureSpace(ctx, h + 30);
  const y = doc.y + 4;
  SVGtoPDF(doc, ctx.charts.svg(b.figure), x + (width - w) / 2, y, {
    width: w,
    height: h,
    preserveAspectRatio: 'xMidYMid meet',
    // fonts: ours; never read a file or a URL an SVG might name
    fontCallback: (_family, bold, italic) => (bold && italic ? 'Sans-BoldOblique' : bold ? 'Sans-Bold' : italic ? 'Sans-Oblique' : 'Sans'),
    imageCallback: () => '',
    documentCallback: () => '',
  });
  doc.y = y + h + 4;
  doc.font('Sans-Oblique').fontSize(SIZE.small).fillColor(MUTED).text(d.figure(b.n, b.caption || b.figure.visual.title), x, doc.y, { width, align: 'center' });
  doc.fillColor(INK);
  doc.x = x;
  doc.y += 10;
}

function blocks(ctx: Ctx, list: readonly Block[], x: number, width: number): void {
  const { doc } = ctx;
  for (const b of list) {
    switch (b.kind) {
      case 'heading':
        heading(ctx, b, x, width);
        break;
      case 'paragraph':
        paragraph(ctx, b.runs, x, width);
        break;
      case 'list':
        b.items.forEach((item, i) => {
          const marker = b.ordered ? `${b.start + i}.` : '•';
          ensureSpace(ctx, SIZE.body * 2);
          const y = doc.y;
          doc.font('Sans').fontSize(SIZE.body).fillColor(INK).text(marker, x, y, { width: INDENT + 4, lineBreak: false });
          doc.y = y;
          const [first, ...rest] = item;
          if (first?.kind === 'paragraph') {
            doc.y = writeRuns(ctx, first.runs, { x: x + INDENT + 4, y, width: width - INDENT - 4 }) + 3;
            blocks(ctx, rest, x + INDENT + 4, width - INDENT - 4);
          } else blocks(ctx, item, x + INDENT + 4, width - INDENT - 4);
        });
        doc.y += 4;
        break;
      case 'table':
        table(ctx, b, x, width);
        break;
      case 'swot':
        swot(ctx, b, x, width);
        break;
      case 'quote': {
        const top = doc.y;
        const page = pageIndex(doc);
        blocks(ctx, b.blocks.map((q) => (q.kind === 'paragraph' ? { ...q, runs: q.runs.map((r) => ({ ...r, italic: true })) } : q)), x + 14, width - 14);
        if (pageIndex(doc) === page) doc.rect(x + 2, top, 3, Math.max(0, doc.y - top - 6)).fill(ctx.model.brand.accent);
        break;
      }
      case 'code': {
        doc.font('Mono').fontSize(8.5);
        const h = doc.heightOfString(b.text || ' ', { width: width - 12 }) + 10;
        ensureSpace(ctx, Math.min(h, 120));
        const y = doc.y;
        if (y + h <= BOTTOM) doc.rect(x, y, width, h).fill('#f1f5f9');
        doc.fillColor(INK).font('Mono').fontSize(8.5).text(b.text || ' ', x + 6, y + 5, { width: width - 12 });
        doc.y += 10;
        break;
      }
      case 'rule':
        ensureSpace(ctx, 12);
        doc.moveTo(x, doc.y + 4).lineTo(x + width, doc.y + 4).lineWidth(0.5).strokeColor(RULE).stroke();
        doc.y += 12;
        break;
      case 'figure':
        figure(ctx, b, x, width);
        break;
    }
    doc.x = x;
  }
}

function notes(ctx: Ctx, s: ExportSection): void {
  if (!s.citations.length) return;
  const { doc } = ctx;
  ensureSpace(ctx, 40);
  doc.y += 6;
  doc.moveTo(MARGIN.left, doc.y).lineTo(MARGIN.left + 120, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.y += 6;
  const head = ctx.heads[3]!;
  doc.font(faceOf(head.family, head.bold, head.italic)).fontSize(SIZE.h4).fillColor(head.color).text(d.notes, MARGIN.left, doc.y, { width: CONTENT });
  doc.y += 2;
  for (const n of s.citations) {
    const c = ctx.model.citations[n - 1];
    if (!c) continue;
    const note = citationNote(c);
    const runs: Run[] = [{ text: `${n}. ` }, { text: note.source, bold: true }, ...(note.quote ? [{ text: `: “${note.quote}”` }] : [])];
    ensureSpace(ctx, 24);
    doc.y = writeRuns(ctx, runs, { x: MARGIN.left, y: doc.y, width: CONTENT, size: SIZE.small, color: '#334155' }) + 2;
  }
}

// ── pages ──────────────────────────────────────────────────────────────────────────────────────────────

function cover(ctx: Ctx): void {
  const { doc, model } = ctx;
  const { cover: c, brand } = model;
  const bandTop = 250;
  const bandHeight = 230;
  doc.rect(0, bandTop, PAGE.width, bandHeight).fill(brand.primary);
  if (brand.secondary) doc.rect(0, bandTop + bandHeight, PAGE.width, 8).fill(brand.secondary);
  const logo = brand.logo;
  if (logo && logo.width > 0 && logo.height > 0) {
    const scale = Math.min(180 / logo.width, 80 / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    try {
      if (logo.kind === 'svg') {
        SVGtoPDF(doc, new TextDecoder().decode(logo.bytes), MARGIN.left, 120, { width: w, height: h, preserveAspectRatio: 'xMinYMid meet', imageCallback: () => '', documentCallback: () => '', fontCallback: () => 'Sans' });
      } else {
        doc.image(Buffer.from(logo.bytes), MARGIN.left, 120, { fit: [w, h] });
      }
    } catch {
      // a logo that cannot be drawn is left out; the cover stands without it
    }
  }
  doc.font('Sans-Bold').fontSize(28).fillColor(brand.onPrimary).text(c.title, MARGIN.left, bandTop + 48, { width: CONTENT, lineGap: 4 });
  if (c.subtitle) doc.font('Sans').fontSize(15).fillColor(brand.onPrimary).text(c.subtitle, MARGIN.left, doc.y + 10, { width: CONTENT });
  let y = bandTop + bandHeight + 48;
  doc.fillColor(INK);
  if (c.client) {
    doc.font('Sans-Bold').fontSize(13).text(d.preparedFor(c.client), MARGIN.left, y, { width: CONTENT });
    y = doc.y + 6;
  }
  if (c.date) {
    doc.font('Sans').fontSize(12).text(c.date, MARGIN.left, y, { width: CONTENT });
    y = doc.y + 6;
  }
  if (c.preparedBy) doc.font('Sans').fontSize(12).text(d.preparedBy(c.preparedBy), MARGIN.left, y, { width: CONTENT });
  if (c.confidentiality) doc.font('Sans-Oblique').fontSize(9).fillColor(MUTED).text(c.confidentiality, MARGIN.left, PAGE.height - 110, { width: CONTENT, lineBreak: true });
  doc.fillColor(INK);
}

const TOC_PER_PAGE = 34;

function contentsPages(ctx: Ctx): number[] {
  const entries = ctx.model.sections.reduce((n, s) => n + 1 + s.blocks.filter((b) => b.kind === 'heading' && b.level === 2).length, 0);
  const pages: number[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(entries / TOC_PER_PAGE)); i++) {
    ctx.doc.addPage();
    pages.push(pageIndex(ctx.doc));
  }
  return pages;
}

function fillContents(ctx: Ctx, pages: number[]): void {
  const { doc } = ctx;
  ctx.toc.forEach((entry, i) => {
    const page = pages[Math.floor(i / TOC_PER_PAGE)];
    if (page === undefined) return;
    doc.switchToPage(page);
    let y = MARGIN.top + (i % TOC_PER_PAGE) * 18;
    if (i % TOC_PER_PAGE === 0) {
      const head = ctx.heads[0]!;
      doc.font(faceOf(head.family, head.bold, head.italic)).fontSize(SIZE.h1).fillColor(head.color).text(d.contents, MARGIN.left, MARGIN.top, { width: CONTENT, lineBreak: false });
    }
    y += 44;
    const indent = entry.level === 1 ? 0 : 18;
    const label = String(entry.page + 1); // pages are counted from the cover, as the footers count them
    doc.font(entry.level === 1 ? 'Sans-Bold' : 'Sans').fontSize(entry.level === 1 ? 11 : 10).fillColor(INK);
    const numberWidth = doc.widthOfString(label);
    const textWidth = CONTENT - indent - numberWidth - 24;
    doc.text(entry.text, MARGIN.left + indent, y, { width: textWidth, lineBreak: false, ellipsis: true, goTo: entry.anchor });
    const textEnd = MARGIN.left + indent + Math.min(textWidth, doc.widthOfString(entry.text));
    doc.moveTo(textEnd + 4, y + 9).lineTo(MARGIN.left + CONTENT - numberWidth - 4, y + 9).dash(1, { space: 2 }).lineWidth(0.5).strokeColor(RULE).stroke().undash();
    doc.text(label, MARGIN.left + CONTENT - numberWidth, y, { width: numberWidth, lineBreak: false, goTo: entry.anchor });
  });
}

function frame(ctx: Ctx): void {
  const { doc, model } = ctx;
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const header = model.cover.client ? `${model.title} · ${model.cover.client}` : model.title;
    doc.font('Sans').fontSize(7.5).fillColor(MUTED).text(header, MARGIN.left, 40, { width: CONTENT, align: 'right', lineBreak: false, ellipsis: true });
    doc.moveTo(MARGIN.left, 52).lineTo(PAGE.width - MARGIN.right, 52).lineWidth(0.5).strokeColor(model.brand.primary).stroke();
    const footerY = PAGE.height - 44;
    if (model.cover.confidentiality) doc.text(model.cover.confidentiality, MARGIN.left, footerY, { width: CONTENT - 90, lineBreak: false, ellipsis: true });
    doc.text(d.page(i - range.start + 1, total), MARGIN.left, footerY, { width: CONTENT, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

// ── a firm's Word template ─────────────────────────────────────────────────────────────────────────────

/** A firm template's look and the fonts it is set in, once per template and version (its key), per container. */
interface FirmDesign {
  look: WordLook;
  body: FontChoice;
  head: FontChoice;
  /** what the export says about the fonts: each stand-in, named */
  notes: string[];
}
const DESIGNS_MAX = 4;
const designs = new Map<string, FirmDesign>();

function firmDesign(template: ExportTemplate): FirmDesign {
  const cached = template.key ? designs.get(template.key) : undefined;
  if (cached) return cached;
  const look = wordLook(template.bytes);
  const body = chooseFont(look.body.font, dejavuFiles);
  const head = look.headings[0].font === look.body.font ? body : chooseFont(look.headings[0].font, dejavuFiles);
  const notes = [...new Map([body, head].filter((f) => f.standIn !== 'none').map((f) => [f.asked, f])).values()].map((f) => exportsTexts.pdfFontStandIn(f.asked, f.used, f.standIn === 'metric'));
  const out = { look, body, head, notes };
  if (template.key) {
    if (designs.size >= DESIGNS_MAX) designs.delete(designs.keys().next().value!);
    designs.set(template.key, out);
  }
  return out;
}

/** What the export's notes say of a PDF on a Word template: the fonts set in a stand-in. */
export function pdfNotes(template: ExportTemplate | undefined): string[] {
  return template?.kind === 'docx' ? firmDesign(template).notes : [];
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The colours we draw with on a firm's template: its heading colours (or its text colour), never our brand's. */
function firmBrand(look: WordLook): ExportBrand {
  const ink = look.body.color ?? INK;
  const primary = look.headings[0].color ?? look.title.color ?? ink;
  const accent = look.headings[1].color ?? primary;
  return { primary, secondary: '', accent, onPrimary: luminance(primary) > 0.4 ? '#000000' : '#ffffff', wash: tint(primary, 0.92), ink, logo: null };
}

function headLook(t: TextLook, family: Family, size: number, fallbackColor: string): HeadLook {
  return { family, size, bold: t.bold, italic: t.italic, color: t.color ?? fallbackColor, caps: t.caps };
}

/** The cover on a firm's template: the report's title in its Title look, then subtitle, client, date, author. */
function firmCover(ctx: Ctx, look: WordLook): void {
  const { doc, model } = ctx;
  const c = model.cover;
  const logo = look.header?.picture;
  if (logo && logo.width > 0 && logo.height > 0) {
    try {
      doc.image(Buffer.from(logo.bytes), MARGIN.left, MARGIN.top, { fit: [Math.min(logo.width * 1.5, CONTENT / 2), Math.min(logo.height * 1.5, 90)] });
    } catch {
      // a picture pdfkit cannot read is left out; the cover stands without it
    }
  }
  const t = ctx.title;
  const titleText = t.caps ? c.title.toUpperCase() : c.title;
  doc.font(faceOf(t.family, t.bold, t.italic)).fontSize(t.size).fillColor(t.color).text(titleText, MARGIN.left, PAGE.height * 0.3, { width: CONTENT, lineGap: 4 });
  let y = doc.y + 16;
  const sub = ctx.heads[1]!;
  const line = (text: string, size: number, opts: { bold?: boolean; italic?: boolean; color?: string } = {}) => {
    if (!text) return;
    doc.font(faceOf('Sans', opts.bold, opts.italic)).fontSize(size).fillColor(opts.color ?? model.brand.ink).text(text, MARGIN.left, y, { width: CONTENT });
    y = doc.y + 6;
  };
  line(c.subtitle, Math.max(SIZE.h2, SIZE.body + 3), { color: sub.color });
  line(c.client ? d.preparedFor(c.client) : '', SIZE.body + 2, { bold: true });
  line(c.date, SIZE.body + 1);
  line(c.preparedBy ? d.preparedBy(c.preparedBy) : '', SIZE.body + 1);
  if (c.confidentiality) doc.font('Sans-Oblique').fontSize(SIZE.small).fillColor(MUTED).text(c.confidentiality, MARGIN.left, BOTTOM - 40, { width: CONTENT });
  doc.fillColor(model.brand.ink);
}

/**
 * The template's header and footer on a page: its text (tabs spread it left, centre, right; `{PAGE}` the page
 * number) and its picture, where the template places them (the header from the page's top edge, the footer
 * from its bottom edge). A template whose footer shows no page number gets "Page X of Y" at its right.
 */
function firmRunning(ctx: Ctx, look: WordLook, page: number, total: number): void {
  const { doc } = ctx;
  const size = Math.max(7, Math.min(SIZE.small, 9));
  const draw = (r: WordLook['header'], top: number, fromBottom: boolean) => {
    let x = MARGIN.left;
    let textTop = top;
    const lineHeight = size * 1.3;
    const height = Math.max(r?.picture ? r.picture.height : 0, (r?.lines.length ?? 0) * lineHeight);
    const y0 = fromBottom ? top - height : top;
    if (r?.picture && r.picture.width > 0) {
      const w = Math.min(r.picture.width, CONTENT / 3);
      const h = (r.picture.height * w) / r.picture.width;
      // the picture stands before the text, the two aligned together as the paragraph is
      doc.font('Sans').fontSize(size);
      const textWidth = Math.min(CONTENT - w - 8, Math.max(0, ...r.lines.map((l) => doc.widthOfString(l.replace(/\{PAGE\}/g, '00').replace(/\t/g, ' ')))));
      const span = w + (textWidth ? 8 + textWidth : 0);
      const px = r.align === 'right' ? MARGIN.left + CONTENT - span : r.align === 'center' ? MARGIN.left + (CONTENT - span) / 2 : MARGIN.left;
      try {
        doc.image(Buffer.from(r.picture.bytes), px, y0, { width: w, height: h });
        x = px + w + 8;
      } catch {
        // a picture pdfkit cannot read is left out
      }
      textTop = y0 + Math.max(0, (h - (r.lines.length * lineHeight)) / 2);
    } else textTop = y0;
    const width = MARGIN.left + CONTENT - x;
    (r?.lines ?? []).forEach((raw, i) => {
      const text = raw.replace(/\{PAGE\}/g, String(page));
      const parts = text.split('\t').filter((p, k, all) => p || k < all.length - 1);
      const yy = textTop + i * lineHeight;
      doc.font('Sans').fontSize(size).fillColor(MUTED);
      if (parts.length <= 1) doc.text(text.replace(/\t/g, ' '), x, yy, { width, align: r!.picture ? 'left' : r!.align, lineBreak: false, ellipsis: true });
      else {
        const aligns = parts.length === 2 ? (['left', 'right'] as const) : (['left', 'center', 'right'] as const);
        parts.slice(0, 3).forEach((part, k) => doc.text(part, x, yy, { width, align: aligns[k] ?? 'right', lineBreak: false }));
      }
    });
  };
  if (look.header) draw(look.header, Math.min(look.margins.header, MARGIN.top - 20), false);
  const footerTop = PAGE.height - Math.min(look.margins.footer, MARGIN.bottom - 10);
  if (look.footer) draw(look.footer, footerTop, true);
  if (!look.footer?.lines.some((l) => l.includes('{PAGE}'))) {
    doc.font('Sans').fontSize(size).fillColor(MUTED).text(d.page(page, total), MARGIN.left, footerTop - size * 1.3 - (look.footer ? size * 1.6 : 0), { width: CONTENT, align: 'right', lineBreak: false });
  }
}

function firmFrame(ctx: Ctx, look: WordLook): void {
  const { doc } = ctx;
  const range = doc.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    firmRunning(ctx, look, i - range.start + 1, range.count);
    doc.page.margins.bottom = bottom;
  }
}

/** The PDF: on the built-in design, or in the look of the firm's Word template when one is chosen. */
export function renderPdf(model: ExportModel, charts: ChartRenderer, template?: ExportTemplate): Promise<Uint8Array> {
  const design = template?.kind === 'docx' ? firmDesign(template) : undefined;
  const look = design?.look;
  useFrame(look);
  const m: ExportModel = look ? { ...model, brand: firmBrand(look) } : model;
  const data = design ? documentFonts(design.body.files, design.head.files) : documentFonts(dejavuFiles(false), dejavuFiles(false));
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    font: fontPath(DEJAVU.sans.regular),
    pdfVersion: '1.7',
    displayTitle: true,
    lang: 'en',
    info: {
      Title: model.title,
      Author: model.cover.preparedBy || model.providerName,
      Subject: model.cover.subtitle || model.cover.client,
      Creator: model.providerName,
      Producer: model.providerName,
      CreationDate: model.generatedAt,
    },
  });
  // pdfkit takes a parsed fontkit font where it takes a file (PDFFontFactory.open: anything with layout())
  for (const [name, font] of Object.entries(data)) doc.registerFont(name, font as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const builtInHead = (size: number): HeadLook => ({ family: 'Sans', size, bold: true, italic: false, color: m.brand.primary, caps: false });
  const heads = look
    ? [SIZE.h1, SIZE.h2, SIZE.h3, SIZE.h4].map((size, i) => headLook(look.headings[i]!, 'Head', size, m.brand.ink))
    : [SIZE.h1, SIZE.h2, SIZE.h3, SIZE.h4].map(builtInHead);
  const title = look ? headLook(look.title, look.title.font === look.body.font && look.title.font !== look.headings[0].font ? 'Sans' : 'Head', Math.min(40, Math.max(SIZE.h1 + 4, look.title.size)), m.brand.ink) : builtInHead(28);
  // charts on a firm's template are drawn in its theme's colours (Word's own accents where it has no theme)
  const ctx: Ctx = { doc, model: m, charts: look ? chartRenderer(themeBrand(look.themeColours), themePalette(look.themeColours)) : charts, toc: [], heads, title, ...(look ? { firm: look } : {}) };

  doc.addPage();
  if (look) firmCover(ctx, look);
  else cover(ctx);
  const contents = contentsPages(ctx);
  const h1 = heads[0]!;
  for (const s of m.sections) {
    doc.addPage();
    const title = `${s.number}. ${s.title}`;
    doc.addNamedDestination(s.anchor);
    ctx.toc.push({ text: title, level: 1, page: pageIndex(doc), anchor: s.anchor });
    ctx.currentOutline = doc.outline.addItem(title);
    doc.font(faceOf(h1.family, h1.bold, h1.italic)).fontSize(SIZE.h1).fillColor(h1.color).text(h1.caps ? title.toUpperCase() : title, MARGIN.left, MARGIN.top, { width: CONTENT });
    if (!look) doc.moveTo(MARGIN.left, doc.y + 2).lineTo(MARGIN.left + 60, doc.y + 2).lineWidth(2).strokeColor(m.brand.accent).stroke();
    doc.y += look ? 8 : 14;
    doc.fillColor(m.brand.ink);
    blocks(ctx, s.blocks, MARGIN.left, CONTENT);
    notes(ctx, s);
  }
  fillContents(ctx, contents);
  if (look) firmFrame(ctx, look);
  else frame(ctx);
  doc.end();
  return done;
}
