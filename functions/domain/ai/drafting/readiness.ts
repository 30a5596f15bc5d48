/**
 * What a draft needs before it is started, answered by the start route at once rather than by the background
 * job: the report (404), analysed evidence (400), and AI tokens left in the report's budget (429). Kept apart
 * from the drafter so the start route's bundle does not hold it.
 */
import { aiDetails } from '@shared/messages/ai';
import { listEvidence, type EvidenceRecord } from '../../../data/evidence-repo';
import { BadRequestError } from '../../../lib/errors';
import type { ReportInContext } from '../../../lib/middleware/types';
import { assertTokenBudget } from './token-budget';

/** Evidence a drafter can use: analysed, with insights. */
export const draftable = (r: Pick<EvidenceRecord, 'status' | 'aiInsights'>): boolean => r.status === 'analyzed' && r.aiInsights.length > 0;

/** The report (from the request's context) has analysed evidence to draft from, and AI tokens left. */
export async function assertCanDraft({ report }: ReportInContext): Promise<void> {
  const reportId = report.id;
  const all = await listEvidence(reportId);
  if (!all.some(draftable)) throw new BadRequestError(aiDetails.draftNeedsEvidence);
  await assertTokenBudget(reportId);
}
