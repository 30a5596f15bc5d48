/**
 * What a draft needs before it is started, answered by the start route at once rather than by the background
 * job: the report (404), analysed evidence (400), and AI tokens left in the report's budget (429). Kept apart
 * from the drafter so the start route's bundle does not hold it.
 */
import { aiDetails } from '@shared/messages/ai';
import { reportsDetails } from '@shared/messages/reports';
import { listEvidence, type EvidenceRecord } from '../../../data/evidence-repo';
import { getReport } from '../../../data/reports-repo';
import { BadRequestError, NotFoundError } from '../../../lib/errors';
import { assertTokenBudget } from './token-budget';

/** Evidence a drafter can use: analysed, with insights. */
export const draftable = (r: Pick<EvidenceRecord, 'status' | 'aiInsights'>): boolean => r.status === 'analyzed' && r.aiInsights.length > 0;

export async function assertCanDraft(reportId: string): Promise<void> {
  const [report, all] = await Promise.all([getReport(reportId), listEvidence(reportId)]);
  if (!report) throw new NotFoundError(reportsDetails.reportNotFound);
  if (!all.some(draftable)) throw new BadRequestError(aiDetails.draftNeedsEvidence);
  await assertTokenBudget(reportId);
}
