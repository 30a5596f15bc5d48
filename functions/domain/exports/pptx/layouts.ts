/**
 * The deck's named slide layouts: where each kind of content goes on a 16:9 slide, and the slide masters that
 * carry them (pptxgenjs `defineSlideMaster`, one layout part per name, with real placeholders for the title and
 * the body text, so PowerPoint's outline, accessibility checker and "Reset slide" know them).
 *
 * Slides choose a layout by name and put their content into its regions; nothing else on a slide knows a
 * coordinate of the frame. A firm's template maps these names to its own masters' layouts (template/choose-layout.ts):
 * - `title`: the cover (title and subtitle placeholders);
 * - `title-and-content`: an action title and one body region (a body placeholder for text);
 * - `title-only`: an action title and one region for a chart, a table or a drawing (no body placeholder, so
 *   no empty "Click to add text" is left behind);
 * - `two-content`: an action title and two regions side by side (a callout or a chart beside text);
 * - `section`: a section header (title and subtitle placeholders on the brand colour);
 * - `blank`: nothing but the frame.
 */
import type PptxGenJS from 'pptxgenjs';
import { BUILT_IN_MEASURE, type Measure, type Room } from './fit-text';

/** LAYOUT_WIDE: 13.333 × 7.5 inches. */
export const SLIDE = { w: 13.333, h: 7.5 } as const;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const LAYOUT_NAMES = ['title', 'title-and-content', 'title-only', 'two-content', 'section', 'blank'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

/** A firm layout's furniture: its date, footer and slide number placeholders. */
export type FurnitureType = 'dt' | 'ftr' | 'sldNum';

/** Placeholders a layout holds, by the name slide text targets. */
export type PlaceholderName = 'title' | 'body';

/** How a firm's placeholder sets text: at the layout's sizes, in its font, fitted by autofit (fit-text.ts). */
export interface TextLook {
  /** points: the first and second outline levels */
  sizes: readonly [number, number];
  measure: Measure;
  bold: boolean;
  /** inches, inside the placeholder's insets */
  room: Room;
  /** the layout shrinks the placeholder's text itself (`normAutofit`) */
  autofits: boolean;
  /** the size, typeface and colour written on our runs, where the template keeps its look where PowerPoint does not read it */
  explicit: { size: boolean; typeface: string | null; colour: string | null };
}

export interface Layout {
  name: LayoutName;
  /** the slide master's name in the file (pptxgenjs `masterName`) */
  master: string;
  /** text placeholders (a slide fills each one it uses; a layout has only those its slides always fill) */
  placeholders: Partial<Record<PlaceholderName, Box>>;
  /** content regions (charts, tables, shapes and free text go here) */
  regions: Partial<Record<'body' | 'left' | 'right' | 'kicker' | 'sources', Box>>;
  /** the brand band, footer and slide number of content slides */
  framed: boolean;
  /**
   * on a firm's template: the layout our slide is moved onto (its path), how its placeholders set text, and its
   * footer, date and slide number placeholders
   */
  firm?: {
    path: string;
    looks: Partial<Record<PlaceholderName, TextLook>>;
    furniture: readonly { type: FurnitureType; look: TextLook }[];
    /** placeholders whose box the layout puts off the slide or into the footer, and where ours go instead */
    moved: Partial<Record<PlaceholderName, Box>>;
  };
}

/** Where a deck is planned: the slide, its layouts, and the measure of the text we place ourselves. */
export interface DeckFrame {
  /** inches */
  slide: { w: number; h: number };
  layouts: Record<LayoutName, Layout>;
  measure: Measure;
  /** a firm's template: its colours, fonts, layouts and furniture are the firm's */
  firm: boolean;
  /** on a firm's template whose content area our ink would not read on: the colour our text there takes (hex) */
  ink?: string;
}

const X = 0.6;
const CW = SLIDE.w - 2 * X;
/** the content area under the title */
const BODY_TOP = 1.98;
const BODY_BOTTOM = 6.6;
const BODY = { x: X, y: BODY_TOP, w: CW, h: BODY_BOTTOM - BODY_TOP };
/** the two-content split: a wide left region and a narrower right one, with a gutter */
const LEFT_W = 7.0;
const GUTTER = 0.4;

export const FRAME = {
  x: X,
  contentWidth: CW,
  /** the kicker (which part of the report this slide is in) above the title */
  kicker: { x: X, y: 0.36, w: CW, h: 0.26 },
  /** the action title: up to three lines */
  title: { x: X, y: 0.64, w: CW, h: 1.04 },
  /** the accent rule under the title */
  rule: { x: X, y: 1.78, w: 1.2 },
  body: BODY,
  /** the source line under the content */
  sources: { x: X, y: 6.66, w: CW - 1.0, h: 0.3 },
  footer: { x: X, y: 7.05, w: CW - 1.5, h: 0.26 },
  slideNumber: { x: SLIDE.w - X - 0.8, y: 7.05, w: 0.8, h: 0.26 },
  /** the logo, at the top right, inside the kicker's row */
  logo: { x: SLIDE.w - X, y: 0.22, maxW: 1.4, maxH: 0.36 },
} as const;

/**
 * A content slide's layout: framed, its action title in the frame's title placeholder (and a body placeholder when
 * its text always fills one), its own regions, and the frame's kicker and source lines.
 */
function contentLayout(name: LayoutName, master: string, regions: Layout['regions'], bodyPlaceholder?: Box): Layout {
  return {
    name,
    master,
    placeholders: { title: FRAME.title, ...(bodyPlaceholder ? { body: bodyPlaceholder } : {}) },
    regions: { ...regions, kicker: FRAME.kicker, sources: FRAME.sources },
    framed: true,
  };
}

export const LAYOUTS: Record<LayoutName, Layout> = {
  title: {
    name: 'title',
    master: 'TITLE',
    placeholders: { title: { x: X, y: 2.0, w: CW, h: 1.8 }, body: { x: X, y: 4.0, w: CW, h: 0.6 } },
    regions: { body: { x: X, y: 4.85, w: CW, h: 1.25 } },
    framed: false,
  },
  'title-and-content': contentLayout('title-and-content', 'TITLE_AND_CONTENT', { body: BODY }, BODY),
  'title-only': contentLayout('title-only', 'TITLE_ONLY', { body: BODY }),
  'two-content': contentLayout('two-content', 'TWO_CONTENT', {
    left: { x: X, y: BODY_TOP, w: LEFT_W, h: BODY.h },
    right: { x: X + LEFT_W + GUTTER, y: BODY_TOP, w: CW - LEFT_W - GUTTER, h: BODY.h },
  }),
  section: {
    name: 'section',
    master: 'SECTION_HEADER',
    placeholders: { title: { x: X, y: 2.7, w: CW, h: 1.3 }, body: { x: X, y: 4.15, w: CW, h: 0.7 } },
    regions: {},
    framed: false,
  },
  blank: { name: 'blank', master: 'BLANK', placeholders: {}, regions: {}, framed: true },
};

/** The built-in template's frame: our layouts on a 16:9 slide, measured in Calibri. */
export const BUILT_IN_FRAME: DeckFrame = { slide: SLIDE, layouts: LAYOUTS, measure: BUILT_IN_MEASURE, firm: false };

export interface MasterStyle {
  font: string;
  /** hex without # */
  primary: string;
  accent: string;
  onPrimary: string;
  titleColour: string;
  muted: string;
  footer: string;
  /** the logo as a data URL and its size in inches, or null */
  logo: { data: string; w: number; h: number } | null;
}

/** Defines one slide master per layout; slides then take `{ masterName: LAYOUTS[name].master }`. */
export function defineLayouts(pptx: PptxGenJS, style: MasterStyle): void {
  for (const layout of Object.values(LAYOUTS)) {
    const objects: NonNullable<PptxGenJS.SlideMasterProps['objects']> = [];
    const text = { fontFace: style.font, margin: 0, valign: 'top' as const };
    if (layout.framed) {
      objects.push({ rect: { x: 0, y: 0, w: SLIDE.w, h: 0.1, fill: { color: style.primary } } });
      if (layout.placeholders.title) objects.push({ line: { x: FRAME.rule.x, y: FRAME.rule.y, w: FRAME.rule.w, h: 0, line: { color: style.accent, width: 2.5 } } });
      objects.push({ text: { text: style.footer, options: { ...FRAME.footer, ...text, fontSize: 9, color: style.muted, valign: 'middle' } } });
      if (style.logo) objects.push({ image: { x: FRAME.logo.x - style.logo.w, y: FRAME.logo.y, w: style.logo.w, h: style.logo.h, data: style.logo.data } });
    }
    if (layout.placeholders.title) {
      const big = layout.name === 'title' || layout.name === 'section';
      objects.push({
        placeholder: {
          options: { name: 'title', type: 'title', ...layout.placeholders.title, ...text, valign: big ? 'bottom' : 'top', bold: true, fontSize: big ? 40 : 26, color: big ? style.onPrimary : style.titleColour },
          text: '',
        },
      });
    }
    if (layout.placeholders.body) {
      const big = layout.name === 'title' || layout.name === 'section';
      objects.push({
        placeholder: { options: { name: 'body', type: 'body', ...layout.placeholders.body, ...text, fontSize: big ? 22 : 16, color: big ? style.onPrimary : '1E293B' }, text: '' },
      });
    }
    pptx.defineSlideMaster({
      title: layout.master,
      background: { color: layout.name === 'title' || layout.name === 'section' ? style.primary : 'FFFFFF' },
      objects,
      ...(layout.framed ? { slideNumber: { ...FRAME.slideNumber, fontFace: style.font, fontSize: 9, color: style.muted, align: 'right' as const } } : {}),
    });
  }
}
