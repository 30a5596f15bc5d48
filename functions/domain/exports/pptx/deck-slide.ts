/**
 * The plan of a deck: each slide's kind, its named layout (layouts.ts), its title as shown, its items placed in
 * inches with their text measured and sized (fit-text.ts), and its speaker notes. planDeck (plan.ts) makes it;
 * the writer (write.ts) writes it as it is. Every slide builder (slides/) is handed the plan's context.
 */
import type { PptxChart } from '../../visuals/to-pptx-chart';
import type { ChartRenderer } from '../charts';
import type { ExportModel } from '../model';
import type { Autofit, Measure, MeasurePara, MeasureRun } from './fit-text';
import type { Box, DeckFrame, FurnitureType, LayoutName } from './layouts';
import type { Colours } from './style';

export interface SlideRun extends MeasureRun {
  color?: string;
}

export interface SlidePara extends MeasurePara {
  runs: SlideRun[];
  bullet?: boolean;
  /** a bullet one level down (indented twice) */
  level?: 0 | 1;
  align?: 'left' | 'center' | 'right';
}

export interface TextItem {
  kind: 'text';
  /** what the text is (title, kicker, key-line, quote, …): for tests and for reading the plan */
  role: string;
  box: Box;
  paras: SlidePara[];
  size: number;
  color: string;
  valign: 'top' | 'middle' | 'bottom';
  align?: 'left' | 'center' | 'right';
  placeholder?: 'title' | 'body';
  /** in a firm's placeholder: the text at the layout's sizes, scaled as this autofit says */
  autofit?: Autofit;
}

export interface ShapeItem {
  kind: 'shape';
  shape: 'rect' | 'roundRect' | 'ellipse' | 'line';
  box: Box;
  fill?: string;
  line?: string;
  lineWidth?: number;
  dash?: boolean;
}

export interface ChartItem {
  kind: 'chart';
  box: Box;
  chart: PptxChart;
  alt: string;
}

export interface ImageItem {
  kind: 'image';
  box: Box;
  png: Uint8Array;
  mime: string;
  alt: string;
}

export interface TableCell {
  paras: SlidePara[];
  color: string;
  fill?: string;
  align: 'left' | 'center' | 'right';
}

export interface TableItem {
  kind: 'table';
  box: Box;
  colW: number[];
  rowH: number[];
  rows: TableCell[][];
  size: number;
}

export type SlideItem = TextItem | ShapeItem | ChartItem | ImageItem | TableItem;

export type SlideKind =
  | 'title'
  | 'executive-summary'
  | 'dimension-scores'
  | 'theme'
  | 'further-findings'
  | 'swot'
  | 'recommendations'
  | 'roadmap'
  | 'figure'
  | 'points'
  | 'table'
  | 'section'
  | 'sources';

/** A firm layout's footer, date or slide number, with what it says. */
export interface FurnitureText {
  type: FurnitureType;
  text: string;
}

export interface DeckSlide {
  kind: SlideKind;
  layout: LayoutName;
  /** on a firm's template: the layout's footer, date and slide number, filled (none on the cover) */
  furniture?: FurnitureText[];
  /** the title as shown (an action title on every content slide) */
  title: string;
  items: SlideItem[];
  /** the speaker notes, paragraph by paragraph */
  notes: string[];
}

/** What the slide builders share while a deck is planned: the model, the chart renderer, the colours, the slides so far. */
export interface PlanContext {
  model: ExportModel;
  /** where the deck is planned: the built-in frame or a firm template's */
  frame: DeckFrame;
  /** the measure of the text we place ourselves (not in a placeholder) */
  m: Measure;
  charts: ChartRenderer;
  colours: Colours;
  slides: DeckSlide[];
  /** the logo of the built-in frame's kicker row (its width takes the right of the row), or none */
  logoW: number;
  /** figures the storyline already shows (the dimension-score chart) */
  shown: Set<string>;
}
