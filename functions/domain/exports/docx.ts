/**
 * The Word document (docx): a cover page in the brand colours with the logo; a table of contents with page
 * numbers; Word's own Heading 1–4 styles (so the consultant can restyle them), numbered by a list attached to
 * the styles; a running header and "Page X of Y"; every citation a real Word footnote (source title and the
 * quoted passage); tables with explicit widths (the SWOT 2×2, metrics, recommendations, roadmap); charts as
 * PNG at print resolution with alt text.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  LineRuleType,
  Packer,
  PageNumber,
  patchDocument,
  PatchType,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableOfContents,
  TableRow,
  TabStopType,
  TextRun,
  VerticalAlign,
  WidthType,
  type FileChild,
  type ILevelsOptions,
  type IRunOptions,
} from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { exportsTexts } from '@shared/messages/exports';
import { tint } from '@shared/domain/brand';
import { CHART_PNG_PX, chartRenderer, type ChartRenderer } from './charts';
import { themeColours } from './pptx/template/inherit';
import { firmBrand, themePalette } from './pptx/template/restyle';
import type { Block, FigureBlock, Run, SwotBlock } from './blocks';
import type { ExportTemplate } from './export-template';
import { withoutOutsideLinks } from './outside-links';
import { sampleToPlaceholders, wordPlaceholders } from './word-sample';
import { altText, citationNote, fitWidths, longestWords, plainText, type ExportModel, type ExportSection } from './model';

const d = exportsTexts.document;

/** A4 in twips, one-inch margins. */
const PAGE = { width: 11906, height: 16838, margin: 1440 };
const CONTENT_TWIPS = PAGE.width - 2 * PAGE.margin;
/** a twip is 1/1440 in; pictures are sized in pixels at 96 per inch */
const twipsToPx = (twips: number) => Math.round((twips / 1440) * 96);

const BODY_FONT = 'Calibri';
const MONO_FONT = 'Courier New';
const CHART_ASPECT = 450 / 800;

const hex = (c: string) => c.replace('#', '').toUpperCase();

interface Ctx {
  model: ExportModel;
  charts: ChartRenderer;
  /** ordered lists so far (each list is its own numbering instance, counting from its start) */
  lists: number;
  /** the text width in twips (the built-in page's, or the template's page less its margins) */
  width: number;
  /**
   * built on a firm's template: its table style (by id), and no colours of ours where its styles decide; the
   * heading levels (1–4) whose style the template numbers itself, which then carry no number of ours
   */
  template?: { tableStyle: string | null; numberedHeadings: ReadonlySet<number> };
}

// ── inline ─────────────────────────────────────────────────────────────────────────────────────────────

function footnote(ctx: Ctx, n: number): FootnoteReferenceRun {
  const c = ctx.model.citations[n - 1];
  const note = c ? citationNote(c) : { source: d.sourceUnknown, quote: '' };
  return new FootnoteReferenceRun({
    children: [
      new Paragraph({
        style: 'FootnoteText',
        children: [new TextRun({ text: note.source, bold: true, size: 18 }), ...(note.quote ? [new TextRun({ text: `: “${note.quote}”`, size: 18 })] : [])],
      }),
    ],
  });
}

function inline(runs: readonly Run[], ctx: Ctx, base: IRunOptions = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const [i, r] of runs.entries()) {
    if (r.citation !== undefined) {
      // marks side by side read as one number ("1314") without a separator
      if (runs[i - 1]?.citation !== undefined) out.push(new TextRun({ ...base, text: ',', superScript: true }));
      out.push(footnote(ctx, r.citation));
      continue;
    }
    if (r.break) {
      out.push(new TextRun({ ...base, break: 1 }));
      continue;
    }
    // a footnote mark sits against the word it follows, not after a space
    const text = runs[i + 1]?.citation !== undefined && !r.link ? r.text.replace(/\s+$/, '') : r.text;
    if (!text && !r.link) continue;
    const opts: IRunOptions = {
      ...base,
      text,
      ...(r.bold ? { bold: true } : {}),
      ...(r.italic ? { italics: true } : {}),
      ...(r.strike ? { strike: true } : {}),
      ...(r.code ? { font: MONO_FONT } : {}),
    };
    out.push(r.link ? new ExternalHyperlink({ link: r.link, children: [new TextRun({ ...opts, style: 'Hyperlink' })] }) : new TextRun(opts));
  }
  return out;
}

// ── blocks ─────────────────────────────────────────────────────────────────────────────────────────────

const HEADING = { 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3, 4: HeadingLevel.HEADING_4 } as const;

const CELL_MARGINS = { top: 60, bottom: 60, left: 100, right: 100 };

/** Twips a character of a table's text takes at most on average (bold, 10 pt), to keep a column's longest word whole. */
const TWIPS_PER_CHAR = 125;

/**
 * Column widths in twips from the model's weights, summing to `total`: none below 600 twips nor below its longest
 * word (`longest`, in characters, with the cell's margins).
 */
export function twipWidths(weights: readonly number[], total: number, longest: readonly number[] = []): number[] {
  const mins = weights.map((_, i) => Math.max(600, (longest[i] ?? 0) * TWIPS_PER_CHAR + CELL_MARGINS.left + CELL_MARGINS.right));
  const widths = fitWidths(weights, mins, total).map((w) => Math.floor(w));
  const over = widths.reduce((a, b) => a + b, 0) - total;
  if (over !== 0) widths[widths.indexOf(Math.max(...widths))]! -= over;
  return widths;
}

const GRID_BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'CBD5E1' };
const BORDERS = { top: GRID_BORDER, bottom: GRID_BORDER, left: GRID_BORDER, right: GRID_BORDER, insideHorizontal: GRID_BORDER, insideVertical: GRID_BORDER };

function table(block: Extract<Block, { kind: 'table' }>, ctx: Ctx, width: number): Table {
  const widths = twipWidths(block.weights, width, longestWords(block.header, block.rows).map((c) => Math.max(c.head.length, ...c.body.map((w) => w.length))));
  const brand = ctx.model.brand;
  const plain = Boolean(ctx.template);
  const alignOf = (i: number) => (block.align[i] === 'right' ? AlignmentType.RIGHT : block.align[i] === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT);
  const cell = (runs: Run[], i: number, head: boolean, stripe: boolean) =>
    new TableCell({
      width: { size: widths[i]!, type: WidthType.DXA },
      margins: CELL_MARGINS,
      verticalAlign: VerticalAlign.TOP,
      ...(plain
        ? {}
        : head
        ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(brand.primary) } }
        : stripe
          ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(brand.wash) } }
          : {}),
      children: [
        new Paragraph({
          alignment: alignOf(i),
          spacing: { before: 0, after: 0 },
          children: inline(runs, ctx, head ? { bold: true, ...(plain ? {} : { color: hex(brand.onPrimary) }) } : {}),
        }),
      ],
    });
  return new Table({
    width: { size: width, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    // on a template its table style draws the table (borders, header row, banding); else our grid
    ...(ctx.template?.tableStyle ? { style: ctx.template.tableStyle } : { borders: BORDERS }),
    rows: [
      new TableRow({ tableHeader: true, cantSplit: true, children: block.header.map((h, i) => cell(h, i, true, false)) }),
      ...block.rows.map((row, r) => new TableRow({ cantSplit: true, children: row.map((c, i) => cell(c, i, false, r % 2 === 1)) })),
    ],
  });
}

const SWOT_FILLS = (primary: string, accent: string) => [tint(primary, 0.86), tint(accent, 0.8), tint(primary, 0.93), tint(accent, 0.9)];
const FIRM_SWOT_FILLS = ['#EDEDED', '#F4F4F4', '#F4F4F4', '#EDEDED'];

function swot(block: SwotBlock, ctx: Ctx, width: number): Table {
  const half = Math.floor(width / 2);
  const widths = [half, width - half];
  // on a firm's template no colour of our brand: neutral fills, the quadrant titles in the template's text colour
  const fills = ctx.template ? FIRM_SWOT_FILLS : SWOT_FILLS(ctx.model.brand.primary, ctx.model.brand.accent);
  const titleColor = ctx.template ? {} : { color: hex(ctx.model.brand.primary) };
  const quadrant = (i: number) => {
    const q = block.quadrants[i]!;
    return new TableCell({
      width: { size: widths[i % 2]!, type: WidthType.DXA },
      margins: { top: 120, bottom: 120, left: 160, right: 160 },
      shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(fills[i]!) },
      children: [
        new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: q.title, bold: true, size: 26, ...titleColor })] }),
        ...(q.items.length
          ? q.items.map((item) => new Paragraph({ numbering: { reference: 'bullets', level: 0 }, spacing: { after: 40 }, children: inline(item, ctx) }))
          : [new Paragraph({ children: [new TextRun({ text: '–' })] })]),
      ],
    });
  };
  return new Table({
    width: { size: width, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: { ...BORDERS, insideHorizontal: { style: BorderStyle.SINGLE, size: 12, color: 'FFFFFF' }, insideVertical: { style: BorderStyle.SINGLE, size: 12, color: 'FFFFFF' } },
    rows: [new TableRow({ cantSplit: true, children: [quadrant(0), quadrant(1)] }), new TableRow({ cantSplit: true, children: [quadrant(2), quadrant(3)] })],
  });
}

function figure(block: FigureBlock, ctx: Ctx, width: number): Paragraph[] {
  const caption = new Paragraph({
    style: 'Caption',
    alignment: AlignmentType.CENTER,
    keepLines: true,
    children: [new TextRun({ text: d.figure(block.n, block.caption || block.figure?.visual.title || '') })],
  });
  if (!block.figure) return [new Paragraph({ children: [new TextRun({ text: d.visualMissing(block.caption), italics: true, color: '64748B' })] })];
  const png = ctx.charts.png(block.figure, CHART_PNG_PX);
  const px = twipsToPx(width);
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      keepNext: true,
      spacing: { before: 120, after: 60 },
      children: [
        new ImageRun({
          type: 'png',
          data: png,
          transformation: { width: px, height: Math.round(px * CHART_ASPECT) },
          altText: { name: `Figure ${block.n}`, title: block.caption || block.figure.visual.title, description: altText(block) },
        }),
      ],
    }),
    caption,
  ];
}

const LIST_INDENT = 360;

function blocks(list: readonly Block[], ctx: Ctx, level = 0): FileChild[] {
  const width = ctx.width - level * LIST_INDENT;
  const out: FileChild[] = [];
  for (const b of list) {
    switch (b.kind) {
      case 'heading':
        out.push(new Paragraph({ heading: HEADING[b.level], children: [...(b.number && !ctx.template?.numberedHeadings.has(b.level) ? [new TextRun(`${b.number} `)] : []), ...inline(b.runs, ctx)] }));
        break;
      case 'paragraph':
        out.push(new Paragraph({ ...(level ? { indent: { left: level * LIST_INDENT } } : {}), children: inline(b.runs, ctx) }));
        break;
      case 'list': {
        const instance = b.ordered ? ++ctx.lists : 0;
        const reference = b.ordered
          ? b.start === 1
            ? 'ordered'
            : { reference: `ordered-from-${b.start}`, levels: orderedLevels(b.start) }
          : 'bullets';
        for (const item of b.items) {
          const [first, ...rest] = item;
          const lvl = Math.min(level, 8);
          if (first?.kind === 'paragraph') {
            out.push(new Paragraph({ numbering: { reference, level: lvl, ...(b.ordered ? { instance } : {}) }, spacing: { after: 60 }, children: inline(first.runs, ctx) }));
            out.push(...blocks(rest, ctx, level + 1));
          } else {
            out.push(new Paragraph({ numbering: { reference, level: lvl, ...(b.ordered ? { instance } : {}) }, children: [] }));
            out.push(...blocks(item, ctx, level + 1));
          }
        }
        break;
      }
      case 'table':
        out.push(table(b, ctx, width), new Paragraph({ spacing: { before: 0, after: 120 }, children: [] }));
        break;
      case 'swot':
        out.push(swot(b, ctx, width), new Paragraph({ spacing: { before: 0, after: 120 }, children: [] }));
        break;
      case 'quote':
        out.push(...quoteBlocks(b.blocks, ctx));
        break;
      case 'code':
        for (const line of b.text.split('\n')) {
          out.push(
            new Paragraph({
              spacing: { before: 0, after: 0 },
              shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F1F5F9' },
              indent: { left: level * LIST_INDENT },
              children: [new TextRun({ text: line || ' ', font: MONO_FONT, size: 18 })],
            }),
          );
        }
        out.push(new Paragraph({ children: [] }));
        break;
      case 'rule':
        out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'CBD5E1', space: 4 } }, children: [] }));
        break;
      case 'figure':
        out.push(...figure(b, ctx, width));
        break;
    }
  }
  return out;
}

/** A block quote's paragraphs: indented, with a bar in the accent colour, in italics. */
function quoteBlocks(list: readonly Block[], ctx: Ctx): FileChild[] {
  return list.map((b) =>
    b.kind === 'paragraph'
      ? new Paragraph({
          indent: { left: 567 },
          border: { left: { style: BorderStyle.SINGLE, size: 18, color: ctx.template ? 'A6A6A6' : hex(ctx.model.brand.accent), space: 12 } },
          children: inline(b.runs, ctx, { italics: true, color: '334155' }),
        })
      : (blocks([b], ctx)[0] ?? new Paragraph({ children: [] })),
  );
}

function sectionChildren(s: ExportSection, ctx: Ctx): FileChild[] {
  const title = ctx.template?.numberedHeadings.has(1) ? s.title : `${s.number}. ${s.title}`;
  return [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] }), ...blocks(s.blocks, ctx)];
}

// ── numbering and styles ───────────────────────────────────────────────────────────────────────────────

function orderedLevels(start: number): ILevelsOptions[] {
  const formats = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN];
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: formats[level % 3]!,
    text: `%${level + 1}.`,
    start: level === 0 ? start : 1,
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 360 } } },
  }));
}

function bulletLevels(): ILevelsOptions[] {
  const marks = ['•', '◦', '▪'];
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: LevelFormat.BULLET,
    text: marks[level % 3]!,
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 360 } } },
  }));
}

function styles(model: ExportModel) {
  const primary = hex(model.brand.primary);
  const heading = (size: number, level: number, extra: Record<string, unknown> = {}) => ({
    run: { font: BODY_FONT, size, bold: true, color: primary },
    paragraph: {
      spacing: { before: level === 0 ? 0 : 240, after: 120 },
      keepNext: true,
      keepLines: true,
      outlineLevel: level,
      ...extra,
    },
  });
  return {
    default: {
      document: { run: { font: BODY_FONT, size: 22, color: '1E293B' }, paragraph: { spacing: { after: 120, line: 276, lineRule: LineRuleType.AUTO } } },
      heading1: heading(36, 0, { pageBreakBefore: true }),
      heading2: heading(28, 1),
      heading3: heading(24, 2),
      heading4: heading(22, 3),
      caption: { run: { font: BODY_FONT, size: 18, italics: true, color: '475569' }, paragraph: { spacing: { before: 0, after: 240 } } },
      hyperlink: { run: { color: '1D4ED8', underline: {} } },
      footnoteText: { run: { font: BODY_FONT, size: 18 }, paragraph: { spacing: { after: 40 } } },
    },
    paragraphStyles: [
      { id: 'ContentsTitle', name: 'Contents Title', basedOn: 'Normal', next: 'Normal', run: { font: BODY_FONT, size: 36, bold: true, color: primary }, paragraph: { spacing: { after: 240 } } },
    ],
  };
}

// ── cover, header, footer ──────────────────────────────────────────────────────────────────────────────

function logoRun(ctx: Ctx, maxWidthPx: number, maxHeightPx: number): ImageRun | null {
  const logo = ctx.model.brand.logo;
  if (!logo || logo.width <= 0 || logo.height <= 0) return null;
  const scale = Math.min(maxWidthPx / logo.width, maxHeightPx / logo.height);
  const transformation = { width: Math.max(1, Math.round(logo.width * scale)), height: Math.max(1, Math.round(logo.height * scale)) };
  const altText = { name: 'Logo', title: d.preparedFor(ctx.model.cover.client || ctx.model.cover.title), description: ctx.model.cover.client || ctx.model.cover.title };
  if (logo.kind === 'svg') {
    // Word draws the SVG; older readers the PNG beside it. A logo that cannot be drawn is left out, not fatal.
    let fallback: Uint8Array;
    try {
      fallback = ctx.charts.svgToPng(new TextDecoder().decode(logo.bytes), Math.round(transformation.width * 3));
    } catch {
      return null;
    }
    return new ImageRun({ type: 'svg', data: logo.bytes, fallback: { type: 'png', data: fallback }, transformation, altText });
  }
  return new ImageRun({ type: logo.kind, data: logo.bytes, transformation, altText });
}

function cover(ctx: Ctx): FileChild[] {
  const { cover: c, brand } = ctx.model;
  const on = hex(brand.onPrimary);
  const logo = logoRun(ctx, 240, 110);
  const band = new Table({
    width: { size: CONTENT_TWIPS, type: WidthType.DXA },
    columnWidths: [CONTENT_TWIPS],
    layout: TableLayoutType.FIXED,
    borders: { top: { style: BorderStyle.NONE, size: 0, color: 'auto' }, bottom: { style: BorderStyle.NONE, size: 0, color: 'auto' }, left: { style: BorderStyle.NONE, size: 0, color: 'auto' }, right: { style: BorderStyle.NONE, size: 0, color: 'auto' }, insideHorizontal: { style: BorderStyle.NONE, size: 0, color: 'auto' }, insideVertical: { style: BorderStyle.NONE, size: 0, color: 'auto' } },
    rows: [
      new TableRow({
        children: [
          new TableCell({
            width: { size: CONTENT_TWIPS, type: WidthType.DXA },
            shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(brand.primary) },
            margins: { top: 720, bottom: 720, left: 480, right: 480 },
            children: [
              new Paragraph({ spacing: { after: 240 }, children: [new TextRun({ text: c.title, bold: true, size: 56, color: on })] }),
              ...(c.subtitle ? [new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text: c.subtitle, size: 30, color: on })] })] : []),
              ...(brand.secondary
                ? [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 24, color: hex(brand.secondary), space: 1 } }, spacing: { after: 0 }, children: [] })]
                : []),
            ],
          }),
        ],
      }),
    ],
  });
  const line = (text: string, opts: IRunOptions = {}) => new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text, size: 24, ...opts })] });
  return [
    new Paragraph({ spacing: { after: 480 }, children: logo ? [logo] : [] }),
    band,
    new Paragraph({ spacing: { before: 600 }, children: [] }),
    ...(c.client ? [line(d.preparedFor(c.client), { bold: true })] : []),
    ...(c.date ? [line(c.date)] : []),
    ...(c.preparedBy ? [line(d.preparedBy(c.preparedBy))] : []),
    ...(c.confidentiality ? [new Paragraph({ spacing: { before: 1200 }, children: [new TextRun({ text: c.confidentiality, italics: true, size: 20, color: '475569' })] })] : []),
  ];
}

function header(model: ExportModel): Header {
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: hex(model.brand.primary), space: 4 } },
        children: [new TextRun({ text: model.cover.client ? `${model.title} · ${model.cover.client}` : model.title, size: 16, color: '64748B' })],
      }),
    ],
  });
}

function footer(model: ExportModel): Footer {
  return new Footer({
    children: [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: CONTENT_TWIPS }],
        children: [
          new TextRun({ text: model.cover.confidentiality, size: 16, color: '64748B' }),
          new TextRun({ children: ['\t', d.pageWords[0], PageNumber.CURRENT, d.pageWords[1], PageNumber.TOTAL_PAGES], size: 16, color: '64748B' }),
        ],
      }),
    ],
  });
}

// ── the document ───────────────────────────────────────────────────────────────────────────────────────

function docxDocument(model: ExportModel, charts: ChartRenderer): Document {
  const ctx: Ctx = { model, charts, lists: 0, width: CONTENT_TWIPS };
  const body: FileChild[] = [
    new Paragraph({ style: 'ContentsTitle', children: [new TextRun(d.contents)] }),
    new TableOfContents(d.contents, { hyperlink: true, headingStyleRange: '1-2' }),
    ...model.sections.flatMap((s) => sectionChildren(s, ctx)),
  ];
  const margins = { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin, header: 720, footer: 720 };
  return new Document({
    title: model.title,
    subject: model.cover.subtitle || model.title,
    creator: model.providerName,
    description: plainText([{ text: [model.cover.client, model.cover.date].filter(Boolean).join(', ') }]),
    lastModifiedBy: model.providerName,
    styles: styles(model),
    numbering: NUMBERING(),
    sections: [
      { properties: { page: { size: { width: PAGE.width, height: PAGE.height }, margin: margins } }, children: cover(ctx) },
      {
        properties: { page: { size: { width: PAGE.width, height: PAGE.height }, margin: margins } },
        headers: { default: header(model) },
        footers: { default: footer(model) },
        children: body,
      },
    ],
  });
}

const NUMBERING = () => ({
  config: [
    { reference: 'bullets', levels: bulletLevels() },
    { reference: 'ordered', levels: orderedLevels(1) },
  ],
});

/** The export as a Word file: on the built-in template (our styles, cover and page), or on a firm's template. */
export async function renderDocx(model: ExportModel, charts: ChartRenderer, template?: ExportTemplate): Promise<Uint8Array> {
  if (template?.kind === 'docx') return renderOnTemplate(model, charts, template);
  return new Uint8Array(await Packer.toBuffer(docxDocument(model, charts)));
}

// ── on a firm's template ───────────────────────────────────────────────────────────────────────────────
//
// Choice: `docx`'s own `patchDocument`, not docxtemplater or docx-templates. The report's body is
// already built with `docx` (paragraphs, tables, footnotes, lists, pictures); patchDocument puts exactly those
// objects into the template in place of a placeholder (PatchType.DOCUMENT), and brings their footnotes, lists
// and pictures with them, while the template keeps its styles, numbering, headers and footers, section
// properties (page size and margins), theme and cover. docxtemplater fills text tags in a template (its
// paragraph-level "raw XML" and image modules would have us write OOXML strings, and the image module is paid);
// docx-templates runs JavaScript in template commands and inserts HTML or literal XML for rich content. Both
// would mean writing the body twice. Paragraphs name the template's styles by their ids (Heading1–4, Caption,
// FootnoteText, its table style), so the template's definitions apply.

/** Where the report goes in a template, and the cover's fields (`{{title}}` … in the template). */
const TEMPLATE_FIELDS = ['title', 'subtitle', 'client', 'date', 'author', 'confidentiality'] as const;

/** What a Word template says about its page and its styles (read from its package, not guessed). */
export interface WordTemplateFacts {
  /** text width in twips: page width less the left and right margins of its (last) section */
  width: number;
  /** the table style our tables take: its first custom table style, else Word's Table Grid, else none */
  tableStyle: string | null;
  hasBody: boolean;
  /** no placeholder at all (an untouched template): the report replaces its sample body (word-sample.ts) */
  untouched: boolean;
  /** the heading levels (1–4) whose style (Heading1–4) the template numbers: numberedHeadingLevels */
  numberedHeadings: ReadonlySet<number>;
  /** its theme's colours (empty without a theme): the charts are drawn in them, or in Word's own accents */
  themeColours: Record<string, string>;
}

const num = (tag: string | undefined, name: string): number | undefined => {
  const v = tag ? new RegExp(`w:${name}="(-?\\d+)"`).exec(tag)?.[1] : undefined;
  return v === undefined ? undefined : Number(v);
};

/**
 * The heading levels (1–4) a Word template numbers itself: the style our headings take (`Heading1`–`Heading4`)
 * has a numbering (`w:numPr` with a `w:numId` other than 0) in its own paragraph properties or in those of a
 * style it is based on (`w:basedOn`, followed to its root; the nearest `w:numId` decides, so a base's numbering
 * is switched off by a `w:numId` of 0 in the style). A numbering the numbering part does not define numbers
 * nothing, nor does a level whose format is `none` or whose number text is empty (LibreOffice attaches such an
 * outline numbering to every heading style). Such a heading carries the template's number, so we write none of
 * our own.
 */
export function numberedHeadingLevels(stylesXml: string, numberingXml: string): Set<number> {
  const styles = new Map<string, { basedOn?: string; numId?: string; ilvl?: string }>();
  for (const m of stylesXml.matchAll(/<w:style\b([^>]*?)(?:\/>|>([\s\S]*?)<\/w:style>)/g)) {
    const id = /w:styleId="([^"]+)"/.exec(m[1]!)?.[1];
    if (!id || !/w:type="paragraph"/.test(m[1]!)) continue;
    const inner = m[2] ?? '';
    const pPr = /<w:pPr\b[^>]*>([\s\S]*?)<\/w:pPr>/.exec(inner)?.[1] ?? '';
    const numPr = /<w:numPr\b[^>]*>([\s\S]*?)<\/w:numPr>/.exec(pPr)?.[1] ?? '';
    styles.set(id, {
      basedOn: /<w:basedOn\b[^>]*w:val="([^"]+)"/.exec(inner)?.[1],
      numId: /<w:numId\b[^>]*w:val="(\d+)"/.exec(numPr)?.[1],
      ilvl: /<w:ilvl\b[^>]*w:val="(\d+)"/.exec(numPr)?.[1],
    });
  }
  const abstracts = new Map([...numberingXml.matchAll(/<w:abstractNum\b[^>]*w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)].map((m) => [m[1]!, m[2]!]));
  const nums = new Map([...numberingXml.matchAll(/<w:num\b[^>]*?w:numId="(\d+)"[^>]*?(?:\/>|>([\s\S]*?)<\/w:num>)/g)].map((m) => [m[1]!, m[2] ?? '']));
  /** whether level `ilvl` of numbering `numId` shows a number (a level overridden in the num decides first) */
  const shows = (numId: string, ilvl: string): boolean => {
    const num = nums.get(numId);
    if (num === undefined) return false;
    const lvlOf = (xml: string) => new RegExp(`<w:lvl\\b[^>]*w:ilvl="${ilvl}"[^>]*>([\\s\\S]*?)<\\/w:lvl>`).exec(xml)?.[1];
    const abstractId = /<w:abstractNumId\b[^>]*w:val="(\d+)"/.exec(num)?.[1];
    const lvl = lvlOf(num) ?? (abstractId !== undefined ? lvlOf(abstracts.get(abstractId) ?? '') : undefined);
    if (lvl === undefined) return true;
    const format = /<w:numFmt\b[^>]*w:val="([^"]+)"/.exec(lvl)?.[1];
    const text = /<w:lvlText\b[^>]*w:val="([^"]*)"/.exec(lvl)?.[1];
    return format !== 'none' && text !== '';
  };
  const numberingOf = (id: string): { numId: string; ilvl: string } | undefined => {
    const seen = new Set<string>();
    let ilvl: string | undefined;
    for (let at: string | undefined = id; at !== undefined && !seen.has(at); ) {
      seen.add(at);
      const style = styles.get(at);
      ilvl ??= style?.ilvl;
      if (style?.numId !== undefined) return { numId: style.numId, ilvl: ilvl ?? style.ilvl ?? '0' };
      at = style?.basedOn;
    }
    return undefined;
  };
  const out = new Set<number>();
  for (const level of [1, 2, 3, 4]) {
    const numbering = numberingOf(`Heading${level}`);
    if (numbering && numbering.numId !== '0' && shows(numbering.numId, numbering.ilvl)) out.add(level);
  }
  return out;
}

function wordTemplateFacts(documentXml: string, stylesXml: string, numberingXml: string, themeXml: string): WordTemplateFacts {
  const sectPrs = documentXml.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g) ?? [];
  const last = sectPrs[sectPrs.length - 1];
  const pgSz = last ? /<w:pgSz\b[^>]*>/.exec(last)?.[0] : undefined;
  const pgMar = last ? /<w:pgMar\b[^>]*>/.exec(last)?.[0] : undefined;
  const pageWidth = num(pgSz, 'w') ?? PAGE.width;
  const width = Math.max(2880, pageWidth - (num(pgMar, 'left') ?? PAGE.margin) - (num(pgMar, 'right') ?? PAGE.margin));
  const tableStyles = [...stylesXml.matchAll(/<w:style\b[^>]*w:type="table"[^>]*>/g)].map((m) => ({
    id: /w:styleId="([^"]+)"/.exec(m[0])?.[1],
    custom: /w:customStyle="(1|true)"/.test(m[0]),
  }));
  const tableStyle = tableStyles.find((t) => t.custom && t.id)?.id ?? tableStyles.find((t) => t.id === 'TableGrid')?.id ?? null;
  const placeholders = wordPlaceholders(documentXml);
  return { width, tableStyle, hasBody: placeholders.body, untouched: !placeholders.any, numberedHeadings: numberedHeadingLevels(stylesXml, numberingXml), themeColours: themeColours(themeXml) };
}

/** A template with cover fields but without `{{body}}`: the report follows its own pages (a paragraph holding it before the final section). */
function withBodyPlaceholder(documentXml: string): string {
  const at = documentXml.lastIndexOf('<w:sectPr');
  const para = '<w:p><w:r><w:t>{{body}}</w:t></w:r></w:p>';
  return at < 0 ? documentXml.replace('</w:body>', `${para}</w:body>`) : `${documentXml.slice(0, at)}${para}${documentXml.slice(at)}`;
}

/**
 * A Word template made ready for exports (its facts read, `{{body}}` added where it lacks one, and every link to
 * outside the package stripped with its attached template: outside-links.ts), once per container and version.
 */
const PREPARED_MAX = 4;
const preparedByKey = new Map<string, { data: Uint8Array; facts: WordTemplateFacts }>();

function prepareTemplate(template: ExportTemplate): { data: Uint8Array; facts: WordTemplateFacts } {
  const cached = template.key ? preparedByKey.get(template.key) : undefined;
  if (cached) return cached;
  const { parts: all, removed } = withoutOutsideLinks(unzipSync(template.bytes, { filter: (f) => !f.name.endsWith('/') }));
  const documentXml = all['word/document.xml'] ? strFromU8(all['word/document.xml']) : '';
  const part = (path: string) => (all[path] ? strFromU8(all[path]) : '');
  const themePath = /<Relationship\b[^>]*\/theme"[^>]*Target="([^"]+)"/.exec(part('word/_rels/document.xml.rels'))?.[1] ?? /<Relationship\b[^>]*Target="([^"]+)"[^>]*\/theme"/.exec(part('word/_rels/document.xml.rels'))?.[1];
  const facts = wordTemplateFacts(documentXml, part('word/styles.xml'), part('word/numbering.xml'), themePath ? part(`word/${themePath.replace(/^\/?(word\/)?/, '')}`) : '');
  let data = template.bytes;
  if (!facts.hasBody || removed.length) {
    if (!facts.hasBody) all['word/document.xml'] = strToU8(facts.untouched ? sampleToPlaceholders(documentXml, part('word/styles.xml')) : withBodyPlaceholder(documentXml));
    data = zipSync(all);
  }
  const out = { data, facts };
  if (template.key) {
    if (preparedByKey.size >= PREPARED_MAX) preparedByKey.delete(preparedByKey.keys().next().value!);
    preparedByKey.set(template.key, out);
  }
  return out;
}

async function renderOnTemplate(model: ExportModel, _charts: ChartRenderer, template: ExportTemplate): Promise<Uint8Array> {
  const { data, facts } = prepareTemplate(template);
  // the charts in the template's theme colours, none of our brand's
  const charts = chartRenderer(firmBrand(facts.themeColours), themePalette(facts.themeColours));
  const ctx: Ctx = { model, charts, lists: 0, width: facts.width, template: { tableStyle: facts.tableStyle, numberedHeadings: facts.numberedHeadings } };
  const body: FileChild[] = [
    new Paragraph({ style: 'TOCHeading', children: [new TextRun(d.contents)] }),
    new TableOfContents(d.contents, { hyperlink: true, headingStyleRange: '1-2' }),
    ...model.sections.flatMap((s) => sectionChildren(s, ctx)),
  ];
  const c = model.cover;
  const field = (text: string) => ({ type: PatchType.PARAGRAPH, children: [new TextRun(text)] }) as const;
  const values: Record<(typeof TEMPLATE_FIELDS)[number], string> = {
    title: c.title,
    subtitle: c.subtitle,
    client: c.client,
    date: c.date,
    author: c.preparedBy || model.providerName,
    confidentiality: c.confidentiality,
  };
  const out = await patchDocument({
    outputType: 'uint8array',
    data,
    keepOriginalStyles: true,
    trimPlaceholders: true,
    numbering: NUMBERING(),
    properties: { title: model.title, subject: c.subtitle || model.title, creator: model.providerName, lastModifiedBy: model.providerName },
    patches: {
      ...Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, field(values[f])])),
      body: { type: PatchType.DOCUMENT, children: body },
    },
  });
  return new Uint8Array(out);
}
