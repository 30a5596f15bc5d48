/**
 * What other areas use of the exports: the template an export is built on (its type), the layouts our slides
 * use and the choice of a firm's layout for each (a deck template is checked with it), the deck's finishing
 * pass (a template's previews are drawn with it), and what in a package would fetch from outside it, refused or
 * stripped (a template is checked with it at upload, and its previews are drawn only when nothing is left).
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
export { isSelfContained, refusalsIn, withoutOutsideLinks, type RemovedLink } from './outside-links';
export { unzip as packageParts, zip as packageZip } from './pptx/template/package';
export { tryExportOn } from './try-template';
export { wordPlaceholders } from './word-sample';
