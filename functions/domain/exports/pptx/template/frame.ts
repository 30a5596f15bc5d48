/**
 * The frame a deck is planned in on a firm's template (layouts.ts DeckFrame), in the template's own slide size:
 * - each of our layouts on the template's layout chosen for it (choose-layout.ts); a slide of ours with no text
 *   for a body placeholder (title-only, two-content: a chart, a table, our own drawing) goes on the template's
 *   Title Only layout, so no empty placeholder is left on it;
 * - the title and body placeholders' boxes and looks (inherit.ts): the sizes the layout gives each level, its
 *   font (measured as fonts.ts firmFont says), whether it autofits; the boxes where the template's own slides
 *   place them, when they place them elsewhere than their layout (its cover, its first content slide), and inside
 *   the slide;
 * - the content regions: the template's content layout's body placeholder (the area its designer keeps for
 *   content), under the title and above the footer; the two-content layout's two placeholders side by side;
 * - the sources line under the content, above the template's footer placeholders, or the content's last line;
 * - the kicker where the layout has room for a line of it, above the title or under it, clear of the template's
 *   artwork; else it joins the title (no kicker region).
 */
import { firmFont } from '../fonts';
import { INK } from '../style';
import { measureIn, type Room } from '../fit-text';
import { LAYOUT_NAMES, LAYOUTS, type Box, type DeckFrame, type FurnitureType, type Layout, type LayoutName, type TextLook } from '../layouts';
import { contrastRatio } from '@shared/domain/brand';
import { colourHex, type EmuBox, type Paint, type PlaceholderLook, type ThemeFonts } from './inherit';

/** One of the template's own slides: its layout, and where it places its title and body itself (its own boxes). */
export interface TemplateSlide {
  layout: string;
  boxes: Partial<Record<'title' | 'body', EmuBox>>;
}

export interface TemplateLayoutInfo {
  path: string;
  master: string;
  type: string;
  name: string;
  placeholders: PlaceholderLook[];
  /** the boxes of what the layout draws besides its placeholders (its master's drawing too, unless it hides it) */
  artwork: EmuBox[];
  /** the same with their fills, in drawing order, and the slide's background (hex; null: a picture) */
  paints: Paint[];
  background: string | null;
}


const EMU = 914400;
/** inches: the kicker's line (the built-in's), and the least of it that still holds its text */
const KICKER_H = 0.26;
const KICKER_MIN_H = KICKER_H * 0.75;
/** inches: the sources line and the gaps around it and under a title */
const SOURCES_H = 0.26;
const GAP = 0.08;
/** two-content without the template's own pair of placeholders: the left region's share of the content width, and the gutter (inches) */
const TWO_CONTENT_LEFT = 0.58;
const TWO_CONTENT_GUTTER = 0.3;

const TITLES = ['title', 'ctrTitle'];
/** the furniture placeholders, the slide number first (when two collide, the first is kept) */
const FURNITURE: readonly FurnitureType[] = ['sldNum', 'ftr', 'dt'];
const inches = (b: EmuBox): Box => ({ x: b.x / EMU, y: b.y / EMU, w: b.cx / EMU, h: b.cy / EMU });
const meets = (a: Box, b: Box) => Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);

/** The body placeholders of a layout (text and content placeholders), left to right. */
const bodiesOf = (l: TemplateLayoutInfo, withSubtitle: boolean) =>
  l.placeholders.filter((p) => p.box && (p.type === 'obj' || p.type === 'body' || (withSubtitle && p.type === 'subTitle'))).sort((a, b) => a.box!.x - b.box!.x || a.box!.y - b.box!.y);

/** The text colour that reads on a background: black or white, whichever contrasts more. */
const readableOn = (bg: string) => (contrastRatio('#000000', `#${bg}`) >= contrastRatio('#FFFFFF', `#${bg}`) ? '000000' : 'FFFFFF');
/** Text must contrast this much with what it is drawn on (WCAG's large text). */
const LEGIBLE = 3;

/**
 * A placeholder's look; its colour made black or white where the layout's own would not read on what the
 * layout draws behind the placeholder (`backdrop`, hex; null when that is a picture), as a template converted by
 * LibreOffice may have it.
 */
function lookOf(p: PlaceholderLook, theme: Record<string, string> = {}, backdrop: string | null = null): TextLook {
  const [first, second] = p.levels;
  const colour = (first.colour ? colourHex(first.colour, theme) : null) ?? theme.dk1 ?? '000000';
  const swap = backdrop !== null && contrastRatio(`#${colour}`, `#${backdrop}`) < LEGIBLE ? readableOn(backdrop) : null;
  const box = inches(p.box!);
  const room: Room = { w: Math.max(0.1, box.w - (p.insets.l + p.insets.r) / EMU), h: Math.max(0.1, box.h - (p.insets.t + p.insets.b) / EMU) };
  return {
    sizes: [first.size, second.size],
    measure: measureIn(firmFont(first.typeface), { lineSpacing: first.lineSpacing }),
    bold: first.bold,
    room,
    autofits: p.autofit === 'norm',
    explicit: {
      size: first.explicit.size,
      typeface: first.explicit.typeface ? first.typeface : null,
      colour: swap ? `<a:srgbClr val="${swap}"/>` : first.explicit.colour ? first.colour : null,
    },
  };
}

/** What text at the middle of a box is read against on a layout: the topmost shape drawn there, else the slide's background (null: a picture). */
function backdropOf(l: TemplateLayoutInfo, b: Box): string | null {
  const x = (b.x + b.w / 2) * EMU;
  const y = (b.y + b.h / 2) * EMU;
  const top = [...l.paints].reverse().find((p) => x >= p.box.x && x <= p.box.x + p.box.cx && y >= p.box.y && y <= p.box.y + p.box.cy);
  return top ? top.fill : l.background;
}

export function firmFrame(t: {
  size: { cx: number; cy: number };
  layouts: readonly TemplateLayoutInfo[];
  chosen: Record<LayoutName, string>;
  fonts: ThemeFonts;
  colours: Record<string, string>;
  samples: readonly TemplateSlide[];
}): DeckFrame {
  const slide = { w: t.size.cx / EMU, h: t.size.cy / EMU };
  const info = (name: LayoutName) => t.layouts.find((l) => l.path === t.chosen[name]) ?? t.layouts[0]!;
  const titleOf = (l: TemplateLayoutInfo) => l.placeholders.find((p) => TITLES.includes(p.type) && p.box);
  // where the template's own slides place their title and body: the cover (its first slide, on the title
  // layout), and the first content slide on the content layout, which our content slides on layouts like it follow
  const content = info('title-and-content');
  const cover = t.samples[0]?.layout === t.chosen.title ? t.samples[0].boxes : {};
  const contentPlaced = t.samples.slice(1).find((x) => x.layout === content.path)?.boxes ?? {};
  const sameBox = (a: EmuBox | undefined, b: EmuBox | undefined) => Boolean(a && b && Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.cx - b.cx) + Math.abs(a.cy - b.cy) < 4);
  const placement = (name: LayoutName, onto: TemplateLayoutInfo): Partial<Record<'title' | 'body', EmuBox>> => {
    if (name === 'title' || name === 'section') return onto.path === t.chosen.title ? cover : {};
    if (onto.path === content.path) return contentPlaced;
    return onto.master === content.master && sameBox(titleOf(onto)?.box, titleOf(content)?.box) && contentPlaced.title ? { title: contentPlaced.title } : {};
  };
  // the content area: the content layout's body placeholder (as its own slides place it), else what its title leaves of the slide
  const contentBody = bodiesOf(content, false)[0];
  const contentTitle = contentPlaced.title ?? titleOf(content)?.box;
  const below = contentTitle ? inches(contentTitle).y + inches(contentTitle).h + GAP : slide.h * 0.2;
  const area: Box = contentPlaced.body ? inches(contentPlaced.body) : contentBody ? inches(contentBody.box!) : { x: slide.w * 0.08, y: below, w: slide.w * 0.84, h: slide.h * 0.9 - below };

  /**
   * A placeholder where the template's own slide places it (else where its layout does), inside the slide, under
   * `top` and above `bottom`: its box, whether that is not the layout's own (our slide then says where), and its
   * look there.
   */
  const placed = (p: PlaceholderLook, onto: TemplateLayoutInfo, at: EmuBox | undefined, bottom = slide.h, top = 0) => {
    const b = inches(at ?? p.box!);
    const x = Math.max(0, b.x);
    const y = Math.max(top, b.y);
    const box = { x, y, w: Math.min(b.x + b.w, slide.w) - x, h: Math.min(b.y + b.h, bottom) - y };
    const own = inches(p.box!);
    const moved = Math.abs(box.x - own.x) + Math.abs(box.y - own.y) + Math.abs(box.w - own.w) + Math.abs(box.h - own.h) > 1e-5;
    return { box, moved, look: lookOf({ ...p, box: { x: box.x * EMU, y: box.y * EMU, cx: box.w * EMU, cy: box.h * EMU } }, t.colours, backdropOf(onto, box)) };
  };

  const layout = (name: LayoutName): Layout => {
    const onto = info(name === 'two-content' ? 'title-only' : name);
    const at = placement(name, onto);
    const titlePh = name === 'blank' ? undefined : titleOf(onto);
    const title = titlePh ? placed(titlePh, onto, at.title) : undefined;
    const bodyPh = name === 'title' || name === 'section' || name === 'title-and-content' ? bodiesOf(onto, name !== 'title-and-content')[0] : undefined;
    // the footer, date and slide number placeholders that lie on the slide, clear of the title and of each other
    const furniture: { type: FurnitureType; look: TextLook; box: Box }[] = [];
    for (const type of FURNITURE) {
      const ph = onto.placeholders.find((p) => p.type === type && p.box);
      if (!ph) continue;
      const box = inches(ph.box!);
      const onSlide = box.x >= 0 && box.y >= 0 && box.x + box.w <= slide.w + 1e-6 && box.y + box.h <= slide.h + 1e-6;
      if (onSlide && !(title && meets(box, title.box)) && !furniture.some((f) => meets(box, f.box))) furniture.push({ type, look: lookOf(ph, t.colours, backdropOf(onto, box)), box });
    }
    const firm = (body: ReturnType<typeof placed> | undefined): NonNullable<Layout['firm']> => ({
      path: onto.path,
      looks: { ...(title ? { title: title.look } : {}), ...(body ? { body: body.look } : {}) },
      furniture: furniture.map(({ type, look }) => ({ type, look })),
      moved: { ...(title?.moved ? { title: title.box } : {}), ...(body?.moved ? { body: body.box } : {}) },
    });
    const placeholders = (body: ReturnType<typeof placed> | undefined) => ({ ...(title ? { title: title.box } : {}), ...(body ? { body: body.box } : {}) });
    const master = LAYOUTS[name].master;
    if (name === 'title' || name === 'section') {
      // the subtitle under the title where the two would meet
      const under = title && bodyPh && meets(inches(at.body ?? bodyPh.box!), title.box) ? title.box.y + title.box.h + GAP : 0;
      const body = bodyPh ? placed(bodyPh, onto, at.body, slide.h, under) : undefined;
      return { name, master, placeholders: placeholders(body), regions: {}, framed: false, firm: firm(body) };
    }

    // this layout's content area: under its title, above its footer placeholders, with the sources line under it
    const furnitureTop = Math.min(slide.h, ...furniture.filter((f) => f.box.y > area.y + area.h / 2).map((f) => f.box.y));
    const top = Math.max(area.y, title ? title.box.y + title.box.h + GAP : area.y);
    const floor = furnitureTop - GAP;
    const bottom = Math.min(area.y + area.h, floor) - (floor - Math.min(area.y + area.h, floor) >= SOURCES_H + GAP ? 0 : SOURCES_H + GAP);
    const regions: Layout['regions'] = { body: { x: area.x, y: top, w: area.w, h: bottom - top }, sources: { x: area.x, y: bottom + GAP, w: area.w, h: SOURCES_H } };
    // the body placeholder ends where the sources line starts
    const body = bodyPh ? placed(bodyPh, onto, at.body, bottom, top) : undefined;
    if (name === 'two-content') {
      // the content area split as the template's two-content layout splits its width, else 58:42
      const pair = bodiesOf(info('two-content'), false).map((p) => inches(p.box!));
      const sideBySide = pair.length >= 2 && pair[0]!.x + pair[0]!.w <= pair[1]!.x;
      const span = sideBySide ? pair[1]!.x + pair[1]!.w - pair[0]!.x : 1;
      const leftW = sideBySide ? (area.w * pair[0]!.w) / span : (area.w - TWO_CONTENT_GUTTER) * TWO_CONTENT_LEFT;
      const gutter = sideBySide ? (area.w * (pair[1]!.x - pair[0]!.x - pair[0]!.w)) / span : TWO_CONTENT_GUTTER;
      regions.left = { x: area.x, y: top, w: leftW, h: bottom - top };
      regions.right = { x: area.x + leftW + gutter, y: top, w: area.w - leftW - gutter, h: bottom - top };
    }
    // the kicker: a line above the title, else under it, where the layout draws nothing; else it joins the title
    if (title) {
      const t = title.box;
      const clear = (b: Box) => b.h >= KICKER_MIN_H && b.y >= 0 && !onto.artwork.some((a) => meets(b, inches(a)));
      const above = { x: t.x, y: t.y - Math.min(KICKER_H, t.y), w: t.w, h: Math.min(KICKER_H, t.y) };
      const under = { x: t.x, y: t.y + t.h, w: t.w, h: Math.min(KICKER_H, top - GAP - (t.y + t.h)) };
      if (clear(above)) regions.kicker = above;
      else if (clear(under)) regions.kicker = under;
    }
    return { name, master, placeholders: placeholders(body), regions, framed: true, firm: firm(body) };
  };
  const layouts = Object.fromEntries(LAYOUT_NAMES.map((n) => [n, layout(n)])) as Record<LayoutName, Layout>;
  // our own text on the content area: in our ink where it reads there, else in black or white (on a picture, in
  // the template's own body colour where that is light)
  const ground = backdropOf(content, area);
  const bodyColour = contentBody?.levels[0].colour ? colourHex(contentBody.levels[0].colour, t.colours) : null;
  const ink = ground !== null ? (contrastRatio(`#${INK}`, `#${ground}`) >= LEGIBLE ? undefined : readableOn(ground)) : bodyColour && contrastRatio(`#${bodyColour}`, '#FFFFFF') < LEGIBLE ? bodyColour : undefined;
  return { slide, layouts, measure: measureIn(firmFont(t.fonts.minor)), firm: true, ...(ink ? { ink } : {}) };
}
