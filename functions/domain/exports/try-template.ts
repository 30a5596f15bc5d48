/**
 * A template tried before it is kept: a short sample report (cover fields, two sections with a sub-heading, a
 * paragraph with bold and a link, both kinds of list and a table) exported on it, in the format it is for, with
 * the exporter every report export uses. A template that passes the upload's check but on which that export
 * fails is refused at upload with the exporter's reason, rather than kept and failing every export.
 */
import { chartRenderer } from './charts';
import { renderDocx } from './docx';
import type { ExportTemplate } from './export-template';
import { buildExportModel, type ExportModel } from './model';
import { renderPptx } from './pptx';

const SAMPLE_CONTENT = [
  'The sample report a template is tried on, with **bold** text and [a link](https://example.com).',
  '',
  '## Scope',
  '',
  '- one point',
  '- another point',
  '',
  '1. a first step',
  '2. a second step',
  '',
  '| Item | Value |',
  '| --- | ---: |',
  '| Revenue | 12 |',
  '| Margin | 3 |',
].join('\n');

function sampleModel(): ExportModel {
  return buildExportModel({
    report: { id: 'template-trial', title: 'Template trial', owner: 'Assay' },
    organizationName: 'Sample client',
    finalize: null,
    organizationBrand: null,
    sections: [
      { key: 'executive-summary', title: 'Executive Summary', content: SAMPLE_CONTENT, version: 1, citations: [] },
      { key: 'conclusion', title: 'Conclusion', content: 'A closing paragraph.', version: 1, citations: [] },
    ],
    visuals: new Map(),
    roadmap: null,
    logo: null,
    providerName: 'Assay',
    now: new Date(0),
  });
}

/** Exports the sample report on the template: undefined when it can be made, else the exporter's reason. */
export async function tryExportOn(template: Omit<ExportTemplate, 'key'>): Promise<string | undefined> {
  const model = sampleModel();
  const charts = chartRenderer(model.brand);
  try {
    const bytes = template.kind === 'docx' ? await renderDocx(model, charts, template) : await renderPptx(model, charts, template);
    return bytes.length ? undefined : 'the export came out empty';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return reason.replace(/\s+/g, ' ').trim().slice(0, 200) || 'the exporter stopped without a reason';
  }
}
