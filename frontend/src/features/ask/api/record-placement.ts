import { askRoutes } from '@shared/api/routes/ask';
import { callApi } from '@/lib/api-client';

/**
 * A client-scope answer's cited items the report does not use, taken into it (`taken`) before the section is
 * saved, so that its citations hold; nothing is recorded yet.
 */
export const takeCitedItems = (reportId: string, provenanceId: string, target: string) =>
  callApi(askRoutes.recordAskPlacement, { params: { id: reportId }, body: { provenance_id: provenanceId, target, stage: 'take' } });

/**
 * Records in provenance that an answer was added to `target` (a section key, or a wizard step), once it is
 * there, naming the items takeCitedItems took for it.
 */
export const recordPlacement = (reportId: string, provenanceId: string, target: string, taken: string[] = []) =>
  callApi(askRoutes.recordAskPlacement, {
    params: { id: reportId },
    body: { provenance_id: provenanceId, target, ...(taken.length ? { taken_evidence_ids: taken } : {}) },
  });
