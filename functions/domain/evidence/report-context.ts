/**
 * What analysis may know about the report a piece of evidence belongs to: its organization and its
 * objectives, when they exist. A placeholder (the wizard before setup) has none.
 */
import { reportsDetails } from '@shared/messages/reports';
import { isPlaceholder } from '@shared/domain/placeholder';
import { parseWizardData } from '@shared/schemas/wizard';
import { getOrganization } from '../../data/organizations-repo';
import { readProgress } from '../../data/progress-repo';
import { getReport } from '../../data/reports-repo';
import { NotFoundError } from '../../lib/errors';
import type { AnalysisInput } from '../ai';

export type ReportContext = AnalysisInput['context'];

/** The objectives as one text (purpose, scope, methodology), from progress kept inline or in S3 alike. */
function objectivesText(wizardData: Record<string, unknown> | undefined): string | undefined {
  const objectives = parseWizardData({ objectives: wizardData?.objectives }).data.objectives;
  if (!objectives) return undefined;
  const text = [objectives.purpose, objectives.inScope, objectives.methodology].join(' ').trim();
  return text || undefined;
}

export async function reportContext(ref: string): Promise<ReportContext> {
  if (isPlaceholder(ref)) return undefined;
  const report = await getReport(ref);
  if (!report) throw new NotFoundError(reportsDetails.reportNotFound);
  const [org, progress] = await Promise.all([getOrganization(report.organization_id), readProgress(ref)]);
  const objectives = objectivesText(progress?.wizard_data);
  return {
    ...(org ? { organization: { name: org.name, sector: org.sector, geography: org.geography } } : {}),
    ...(objectives ? { objectives } : {}),
  };
}
