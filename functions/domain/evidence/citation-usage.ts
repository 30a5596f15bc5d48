/** Where an evidence item is cited (step items and sections), to warn before deleting it. */
import { evidenceDetails } from '@shared/messages/evidence';
import { stepCitations } from '@shared/domain/report/citations';
import type { CitationPlace } from '@shared/schemas/report-document';
import { getEvidence } from '../../data/evidence-repo';
import { readSections } from '../../data/sections-repo';
import { NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { reportStepData } from '../sections';

/** GET …/evidence/{evidence_id}/citations: every place that cites the item (the report from the request's context). */
export function reportCitationUsage({ report }: ReportInContext, evidenceId: string): Promise<{ places: CitationPlace[] }> {
  return placesCiting(report.id, evidenceId);
}

/** Every place of a report that cites the item: of a report the caller has read (a library item's usage). */
export async function placesCiting(reportId: string, evidenceId: string): Promise<{ places: CitationPlace[] }> {
  if (!(await getEvidence(reportId, evidenceId))) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  const id = evidenceId.toLowerCase();
  const [data, sections] = await Promise.all([reportStepData(reportId), readSections(reportId)]);
  const places: CitationPlace[] = [];
  for (const p of stepCitations(data)) {
    if (p.citation.evidence_id.toLowerCase() === id) places.push({ where: 'step', key: p.step, item_id: p.item_id, label: p.label, citation_id: p.citation.id });
  }
  for (const s of sections) {
    for (const c of s.citations) {
      if (c.evidence_id.toLowerCase() === id) places.push({ where: 'section', key: s.key, item_id: null, label: `Section “${s.title}”`, citation_id: c.id });
    }
  }
  return { places };
}
