/** A chart the report holds, one per slide: a native chart (or a picture of it), titled by what its data shows. */
import { formatValue } from '@shared/domain/report/chart-data';
import { flat } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportFigure, FigureBlock } from '../../blocks';
import { CHART_PNG_PX } from '../../charts';
import { allBlocks, altText, type ExportSection } from '../../model';
import type { ImageItem, PlanContext } from '../deck-slide';
import type { Box } from '../layouts';
import { MUTED } from '../style';
import { p, run, textItem } from '../text';
import { newSlide, region } from './content-slide';

const d = exportsTexts.document;
const k = exportsTexts.deck;

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

export function pictureOf(ctx: PlanContext, figure: ExportFigure, box: Box, alt: string): ImageItem {
  // the drawing is 16:9; keep it so inside the box
  const h = Math.min(box.h, (box.w * 450) / 800);
  const w = (h * 800) / 450;
  return { kind: 'image', box: { x: box.x + (box.w - w) / 2, y: box.y, w, h }, png: ctx.charts.png(figure, CHART_PNG_PX), mime: 'image/png', alt };
}

export function figureSlide(ctx: PlanContext, kicker: string, b: FigureBlock): void {
  const title = (b.figure && chartTakeaway(b.figure)) || b.caption || b.figure?.visual.title || kicker;
  const s = newSlide(ctx, 'figure', 'title-only', kicker, title);
  const body = region(ctx, 'title-only', 'body');
  const box = { ...body, h: body.h - 0.45 };
  if (!b.figure) {
    s.items.push(textItem('missing', box, [p([run(ctx.m.truncateToFit(d.visualMissing(b.caption), box, 18, { italic: true }), { italic: true })], { align: 'center' })], 18, { color: MUTED, align: 'center', valign: 'middle' }));
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
  // a native chart draws no notes: a chart bound to a workbook's table names its cells in the caption
  const source = b.figure?.data.source && ctx.charts.pptx(b.figure) ? ` ${b.figure.data.source}` : '';
  const caption = ctx.m.truncateToFit(`${d.figure(b.n, b.caption || b.figure?.visual.title || '')}${source}`, cbox, 12, { italic: true });
  s.items.push(textItem('figure-caption', cbox, [p([run(caption, { italic: true })], { align: 'center' })], 12, { color: MUTED, align: 'center', valign: 'bottom' }));
}

/** The charts a section embeds (those the storyline has not shown already). */
export function figureSlides(ctx: PlanContext, section: ExportSection): void {
  for (const b of allBlocks(section.blocks)) if (b.kind === 'figure' && !ctx.shown.has(b.visualId)) figureSlide(ctx, section.title, b);
}
