/**
 * The executive summary: the governing thought as the title (its head when the whole does not fit, the whole
 * then leading the slide), the key lines numbered beside the priority actions, over continuation slides when even
 * the smallest size is too tall.
 */
import { asTitle, flat } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportSection } from '../../model';
import type { StoryRecommendation } from '../../story';
import { sourcesLine } from '../citations';
import type { DeckSlide, PlanContext, SlidePara } from '../deck-slide';
import type { Box, LayoutName } from '../layouts';
import { DECK_LIMITS, hex, MUTED, RULE, TYPE } from '../style';
import { marksRun, p, run, textItem } from '../text';
import { newSlide, region, titleFits } from './content-slide';
import { figureSlides } from './figure';
import { priorityRecommendations } from './recommendations';

const k = exportsTexts.deck;

/** The governing thought as a title: whole when it fits; else its head (before a colon, a semicolon or ", while"). */
function governingTitle(ctx: PlanContext, layout: LayoutName, governing: string): { title: string; whole: boolean } {
  const t = asTitle(governing);
  if (titleFits(ctx, layout, t, k.executiveSummary)) return { title: t, whole: true };
  const head = /^(.{20,}?)(?::\s|;\s|,\s+while\s|\s+–\s)/.exec(t)?.[1];
  if (head && head.split(/\s+/).length >= 4 && titleFits(ctx, layout, head, k.executiveSummary)) return { title: head, whole: false };
  return { title: t, whole: false };
}

export function summarySlides(ctx: PlanContext, section: ExportSection): void {
  const story = ctx.model.story.summary!;
  const recs = priorityRecommendations(ctx.model.story.recommendations);
  const layout: LayoutName = recs.length ? 'two-content' : 'title-only';
  const gov = governingTitle(ctx, layout, story.governing);
  const left = recs.length ? region(ctx, layout, 'left') : region(ctx, layout, 'body');
  const circle = 0.42;
  const textW = left.w - circle - 0.22;
  const gap = 0.2;

  // the lead: the governing thought in full when the title shows only its head
  const leadParas = gov.whole ? [] : [p([run(flat(story.governing)), ...marksRun(story.governingCitations)])];
  const lines = story.keyLines.map((line) => [p([run(line.text), ...marksRun(line.citations)])]);
  // a key line's first line sits level with the centre of its numbered circle
  const offsetAt = (size: number) => Math.max(0, (circle - (size * ctx.m.lineHeight) / 72) / 2);
  const rowAt = (l: SlidePara[], size: number) => Math.max(circle, offsetAt(size) + ctx.m.textHeight(l, textW * 72, size) / 72);
  const heightAt = (size: number) => {
    const lead = leadParas.length ? ctx.m.textHeight(leadParas, left.w * 72, size) / 72 + gap : 0;
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
  if (page.lead) y = ctx.m.textHeight(leadParas, left.w * 72, size) / 72 + gap;
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
      const leadH = Math.min(left.h, ctx.m.textHeight(leadParas, left.w * 72, size) / 72);
      const lead = ctx.m.fits(leadParas, { w: left.w, h: leadH }, size) ? leadParas : [p([run(ctx.m.truncateToFit(story.governing, { w: left.w, h: leadH }, size))])];
      s.items.push(textItem('lead', { ...left, h: leadH }, lead.map((x) => ({ ...x, runs: x.runs.map((r) => ({ ...r, color: r.superscript ? MUTED : ctx.colours.heading })) })), size));
      top += leadH + gap;
    }
    for (const i of pg.lines) {
      const line = story.keyLines[i]!;
      cited.push(...line.citations);
      let paras = lines[i]!;
      const offset = offsetAt(size);
      const room = { w: textW, h: Math.min(left.y + left.h - top - offset, ctx.m.textHeight(paras, textW * 72, size) / 72) };
      if (!ctx.m.fits(paras, room, size)) {
        paras = [p([run(ctx.m.truncateToFit(line.text, room, size)), ...marksRun(line.citations)])];
        if (!ctx.m.fits(paras, room, size)) paras = [p([run(ctx.m.truncateToFit(line.text, room, size))])];
        s.notes.push(`${k.fullText}: ${line.text}`);
      }
      s.items.push({ kind: 'shape', shape: 'ellipse', box: { x: left.x, y: top, w: circle, h: circle }, fill: hex(ctx.model.brand.primary) });
      s.items.push(textItem('key-number', { x: left.x, y: top, w: circle, h: circle }, [p([run(String(i + 1), { bold: true })], { align: 'center' })], 14, { color: hex(ctx.model.brand.onPrimary), valign: 'middle', align: 'center' }));
      s.items.push(textItem('key-line', { x: left.x + circle + 0.22, y: top + offset, w: room.w, h: room.h }, paras, size));
      top += Math.max(circle, offset + room.h) + gap;
    }
    if (pi === 0 && recs.length) actionsPanel(ctx, s, region(ctx, layout, 'right'), recs);
    s.notes.unshift([story.governing, story.rest].filter(Boolean).join(' '), ...story.keyLines.map((l, n) => `${n + 1}. ${l.text}`));
    sourcesLine(ctx, s, cited);
  });
  figureSlides(ctx, section);
}

/** The priority actions beside the key lines: a tinted panel, each action's title and its priority and owner. */
function actionsPanel(ctx: PlanContext, s: DeckSlide, box: Box, recs: readonly StoryRecommendation[]): void {
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
      const heights = chosen.map((r) => ctx.m.textHeight(parasOf(r, size, r.title), inner.w * 72, size) / 72);
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
            paras = parasOf(r, size, ctx.m.truncateToFit(r.title, { w: inner.w, h: room - 0.3 }, size, { bold: true }));
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
