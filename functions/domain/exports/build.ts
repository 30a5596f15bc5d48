/**
 * One export's file from the model (pure, in memory): each requested format, or the three zipped for "all",
 * named from the report's title and the export's date. The charts are drawn once and shared by the formats.
 * Word and PowerPoint are built on the firm's template chosen on step 10 when there is one, and the PDF follows
 * the Word template's look (its notes name the fonts set in a stand-in).
 */
import { SINGLE_FORMATS, type ExportFormat, type ExportStage, type SingleFormat } from '@shared/schemas/exports';
import { chartRenderer, type ChartRenderer } from './charts';
import { renderDocx } from './docx';
import { CONTENT_TYPES, exportFileName } from './file-names';
import type { ExportTemplate } from './export-template';
import type { ExportModel } from './model';
import { pdfNotes, renderPdf } from './pdf';
import { renderPptx } from './pptx';
import { renderZip } from './zip';

const RENDERERS: Record<SingleFormat, (model: ExportModel, charts: ChartRenderer, template?: ExportTemplate) => Promise<Uint8Array>> = {
  docx: renderDocx,
  pdf: renderPdf,
  pptx: renderPptx,
};

/** Builds the file of one export in memory; `progress` is told what it is doing (0–100). */
export async function buildExportFile(
  model: ExportModel,
  format: ExportFormat,
  at: Date,
  progress: (stage: ExportStage, percent: number) => Promise<void> = async () => undefined,
  templates: Partial<Record<'docx' | 'pptx', ExportTemplate>> = {},
): Promise<{ bytes: Uint8Array; fileName: string; contentType: string; notes: string[] }> {
  const charts = chartRenderer(model.brand);
  const singles: readonly SingleFormat[] = format === 'all' ? SINGLE_FORMATS : [format];
  const files: { name: string; bytes: Uint8Array }[] = [];
  const notes: string[] = [];
  // the PDF follows the Word template
  const templateOf = (f: SingleFormat) => templates[f === 'pdf' ? 'docx' : f];
  for (const [i, f] of singles.entries()) {
    await progress(f, 15 + Math.round((70 * i) / singles.length));
    files.push({ name: exportFileName(model.title, at, f), bytes: await RENDERERS[f](model, charts, templateOf(f)) });
    if (f === 'pdf') notes.push(...pdfNotes(templates.docx));
  }
  if (format !== 'all') return { bytes: files[0]!.bytes, fileName: files[0]!.name, contentType: CONTENT_TYPES[format], notes };
  await progress('zip', 86);
  return { bytes: await renderZip(files, at), fileName: exportFileName(model.title, at, 'all'), contentType: CONTENT_TYPES.all, notes };
}

