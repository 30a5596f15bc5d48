/** The roadmap as a gantt of shapes, over as many slides as its actions need. */
import { textColourOn, tint } from '@shared/domain/brand';
import { asTitle } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { RoadmapData } from '@shared/schemas/report-document';
import type { PlanContext } from '../deck-slide';
import { DECK_LIMITS, hex, MUTED, RULE, TYPE, WHITE } from '../style';
import { lowerFirst, p, run, textItem } from '../text';
import { newSlide, region, titleFits } from './content-slide';

const d = exportsTexts.document;
const k = exportsTexts.deck;

/** The roadmap as a gantt of shapes: a month scale, the phases as bands, one bar per action. */
export function ganttSlides(ctx: PlanContext, kicker: string, roadmap: RoadmapData): void {
  const brand = ctx.model.brand;
  const phaseIndex = new Map(roadmap.phases.map((ph, i) => [ph.id, i]));
  const items = [...roadmap.items].sort((a, b) => (phaseIndex.get(a.phase_id) ?? 99) - (phaseIndex.get(b.phase_id) ?? 99) || a.start_month - b.start_month);
  const end = Math.max(1, ...items.map((i) => i.end_month), ...roadmap.phases.map((ph) => ph.end_month));
  const box = region(ctx, 'title-only', 'body');
  // the actions' labels take the left of the body, at most 3.9 in
  const labelW = Math.min(3.9, box.w * 0.35);
  const tx = box.x + labelW;
  const tw = box.w - labelW;
  const monthX = (m: number) => tx + (m / end) * tw;
  // a month label every `step` months, each as wide as the months between two (at most 0.6 in), wide enough for its text
  const monthW = (st: number) => Math.min(0.6, (tw / end) * st);
  const step = [1, 3, 6, 12, 24, 60].find((st) => st >= (end <= 12 ? 1 : end <= 24 ? 3 : end <= 60 ? 6 : 12) && ctx.m.textWidth(d.month(end), 9) / 72 <= monthW(st) - 0.04) ?? 60;
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
  const title = titleFits(ctx, 'title-only', withStart, kicker) ? withStart : base;
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
      const name = ctx.m.fitOne(ph.name, { w, h: 0.32 }, { max: 11, min: 8 }, { bold: true });
      s.items.push(textItem('phase', { x, y: box.y, w, h: 0.32 }, [p([run(name.text, { bold: true })], { align: 'center' })], name.size, { color: ctx.colours.heading, align: 'center', valign: 'bottom' }));
    });
    for (let m = 0; m <= end; m += step) {
      s.items.push({ kind: 'shape', shape: 'line', box: { x: monthX(m), y: top - 0.05, w: 0, h: bottom - top + 0.15 }, line: RULE, lineWidth: 0.5, dash: true });
      s.items.push(textItem('month', { x: monthX(m) - monthW(step) / 2, y: bottom + 0.12, w: monthW(step), h: 0.22 }, [p([run(d.month(m))], { align: 'center' })], 9, { color: MUTED, align: 'center' }));
    }
    rows.forEach((item, r) => {
      const y = top + r * rowH;
      const room = { w: labelW - 0.2, h: rowH };
      const label = ctx.m.fitOne(item.title, room, TYPE.gantt);
      s.items.push(textItem('gantt-label', { x: box.x, y, ...room }, [p([run(label.text)])], label.size, { valign: 'middle' }));
      const x = monthX(item.start_month);
      const w = Math.max(0.08, monthX(item.end_month) - x);
      const colour = colours[(phaseIndex.get(item.phase_id) ?? 0) % colours.length]!;
      s.items.push({ kind: 'shape', shape: 'roundRect', box: { x, y: y + rowH * 0.18, w, h: rowH * 0.64 }, fill: hex(colour) });
      if (item.owner) {
        const ob = { x: x + 0.06, y: y + rowH * 0.18, w: w - 0.12, h: rowH * 0.64 };
        const owner = ob.w > 0.5 ? ctx.m.truncateToFit(item.owner, ob, 9) : '…';
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
