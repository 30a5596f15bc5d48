/**
 * The deck's plan (pure: nothing is written): which slides, in what order. The cover; then each selected section
 * in report order, told from the storyline where the report has one (the executive summary, the findings, the
 * SWOT, the recommendations, the roadmap) and from its text otherwise; the appendices after a divider; the
 * sources last. Each slide kind (slides/) chooses its named layout and fits its text (fit-text.ts).
 */
import { exportsTexts } from '@shared/messages/exports';
import type { ChartRenderer } from '../charts';
import type { ExportModel, ExportSectionKey } from '../model';
import type { DeckSlide, FurnitureText, PlanContext, ShapeItem, SlidePara } from './deck-slide';
import { para } from './fit-text';
import { BUILT_IN_FRAME, FRAME, type Box, type DeckFrame, type FurnitureType } from './layouts';
import { logoPng } from './logo';
import { titleSlide } from './slides/cover';
import { dividerSlide } from './slides/divider';
import { summarySlides } from './slides/executive-summary';
import { figureSlides } from './slides/figure';
import { findingSlides } from './slides/findings';
import { recommendationSlides } from './slides/recommendations';
import { ganttSlides } from './slides/roadmap';
import { sectionSlides } from './slides/section';
import { sourcesSlides } from './slides/sources';
import { swotSlide } from './slides/swot';
import { coloursOf, INK, MUTED } from './style';

const k = exportsTexts.deck;

/**
 * Every slide of the deck, laid out and measured in a frame (pure: nothing is written): the built-in template's,
 * or a firm template's (its slide size, layouts and fonts; template/frame.ts).
 */
export function planDeck(model: ExportModel, charts: ChartRenderer, frame: DeckFrame = BUILT_IN_FRAME): DeckSlide[] {
  const logo = frame.firm ? null : logoPng({ model, charts }, FRAME.logo.maxW, FRAME.logo.maxH);
  const ctx: PlanContext = { model, frame, m: frame.measure, charts, colours: coloursOf(model), slides: [], logoW: logo ? logo.w + 0.3 : 0, shown: new Set() };
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
  if (frame.firm) ctx.slides.forEach((s, i) => (s.furniture = furnitureOf(ctx, s, i + 1)));
  if (frame.ink) for (const s of ctx.slides) inkOnBackground(s, frame.ink);
  return ctx.slides;
}

/**
 * On a firm's template whose content area our ink does not read on (a dark one): our ink and greys drawn on the
 * slide itself take the frame's ink, native charts' axes and legends too; text on our own panels and in table
 * cells with a fill keeps ours.
 */
function inkOnBackground(s: DeckSlide, ink: string): void {
  const ours = new Set([INK, MUTED, '334155']);
  const panels = s.items.filter((i): i is ShapeItem => i.kind === 'shape' && i.fill !== undefined && i.shape !== 'line');
  const onPanel = (b: Box) => panels.some((p) => b.x + b.w / 2 >= p.box.x && b.x + b.w / 2 <= p.box.x + p.box.w && b.y + b.h / 2 >= p.box.y && b.y + b.h / 2 <= p.box.y + p.box.h);
  const recolour = (item: { color: string; paras: SlidePara[] }) => {
    if (ours.has(item.color)) item.color = ink;
    for (const para of item.paras) for (const r of para.runs) if (r.color && ours.has(r.color)) r.color = ink;
  };
  for (const item of s.items) {
    if (item.kind === 'text' && !item.placeholder && !onPanel(item.box)) recolour(item);
    if (item.kind === 'table') for (const row of item.rows) for (const cell of row) if (!cell.fill) recolour(cell);
    // a native chart's axes, titles and legend are drawn on the slide too
    if (item.kind === 'chart') item.chart.options = { ...item.chart.options, catAxisLabelColor: ink, valAxisLabelColor: ink, catAxisTitleColor: ink, valAxisTitleColor: ink, legendColor: ink };
  }
}

/**
 * A firm layout's footer (the report's title and client, else its title), date and slide number, each on one line
 * of its placeholder at the layout's size (cut with "…" where even the shortest does not fit); none on the cover.
 */
function furnitureOf(ctx: PlanContext, s: DeckSlide, number: number): FurnitureText[] {
  if (s.layout === 'title') return [];
  const c = ctx.model.cover;
  const texts: Record<FurnitureType, string[]> = { ftr: [c.client ? `${ctx.model.title} · ${c.client}` : '', ctx.model.title].filter(Boolean), dt: [c.date].filter(Boolean), sldNum: [String(number)] };
  return (ctx.frame.layouts[s.layout].firm?.furniture ?? []).flatMap(({ type, look }) => {
    const m = look.measure;
    const line = { w: look.room.w, h: Math.min(look.room.h, (look.sizes[0] * m.lineHeight) / 72) };
    const options = texts[type];
    if (!options.length) return [];
    const text = options.find((t) => m.fits([para(t)], line, look.sizes[0])) ?? m.truncateToFit(options.at(-1)!, line, look.sizes[0]);
    return text === '…' ? [] : [{ type, text }];
  });
}
