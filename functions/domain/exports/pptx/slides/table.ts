/** A table over the slides its rows need: one size for every cell, rows as tall as their tallest cell, the header on every slide. */
import { exportsTexts } from '@shared/messages/exports';
import { sourcesLine } from '../citations';
import type { PlanContext, SlideKind, SlidePara, TableCell } from '../deck-slide';
import { CELL_PAD, DECK_LIMITS, hex, INK, MUTED, TYPE } from '../style';
import { p, run, shorten, textItem } from '../text';
import { newSlide, region } from './content-slide';

const d = exportsTexts.document;

export type CellSpec = string | { paras: SlidePara[]; text: string };

/**
 * A table over as many slides as its rows need (at most DECK_LIMITS.continuation, then a "more rows" line):
 * every cell measured at the table's size, rows as tall as their tallest cell, the header on every slide.
 */
export function tableSlides(
  ctx: PlanContext,
  kind: SlideKind,
  kicker: string,
  title: string,
  header: readonly string[],
  rows: readonly (readonly CellSpec[])[],
  widths: readonly number[],
  citations: readonly (readonly number[])[] = [],
  align: readonly ('left' | 'center' | 'right')[] = [],
): void {
  const box = region(ctx, 'title-only', 'body');
  const sum = widths.reduce((a, b) => a + b, 0) || 1;
  const colW = widths.map((w) => (w / sum) * box.w);
  const paraOf = (c: CellSpec, bold = false): SlidePara[] => (typeof c === 'string' ? [p([run(shorten(c, DECK_LIMITS.cellChars), { bold })])] : c.paras);
  const cellH = (paras: SlidePara[], col: number, size: number) => ctx.m.textHeight(paras, (colW[col]! - 2 * CELL_PAD) * 72, size) / 72 + 2 * CELL_PAD;
  const rowHeight = (cells: readonly CellSpec[], size: number, bold = false) => Math.max(...cells.map((c, i) => cellH(paraOf(c, bold), i, size)));
  // the size: the largest at which the first page holds at least half the rows, or all of them
  let size: number = TYPE.table.min;
  for (let s: number = TYPE.table.max; s >= TYPE.table.min; s--) {
    const total = rowHeight(header, s, true) + rows.reduce((h, r) => h + rowHeight(r, s), 0);
    if (total <= box.h || s === TYPE.table.min) {
      size = s;
      break;
    }
  }
  const headH = rowHeight(header, size, true);
  const pages: number[][] = [];
  let page: number[] = [];
  let used = headH;
  rows.forEach((r, i) => {
    const h = rowHeight(r, size);
    if (used + h > box.h - 0.35 && page.length) {
      pages.push(page);
      page = [];
      used = headH;
    }
    page.push(i);
    used += h;
  });
  pages.push(page);
  const shownPages = pages.slice(0, DECK_LIMITS.continuation);
  const shownRows = shownPages.reduce((n, pg) => n + pg.length, 0);
  shownPages.forEach((pg, pi) => {
    const s = newSlide(ctx, kind, 'title-only', kicker, title, pi > 0);
    const heading: TableCell[] = header.map((h, i) => ({ paras: paraOf(h, true), color: hex(ctx.model.brand.onPrimary), fill: hex(ctx.model.brand.primary), align: align[i] ?? 'left' }));
    const body: TableCell[][] = pg.map((ri, n) =>
      rows[ri]!.map((c, i) => ({ paras: paraOf(c), color: INK, ...(n % 2 ? { fill: hex(ctx.colours.wash) } : {}), align: align[i] ?? 'left' })),
    );
    const rowH = [headH, ...pg.map((ri) => rowHeight(rows[ri]!, size))].map((h) => Math.ceil(h * 1000) / 1000);
    // a cell whose text would still not fit its row (a cell taller than a slide) is cut
    for (const [r, cells] of [heading, ...body].entries()) {
      cells.forEach((cell, c) => {
        const room = { w: colW[c]! - 2 * CELL_PAD, h: rowH[r]! - 2 * CELL_PAD };
        if (!ctx.m.fits(cell.paras, room, size)) cell.paras = [p([run(ctx.m.truncateToFit(cell.paras.flatMap((x) => x.runs.map((y) => y.text)).join(' '), room, size))])];
      });
    }
    s.items.push({ kind: 'table', box: { ...box, h: rowH.reduce((a, b) => a + b, 0) }, colW, rowH, rows: [heading, ...body], size });
    const last = pi === shownPages.length - 1;
    if (last && shownRows < rows.length) {
      const more = d.moreRows(rows.length - shownRows);
      s.items.push(textItem('more', { x: box.x, y: box.y + box.h - 0.3, w: box.w, h: 0.3 }, [p([run(more, { italic: true })])], 12, { color: MUTED, valign: 'bottom' }));
    }
    for (const ri of pg) {
      const r = rows[ri]!;
      const whole = r.map((c) => (typeof c === 'string' ? c : c.text)).join(' | ');
      if (whole.length > DECK_LIMITS.cellChars) s.notes.push(whole);
    }
    sourcesLine(ctx, s, pg.flatMap((ri) => citations[ri] ?? []));
  });
}
