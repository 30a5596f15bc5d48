/**
 * A section told from its text: its points (each paragraph's or list item's first sentence) grouped under its
 * sub-headings, short sub-sections sharing a slide, each group on slides of points titled by its lead sentence.
 */
import { exportsTexts } from '@shared/messages/exports';
import type { Block, Run } from '../../blocks';
import { plainText, type ExportSection } from '../../model';
import { sourcesLine } from '../citations';
import type { PlanContext, SlidePara } from '../deck-slide';
import { BULLET_INDENT, DECK_LIMITS, MUTED, TYPE } from '../style';
import { firstSentence, marksRun, p, run, textItem } from '../text';
import { bodyFit, newSlide, type BodySize } from './content-slide';

const d = exportsTexts.document;
const k = exportsTexts.deck;

export interface Point {
  text: string;
  level: 0 | 1;
  bold?: boolean;
  citations: number[];
}

export interface Group {
  /** the sub-heading the points sit under ('' for the section's opening) */
  heading: string;
  points: Point[];
  /** tables, figures and the SWOT, in order */
  visuals: Block[];
}

export const citationsOf = (runs: readonly Run[]) => [...new Set(runs.filter((r) => r.citation !== undefined).map((r) => r.citation!))];

export function groupsOf(section: ExportSection): Group[] {
  const head: Group = { heading: '', points: [], visuals: [] };
  const groups: Group[] = [head];
  let current = head;
  const point = (runs: readonly Run[], level: 0 | 1, extra: Partial<Point> = {}) => {
    const text = firstSentence(plainText(runs));
    if (text) current.points.push({ text, level, citations: citationsOf(runs), ...extra });
  };
  const visit = (blocks: readonly Block[], level: 0 | 1) => {
    for (const b of blocks) {
      switch (b.kind) {
        case 'heading':
          if (b.level === 2) {
            current = { heading: b.text, points: [], visuals: [] };
            groups.push(current);
          } else point(b.runs, 0, { bold: true });
          break;
        case 'paragraph':
          point(b.runs, level);
          break;
        case 'list':
          for (const item of b.items) {
            const [first, ...rest] = item;
            if (first?.kind === 'paragraph') point(first.runs, level);
            // nested points: at most three under an item, one level deeper
            const nested = rest.flatMap((r) => (r.kind === 'list' ? r.items.map((i) => i[0]).filter((x): x is Extract<Block, { kind: 'paragraph' }> => x?.kind === 'paragraph') : []));
            for (const n of nested.slice(0, 3)) point(n.runs, 1);
            for (const r of rest) if (r.kind !== 'list' && r.kind !== 'paragraph') visit([r], 1);
          }
          break;
        case 'quote':
          for (const q of b.blocks) if (q.kind === 'paragraph') point(q.runs, level);
          break;
        case 'table':
        case 'figure':
        case 'swot':
          current.visuals.push(b);
          break;
        default:
          break;
      }
    }
  };
  visit(section.blocks, 0);
  return mergeSmall(groups.filter((g) => g.points.length || g.visuals.length));
}

/**
 * Consecutive sub-sections with only a few points share a slide (each one's heading a bold point), so a
 * section of short sub-sections is not a run of near-empty slides.
 */
export function mergeSmall(groups: Group[]): Group[] {
  const out: Group[] = [];
  for (const g of groups) {
    const prev = out.at(-1);
    if (prev && !prev.visuals.length && !g.visuals.length && prev.points.length + g.points.length + 1 <= 6) {
      prev.points = [...prev.points, { text: g.heading, level: 0, bold: true, citations: [] }, ...g.points.map((x) => ({ ...x, level: 1 as const }))];
      continue;
    }
    out.push({ ...g, points: [...g.points] });
  }
  return out;
}

/** A sentence a slide can carry as its title: the group's first point when it is a plain sentence. */
export const isSentence = (pt: Point | undefined): pt is Point => Boolean(pt && !pt.bold && pt.level === 0 && /[.!?]$/.test(pt.text) && pt.text.split(/\s+/).length >= 4 && !pt.text.endsWith('…'));

export function pointSlides(ctx: PlanContext, section: ExportSection, group: Group): void {
  const kicker = [section.title, group.heading].filter(Boolean).join(' · ');
  const points = [...group.points];
  const lead = isSentence(points[0]) ? points.shift()! : null;
  const title = lead ? lead.text : k.sectionTopic(section.title, group.heading);
  const leadCitations = lead?.citations ?? [];
  if (!points.length) {
    // a sentence alone: the title says it
    const s = newSlide(ctx, 'points', 'title-only', kicker, title);
    sourcesLine(ctx, s, leadCitations);
    return;
  }
  const body = bodyFit(ctx, 'title-and-content', TYPE.body, 0.9);
  const parasOf = (list: readonly Point[]): SlidePara[] =>
    list.map((pt) =>
      pt.bold
        ? p([run(pt.text, { bold: true, color: ctx.colours.heading })], { spaceBefore: 6, spaceAfter: 6 })
        : p([run(pt.text), ...marksRun(pt.citations)], { bullet: true, level: pt.level, indent: BULLET_INDENT * (pt.level + 1), spaceAfter: 8, scale: pt.level ? body.levelScale : 1 }),
    );
  const fitsAt = (paras: readonly SlidePara[], at: BodySize) => body.m.fits(paras, body.room, at.size, at.autofit);
  const whole = body.fit(parasOf(points));
  const pages: Point[][] = [];
  if (whole) pages.push(points);
  else {
    let page: Point[] = [];
    for (const pt of points) {
      if (page.length && !fitsAt(parasOf([...page, pt]), body.floor)) {
        pages.push(page);
        page = [];
      }
      page.push(pt);
    }
    pages.push(page);
  }
  const shown = pages.slice(0, DECK_LIMITS.continuation);
  const left = pages.slice(DECK_LIMITS.continuation).reduce((n, pg) => n + pg.length, 0);
  // points split over slides are set at the smallest size, as they were split
  const at = whole ?? body.floor;
  shown.forEach((pg, i) => {
    const s = newSlide(ctx, 'points', 'title-and-content', kicker, title, i > 0);
    let paras = parasOf(pg);
    if (i === shown.length - 1 && left) {
      paras = [...paras, p([run(d.morePoints(left), { italic: true, color: MUTED })], { bullet: false })];
      while (paras.length > 1 && !fitsAt(paras, at)) paras.splice(paras.length - 2, 1);
    }
    s.items.push(textItem('points', body.box, paras, at.size, { placeholder: 'body', ...(at.autofit ? { autofit: at.autofit } : {}) }));
    sourcesLine(ctx, s, [...(i === 0 ? leadCitations : []), ...pg.flatMap((x) => x.citations)]);
  });
}
