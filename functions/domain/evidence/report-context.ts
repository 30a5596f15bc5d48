/**
 * What analysis may know about the report a piece of evidence belongs to: its organization and its
 * objectives, when they exist. A placeholder (the wizard before setup) has none.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { details } from '@shared/messages';
import { isPlaceholder } from '@shared/domain/placeholder';
import { keys } from '../../data/keys';
import { getOrganization } from '../../data/organizations-repo';
import { getReport } from '../../data/reports-repo';
import { documentClient, tableName } from '../../data/table';
import { NotFoundError } from '../../lib/errors';
import type { AnalysisInput } from '../../lib/ai';

export type ReportContext = AnalysisInput['context'];

/** Throws 404 for a report id that does not exist; placeholders are always fine. */
export async function assertReportRef(ref: string): Promise<void> {
  if (isPlaceholder(ref)) return;
  if (!(await getReport(ref))) throw new NotFoundError(details.reportNotFound);
}

function objectivesText(progress: Record<string, unknown> | undefined): string | undefined {
  const data = (progress?.wizard_data as Record<string, Record<string, unknown>> | undefined)?.objectives;
  if (!data) return undefined;
  const text = ['purpose', 'inScope', 'methodology'].map((k) => (typeof data[k] === 'string' ? data[k] : '')).join(' ').trim();
  return text || undefined;
}

export async function reportContext(ref: string): Promise<ReportContext> {
  if (isPlaceholder(ref)) return undefined;
  const report = await getReport(ref);
  if (!report) throw new NotFoundError(details.reportNotFound);
  const [org, progress] = await Promise.all([
    getOrganization(report.organization_id),
    documentClient().send(new GetCommand({ TableName: tableName, Key: keys.reportProgress(ref), ProjectionExpression: 'wizard_data.objectives' })),
  ]);
  return {
    ...(org ? { organization: { name: org.name, sector: org.sector, geography: org.geography } } : {}),
    ...(objectivesText(progress.Item) ? { objectives: objectivesText(progress.Item) } : {}),
  };
}
