/**
 * The writer: the plan written with pptxgenjs as it is (every item where the plan placed it, at the size it was
 * fitted at), on one slide master per named layout, then finished in one pass (template/finish.ts).
 */
import PptxGenJS from 'pptxgenjs';
import type { ChartRenderer } from '../charts';
import type { ExportTemplate } from '../export-template';
import type { ExportModel } from '../model';
import type { DeckSlide, TextItem } from './deck-slide';
import { truncateToFit } from './fit-text';
import { defineLayouts, FRAME, LAYOUTS } from './layouts';
import { logoPng } from './logo';
import { planDeck } from './plan';
import { BULLET_INDENT, CELL_PAD, coloursOf, FONT, MUTED, RULE } from './style';
import { finishDeck } from './template/finish';
import { KICKER_NAME } from './template/kicker';

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
  // written uncompressed, then finished in one pass (template/finish.ts): the waterfalls' labels, and on a firm's
  // template the same slides moved onto its masters and layouts; compressed once there
  const out = new Uint8Array((await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer);
  return finishDeck(out, plan.map((s) => s.layout), template, { primary: colours.primary, mark: colours.mark });
}
