/** The SWOT as a 2×2: one size for the four quadrants, the items that fit in each and how many more the report holds. */
import { tint, whiteTextPasses } from '@shared/domain/brand';
import { exportsTexts } from '@shared/messages/exports';
import type { StorySwotItem } from '../../story';
import { sourcesLine } from '../citations';
import type { PlanContext, SlidePara } from '../deck-slide';
import { BULLET_INDENT, hex, INK, MUTED, TYPE, WHITE } from '../style';
import { marksRun, p, run, textItem } from '../text';
import { newSlide, region } from './content-slide';

const k = exportsTexts.deck;

export function swotSlide(ctx: PlanContext, quadrants: readonly { title: string; items: StorySwotItem[] }[], kicker: string): void {
  const counts = quadrants.map((q) => q.items.length);
  const s = newSlide(ctx, 'swot', 'title-only', kicker, k.swotTitle(counts[0]!, counts[1]!, counts[2]!, counts[3]!));
  const box = region(ctx, 'title-only', 'body');
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
  const size = [...Array(TYPE.swot.max - TYPE.swot.min + 1).keys()].map((i) => TYPE.swot.max - i).find((sz) => quadrants.every((q) => ctx.m.fits(parasOf(q.items, 0), room, sz))) ?? TYPE.swot.min;
  const numbers: number[] = [];
  quadrants.forEach((q, i) => {
    const x = box.x + (i % 2) * (bw + gap);
    const y = box.y + Math.floor(i / 2) * (bh + gap);
    s.items.push({ kind: 'shape', shape: 'roundRect', box: { x, y, w: bw, h: bh }, fill: hex(fills[i]!) });
    s.items.push(textItem('swot-heading', { x: x + pad, y: y + pad, w: room.w, h: headH }, [p([run(q.title.toUpperCase(), { bold: true })])], 14, { color: whiteTextPasses(fills[i]!) ? WHITE : INK }));
    // the items that fit (the last cut to fit when it is alone), then how many more the report holds
    let n = q.items.length;
    let paras = parasOf(q.items, 0);
    while (n > 0 && !ctx.m.fits(paras, room, size)) {
      n--;
      paras = parasOf(q.items.slice(0, n), q.items.length - n);
    }
    if (n === 0 && q.items.length) {
      const first = q.items[0]!;
      const cut = ctx.m.truncateToFit(first.text, { w: room.w, h: room.h - 0.35 }, size, { indent: BULLET_INDENT });
      paras = parasOf([{ ...first, text: cut, citations: [] }], q.items.length - 1);
      n = 1;
    }
    if (!q.items.length) paras = [p([run('–', { color: MUTED })])];
    // a quadrant too small for an item says how many it holds, or only its heading (the notes list them all)
    if (!ctx.m.fits(paras, room, size)) {
      paras = q.items.length ? parasOf([], q.items.length) : paras;
      n = 0;
    }
    numbers.push(...q.items.slice(0, n).flatMap((item) => item.citations));
    if (ctx.m.fits(paras, room, size)) s.items.push(textItem('swot-items', { x: x + pad, y: y + pad + headH + 0.06, ...room }, paras, size));
  });
  s.notes.push(...quadrants.map((q) => `${q.title}:\n${q.items.map((i) => `- ${i.label} ${i.text}`).join('\n') || '–'}`));
  sourcesLine(ctx, s, numbers);
}
