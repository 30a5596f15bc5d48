/** The consistency check of a report. */
import { checkConsistency } from '@shared/domain/report/consistency';
import { stepCitations } from '@shared/domain/report/citations';
import type { ConsistencyReport } from '@shared/schemas/report-document';
import { readSections } from '../../data/sections-repo';
import type { ReportInContext } from '../../lib/middleware/types';
import { EvidenceTexts } from './citation-check';
import { reportStepData } from './sections';

/** GET …/consistency: the rules of shared/domain/report/consistency over the stored step data and sections. */
export async function reportConsistency({ report }: ReportInContext): Promise<ConsistencyReport> {
  const reportId = report.id;
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
