/** The closing slides of sources: each source and the passages cited from it, spread evenly over at most a few slides. */
import { exportsTexts } from '@shared/messages/exports';
import { citationLines, sourceList } from '../citations';
import type { PlanContext, SlidePara } from '../deck-slide';
import type { Room } from '../fit-text';
import { BULLET_INDENT, DECK_LIMITS, MUTED } from '../style';
import { p, run, shorten, textItem } from '../text';
import { bodyFit, newSlide } from './content-slide';

const d = exportsTexts.document;
const k = exportsTexts.deck;

/**
 * The sources: each source, and under it each passage cited from it (shortened; whole in the notes), over at
 * most DECK_LIMITS.sourceSlides slides; what is left is named by a line on the last one ("… and 12 more in the
 * full report", which lists every passage).
 */
export function sourcesSlides(ctx: PlanContext): void {
  const all = sourceList(ctx.model);
  if (!all.length) return;
  // at 13 points on the built-in template; on a firm's, at its body's smallest autofit
  const body = bodyFit(ctx, 'title-and-content', { max: 13, min: 13 }, 1);
  const { size, autofit } = body.floor;
  const box = body.room;
  const title = k.sourcesTitle(ctx.model.citations.length, all.length);
  const heading = (source: string): SlidePara => p([run(body.m.truncateToFit(source, box, size, { bold: true }, autofit), { bold: true, color: ctx.colours.heading })], { spaceBefore: 6, spaceAfter: 2 });
  const passage = (n: number): SlidePara => {
    const quote = (ctx.model.citations[n - 1]?.quote ?? '').replace(/^\s*[-•*]\s+/, '');
    const text = quote ? `“${shorten(quote, 150)}”` : '–';
    return p([run(`[${n}] `, { bold: true, color: MUTED }), run(text)], { bullet: true, level: 0, indent: BULLET_INDENT, spaceAfter: 3, scale: 0.92 });
  };
  const moreLine = (n: number): SlidePara => p([run(k.moreItems(n), { italic: true, color: MUTED })], { spaceBefore: 6 });
  const total = all.reduce((n, x) => n + x.numbers.length, 0);
  type Page = { paras: SlidePara[]; numbers: number[] };
  /** the passages over slides of `room`, at most DECK_LIMITS.sourceSlides of them */
  const paginate = (room: Room): Page[] => {
    const pages: Page[] = [];
    let page: Page = { paras: [], numbers: [] };
    let placed = 0;
    let full = false;
    for (const x of all) {
      for (const [i, n] of x.numbers.entries()) {
        const head = (first: boolean) => (first ? [heading(i === 0 ? x.source : d.continued(x.source))] : []);
        let next = [...head(i === 0 || !page.paras.length), passage(n)];
        // the last slide keeps a line for what is left
        const lastPage = pages.length === DECK_LIMITS.sourceSlides - 1;
        const tail = lastPage && placed + 1 < total ? [moreLine(total - placed - 1)] : [];
        if (page.paras.length && !body.m.fits([...page.paras, ...next, ...tail], room, size, autofit)) {
          if (lastPage) {
            full = true;
            break;
          }
          pages.push(page);
          page = { paras: [], numbers: [] };
          next = [...head(true), passage(n)];
        }
        page.paras.push(...next);
        page.numbers.push(n);
        placed++;
      }
      if (full) break;
    }
    if (placed < total) page.paras.push(moreLine(total - placed));
    pages.push(page);
    return pages;
  };
  let pages = paginate(box);
  // the passages spread evenly over the slides they need (not a full slide and two passages alone on the next):
  // the least height that needs no more slides
  if (pages.length > 1 && pages.reduce((n, pg) => n + pg.numbers.length, 0) === total) {
    let lo = box.h / 2;
    let hi = box.h;
    for (let i = 0; i < 8; i++) {
      const mid = (lo + hi) / 2;
      const tried = paginate({ ...box, h: mid });
      if (tried.length <= pages.length && tried.reduce((n, pg) => n + pg.numbers.length, 0) === total) hi = mid;
      else lo = mid;
    }
    pages = paginate({ ...box, h: hi });
  }
  pages.forEach((pg, i) => {
    const s = newSlide(ctx, 'sources', 'title-and-content', d.sources, title, i > 0);
    s.items.push(textItem('sources-list', body.box, pg.paras, size, { placeholder: 'body', ...(autofit ? { autofit } : {}) }));
    s.notes.push(...citationLines(ctx, pg.numbers));
  });
}
