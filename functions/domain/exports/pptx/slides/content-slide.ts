/**
 * A content slide: a layout by name, its action title fitted to the layout's title placeholder and its kicker
 * above it; and a layout's regions, where the slide kinds place their content.
 *
 * On a firm's template the title is set at the size the layout gives it and fitted by fitTitle (fit-text.ts:
 * shortened to its first clause, or scaled by autofit, the whole title in the notes when it is shortened), and the
 * kicker takes the line the frame found for it, or joins the title as its first, smaller paragraph.
 */
import { asTitle } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { DeckSlide, PlanContext, SlideKind, SlidePara } from '../deck-slide';
import { autofitSteps, fitTitle, para, TITLE_MAX_LINES, type Autofit, type Measure, type Room, type TitleLook } from '../fit-text';
import type { Box, LayoutName, TextLook } from '../layouts';
import { TYPE } from '../style';
import { p, run, textItem } from '../text';

const d = exportsTexts.document;

/** A kicker joined to a firm's title is set at this share of the title's size. */
const KICKER_IN_TITLE = 0.45;

const titleLook = (look: TextLook): TitleLook => ({ size: look.sizes[0], measure: look.measure, bold: look.bold, room: look.room, autofits: look.autofits, maxLines: TITLE_MAX_LINES });

/** The kicker as the first paragraph of a firm's title, where the layout has no line for it. */
const kickerInTitle = (ctx: PlanContext, layout: LayoutName, kicker: string): SlidePara[] =>
  kicker && !ctx.frame.layouts[layout].regions.kicker ? [p([run(kicker.toUpperCase(), { bold: true })], { scale: KICKER_IN_TITLE })] : [];

/** Whether a title fits the layout's title placeholder whole (at the smallest size, or a firm's with no shortening). */
export function titleFits(ctx: PlanContext, layout: LayoutName, title: string, kicker = ''): boolean {
  const L = ctx.frame.layouts[layout];
  const look = L.firm?.looks.title;
  if (look) return !fitTitle(title, titleLook(look), kickerInTitle(ctx, layout, kicker)).shortened;
  return L.placeholders.title ? ctx.m.fits([para(title, { bold: true })], L.placeholders.title, TYPE.title.min) : false;
}

/**
 * A content slide in a layout: its action title (fitted, cut with the whole in the notes if need be; a
 * continuation slide's title keeps its "(continued)" and cuts the words before it) and its kicker.
 */
export function newSlide(ctx: PlanContext, kind: SlideKind, layout: LayoutName, kicker: string, title: string, continued = false): DeckSlide {
  const s: DeckSlide = { kind, layout, title: '', items: [], notes: [] };
  const L = ctx.frame.layouts[layout];
  const box = L.placeholders.title;
  const look = L.firm?.looks.title;
  const suffix = continued ? d.continued('') : '';
  if (box && look) {
    firmTitle(ctx, s, asTitle(title), kickerInTitle(ctx, layout, kicker), suffix);
  } else if (box) {
    let t = ctx.m.fitOne(continued ? d.continued(asTitle(title)) : asTitle(title), box, TYPE.title, { bold: true });
    if (continued && t.cut) t = { text: ctx.m.truncateToFit(asTitle(title), box, TYPE.title.min, { bold: true }, undefined, suffix), size: TYPE.title.min, cut: true };
    s.title = t.text;
    s.items.push(textItem('title', box, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: ctx.colours.heading }));
    if (t.cut) s.notes.push(asTitle(title));
  }
  if (kicker && L.regions.kicker) {
    const kbox = { ...L.regions.kicker, w: L.regions.kicker.w - ctx.logoW };
    const shown = ctx.m.truncateToFit(kicker.toUpperCase(), kbox, TYPE.kicker, { bold: true });
    s.items.push(textItem('kicker', kbox, [p([run(shown, { bold: true })])], TYPE.kicker, { color: ctx.colours.mark, valign: 'bottom' }));
  }
  ctx.slides.push(s);
  return s;
}

/**
 * A firm layout's title placeholder holding a title (fitTitle: shortened or scaled), after `lead` paragraphs; the
 * whole title goes to the notes when it is shortened.
 */
export function firmTitle(ctx: PlanContext, s: DeckSlide, title: string, lead: SlidePara[] = [], suffix = ''): void {
  const L = ctx.frame.layouts[s.layout];
  const box = L.placeholders.title;
  const look = L.firm?.looks.title;
  if (!box || !look) return;
  const t = fitTitle(title, titleLook(look), lead, suffix);
  s.title = t.text;
  s.items.push(textItem('title', box, [...lead, p([run(t.text, { bold: look.bold })])], look.sizes[0], { placeholder: 'title', color: ctx.colours.heading, autofit: t.autofit }));
  if (t.shortened) s.notes.push(title);
}

/**
 * Paragraphs in a firm layout's body placeholder at the layout's size, at the largest autofit down to
 * MIN_FONT_SCALE: as many as fit from the first (the first always, cut to fit), the others to the notes.
 */
export function firmBody(ctx: PlanContext, s: DeckSlide, role: string, paras: readonly SlidePara[]): void {
  const L = ctx.frame.layouts[s.layout];
  const box = L.placeholders.body;
  const look = L.firm?.looks.body;
  const texts = paras.map((x) => x.runs.map((r) => r.text).join(''));
  if (!box || !look || !paras.length) {
    s.notes.push(...texts.filter(Boolean));
    return;
  }
  const m = look.measure;
  let n = paras.length;
  let autofit = m.autofit(paras, look.room, look.sizes[0]);
  while (!autofit && n > 1) autofit = m.autofit(paras.slice(0, --n), look.room, look.sizes[0]);
  let shown = paras.slice(0, n);
  if (!autofit) {
    autofit = autofitSteps().at(-1)!;
    shown = [p([run(m.truncateToFit(texts[0]!, look.room, look.sizes[0], {}, autofit))])];
  }
  s.items.push(textItem(role, box, shown, look.sizes[0], { placeholder: 'body', autofit }));
  if (n < paras.length || shown[0] !== paras[0]) s.notes.push(...texts.slice(shown[0] === paras[0] ? n : 0).filter(Boolean));
}

/** How a layout's body placeholder sets text: ours in a range of sizes, or a firm's at its layout's sizes under an autofit. */
export interface BodyFit {
  /** where the text item goes */
  box: Box;
  m: Measure;
  /** the room its text takes (inches) */
  room: Room;
  /** a second-level paragraph's size as a share of the first level's */
  levelScale: number;
  /** the largest size (and autofit) at which the paragraphs fit, or null */
  fit(paras: readonly SlidePara[]): BodySize | null;
  /** the smallest, at which paragraphs that do not fit are split over slides */
  floor: BodySize;
}

export interface BodySize {
  size: number;
  autofit?: Autofit;
}

export function bodyFit(ctx: PlanContext, layout: LayoutName, range: { max: number; min: number }, levelScale: number): BodyFit {
  const L = ctx.frame.layouts[layout];
  const look = L.firm?.looks.body;
  if (L.placeholders.body && look) {
    const size = look.sizes[0];
    return {
      box: L.placeholders.body,
      m: look.measure,
      room: look.room,
      levelScale: look.sizes[1] / look.sizes[0],
      fit: (paras) => {
        const autofit = look.measure.autofit(paras, look.room, size);
        return autofit ? { size, autofit } : null;
      },
      floor: { size, autofit: autofitSteps().at(-1)! },
    };
  }
  const box = region(ctx, layout, 'body');
  return {
    box,
    m: ctx.m,
    room: box,
    levelScale,
    fit: (paras) => {
      const size = ctx.m.fitSize(paras, box, range.max, range.min);
      return size === null ? null : { size };
    },
    floor: { size: range.min },
  };
}

/** A layout's region (every content layout has the ones asked for). */
export const region = (ctx: PlanContext, layout: LayoutName, name: 'body' | 'left' | 'right'): Box => ctx.frame.layouts[layout].regions[name]!;
