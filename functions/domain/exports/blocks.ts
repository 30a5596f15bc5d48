/**
 * The blocks a section is walked into (model.ts) and every exporter reads (docx.ts, pdf.ts, pptx/): runs of
 * marked text, headings, paragraphs, lists, tables, quotes, code, figures and the SWOT 2×2. Types only, below
 * everything else of the export model: the storyline (story.ts) and the optional sections (extras.ts) use them,
 * and the model (model.ts) builds on all three.
 */
import type { ChartData } from '@shared/domain/report/chart-data';
import type { SwotQuadrant } from '@shared/schemas/report-document';
import type { Visual } from '@shared/schemas/visuals';

/** A piece of text with its marks. `citation` is the document-wide note number of a citation mark. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  /** only http(s) and mailto links survive; anything else is plain text */
  link?: string;
  citation?: number;
  /** a hard line break (the text is empty) */
  break?: boolean;
}

export type Align = 'left' | 'right' | 'center';

export interface FigureBlock {
  kind: 'figure';
  /** figure number in the document (order of appearance) */
  n: number;
  visualId: string;
  caption: string;
  /** null when the visual no longer exists */
  figure: ExportFigure | null;
}

export interface SwotBlock {
  kind: 'swot';
  /** always the four quadrants, in SWOT order */
  quadrants: { key: SwotQuadrant; title: string; items: Run[][] }[];
}

export type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; number: string; runs: Run[]; text: string; anchor: string }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { kind: 'table'; align: (Align | null)[]; header: Run[][]; rows: Run[][][]; weights: number[] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' }
  | FigureBlock
  | SwotBlock;

export interface ExportFigure {
  visual: Visual;
  data: ChartData;
}
