/**
 * The deck's look: the font, the ink, muted and rule colours, the type sizes a text is set at and may shrink to,
 * the limits of what one slide shows, and the brand's colours as the slides use them.
 */
import { whiteTextPasses } from '@shared/domain/brand';
import type { ExportModel } from '../model';

export const FONT = 'Calibri';
export const INK = '1E293B';
export const MUTED = '64748B';
export const RULE = 'CBD5E1';
export const WHITE = 'FFFFFF';
export const hex = (c: string) => c.replace('#', '').toUpperCase();

/** Type sizes (points): the largest a text is set at, and the smallest it may shrink to before it is split or cut. */
export const TYPE = {
  title: { max: 26, min: 20 },
  cover: { max: 40, min: 28 },
  kicker: 11,
  body: { max: 18, min: 13 },
  keyLine: { max: 16, min: 12 },
  support: { max: 18, min: 12 },
  quote: { max: 15, min: 12 },
  callout: { max: 54, min: 24 },
  caption: { max: 15, min: 12 },
  table: { max: 13, min: 10 },
  swot: { max: 14, min: 10 },
  gantt: { max: 11, min: 9 },
  sources: 9,
  notesChars: 1800,
} as const;

export const DECK_LIMITS = {
  /** themes told one per slide; the rest share a table */
  themeSlides: 12,
  /** a quote on a slide is at most this long (the whole passage is in the notes) */
  quoteChars: 280,
  /** continuation slides of one list of points or one table at most */
  continuation: 3,
  /** slides of sources at most (the full report lists every passage) */
  sourceSlides: 4,
  /** key lines and priority actions on the executive summary */
  actions: 3,
  /** characters of a point (its first sentence, shortened) */
  pointChars: 200,
  cellChars: 120,
} as const;

export const BULLET_INDENT = 18;
export const CELL_PAD = 0.08;

export interface Colours {
  primary: string;
  accent: string;
  wash: string;
  onPrimary: string;
  /** titles and headings: the brand colour where it reads on white, else ink */
  heading: string;
  /** the secondary colour, or a darker tint of the primary, for small marks on white */
  mark: string;
}

export function coloursOf(model: ExportModel): Colours {
  const b = model.brand;
  const heading = whiteTextPasses(b.primary) ? hex(b.primary) : INK;
  const markSource = b.secondary && whiteTextPasses(b.secondary) ? b.secondary : whiteTextPasses(b.accent) ? b.accent : b.primary;
  return { primary: hex(b.primary), accent: hex(b.accent), wash: hex(b.wash), onPrimary: hex(b.onPrimary), heading, mark: whiteTextPasses(markSource) ? hex(markSource) : INK };
}
