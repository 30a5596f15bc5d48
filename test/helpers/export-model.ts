/** An export model from a few sections of markdown, for the exporters' unit tests. */
import type { SectionKey } from '@shared/schemas/report-document';
import { buildExportModel, type ExportInput, type ExportModel } from '../../functions/domain/exports/model';

/** The time every model is exported at. */
export const NOW = new Date(Date.UTC(2025, 10, 22, 9, 0));

/** A citation of a section, its quote a passage of its evidence. */
export const cite = (id: string, evidence = '11111111-1111-4111-8111-111111111111', quote = `passage ${id}`) => ({ id, evidence_id: evidence, start: 0, end: quote.length, quote, source_title: `Source of ${id}` });

/** A model from sections of markdown (no visuals unless given). */
export function modelOf(sections: { key: SectionKey; content: string; citations?: ReturnType<typeof cite>[] }[], extra: Partial<ExportInput> = {}): ExportModel {
  return buildExportModel({
    report: { id: 'r1', title: 'Acme Review', owner: 'Ann' },
    organizationName: 'Acme',
    finalize: null,
    organizationBrand: null,
    sections: sections.map((s, i) => ({ key: s.key, title: s.key, content: s.content, version: i + 1, citations: s.citations ?? [] })),
    visuals: new Map(),
    roadmap: null,
    logo: null,
    providerName: 'Assay Analytics',
    now: NOW,
    ...extra,
  });
}
