/** The consistency check of a report. */
import { reportsDetails } from '@shared/messages/reports';
import { checkConsistency } from '@shared/domain/report/consistency';
import { stepCitations } from '@shared/domain/report/citations';
import type { ConsistencyReport } from '@shared/schemas/report-document';
import { getReport } from '../../data/reports-repo';
import { readSections } from '../../data/sections-repo';
import { NotFoundError } from '../../lib/errors';
import { EvidenceTexts } from './citation-check';
import { reportStepData } from './sections';

async function assertReport(reportId: string) {
  if (!(await getReport(reportId))) throw new NotFoundError(reportsDetails.reportNotFound);
}

/** GET …/consistency: the rules of shared/domain/report/consistency over the stored step data and sections. */
export async function reportConsistency(reportId: string): Promise<ConsistencyReport> {
  await assertReport(reportId);
  const [data, sections] = await Promise.all([reportStepData(reportId), readSections(reportId)]);
  const cited = [...stepCitations(data).map((p) => p.citation), ...sections.flatMap((s) => s.citations)];
  const titles = cited.length ? await new EvidenceTexts(reportId).titles() : new Map<string, string>();
  const isBroken = (evidenceId: string) => !titles.has(evidenceId.toLowerCase());
  const brokenCitations = new Set(cited.filter((c) => isBroken(c.evidence_id)).map((c) => c.id));
  return checkConsistency(data, {
    brokenCitations,
    sectionCitations: sections.map((s) => ({ key: s.key, title: s.title, citations: s.citations.map((c) => ({ id: c.id, broken: isBroken(c.evidence_id) })) })),
  });
}
