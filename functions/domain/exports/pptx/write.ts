/**
 * The writer: the plan written with pptxgenjs as it is (every item where the plan placed it, at the size it was
 * fitted at), on one slide master per named layout, then finished in one pass (template/finish.ts).
 *
 * On a firm's template the deck is planned in the template's frame and slide size (template/prepare.ts), in its
 * theme's colours (template/restyle.ts firmBrand: the report's brand is not drawn), its charts in the theme's
 * accents; the finishing pass moves the slides onto the template.
 */
import PptxGenJS from 'pptxgenjs';
import { chartRenderer, type ChartRenderer } from '../charts';
import type { ExportTemplate } from '../export-template';
import type { ExportModel } from '../model';
import type { DeckSlide, TextItem } from './deck-slide';
import { truncateToFit } from './fit-text';
import { BUILT_IN_FRAME, defineLayouts, FRAME, LAYOUTS } from './layouts';
import { logoPng } from './logo';
import { planDeck } from './plan';
import { BULLET_INDENT, CELL_PAD, coloursOf, FONT, MUTED, RULE } from './style';
import { finishDeck } from './template/finish';
import { PLACEHOLDER_NAMES } from './template/placeholders';
import type { SlideFinish } from './template/graft';
import { prepare } from './template/prepare';
import { firmBrand, themePalette } from './template/restyle';

/** Our name for the kicker's text box, so it can be found on the slide. */
export const KICKER_NAME = 'Kicker';

function runsOf(item: Pick<TextItem, 'paras' | 'size' | 'color' | 'align' | 'placeholder'>): PptxGenJS.TextProps[] {
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
        // always a space before (a hair when none), so a body placeholder does not add the master's 20%; in a
        // placeholder a space after too, so none is taken from a firm's master
        paraSpaceBefore: para.spaceBefore || 0.01,
        ...(para.spaceAfter || item.placeholder ? { paraSpaceAfter: para.spaceAfter || 0.01 } : {}),
        align: para.align ?? item.align ?? 'left',
        ...(ri === para.runs.length - 1 && pi < item.paras.length - 1 ? { breakLine: true } : {}),
      },
    })),
  );
}

const SHAPES = { rect: 'rect', roundRect: 'roundRect', ellipse: 'ellipse', line: 'line' } as const;

/**
 * A slide as the plan has it. Text for a placeholder goes into our layout's placeholder on the built-in template;
 * on a firm's template it is a text box named for the placeholder it goes into (template/placeholders.ts), so
 * none of our masters' placeholder styles is written on it.
 */
function writeSlide(pptx: PptxGenJS, s: DeckSlide, firm: boolean): void {
  const slide = pptx.addSlide({ masterName: LAYOUTS[s.layout].master });
  for (const item of s.items) {
    switch (item.kind) {
      case 'text':
        slide.addText(runsOf(item), {
          ...item.box,
          ...(item.placeholder && !firm ? { placeholder: item.placeholder } : {}),
          ...(item.placeholder && firm ? { objectName: PLACEHOLDER_NAMES[item.placeholder] } : {}),
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

/** What the finishing pass is told of a planned slide: its layout and its placeholders' autofit. */
function finishOf(s: DeckSlide): SlideFinish {
  const autofit = (placeholder: 'title' | 'body') => s.items.find((x): x is TextItem => x.kind === 'text' && x.placeholder === placeholder)?.autofit;
  return { layout: s.layout, autofit: { title: autofit('title'), body: autofit('body') }, furniture: s.furniture ?? [] };
}

export async function renderPptx(model: ExportModel, charts: ChartRenderer, template?: ExportTemplate): Promise<Uint8Array> {
  const firm = template?.kind === 'pptx' ? prepare(template) : undefined;
  const frame = firm?.frame ?? BUILT_IN_FRAME;
  // on a firm's template: its theme's colours, and charts drawn in its accents
  const m: ExportModel = firm ? { ...model, brand: firmBrand(firm.colours) } : model;
  const c = firm ? chartRenderer(m.brand, themePalette(firm.colours)) : charts;
  const pptx = new PptxGenJS();
  if (firm) {
    pptx.defineLayout({ name: 'FIRM', width: frame.slide.w, height: frame.slide.h });
    pptx.layout = 'FIRM';
  } else pptx.layout = 'LAYOUT_WIDE';
  pptx.title = model.title;
  pptx.subject = model.cover.subtitle || model.title;
  pptx.author = model.cover.preparedBy || model.providerName;
  pptx.company = model.providerName;
  const colours = coloursOf(m);
  const logo = logoPng({ model: m, charts: c }, FRAME.logo.maxW, FRAME.logo.maxH);
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
  const plan = planDeck(m, c, frame);
  for (const s of plan) writeSlide(pptx, s, frame.firm);
  // written uncompressed, then finished in one pass (template/finish.ts): the waterfalls' labels, and on a firm's
  // template the same slides moved onto its masters and layouts; compressed once there
  const out = new Uint8Array((await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer);
  return finishDeck(out, plan.map(finishOf), template);
}
