/**
 * What other areas use of the exports: the template an export is built on (its type), the layouts our slides
 * use and the choice of a firm's layout for each (a deck template is checked with it), and the deck's finishing
 * pass (a template's previews are drawn with it).
 *
 * Kept light on purpose: nothing here reaches a renderer (docx, pdfkit, pptxgenjs, the chart drawing) or the
 * data layer, because esbuild keeps a CommonJS dependency's code in a bundle even when nothing of it is used, so
 * re-exporting them here would put them in every function that imports this file. The area's own handlers and
 * worker import its operations directly (exports.ts, run-export.ts).
 */
export type { ExportTemplate } from './export-template';
export type { LayoutName } from './pptx/layouts';
export { chooseLayouts, type LayoutChoice, type SlideLayoutPart } from './pptx/template/choose-layout';
export { finishDeck } from './pptx/template/finish';
