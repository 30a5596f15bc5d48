import { askRoutes } from '@shared/api/routes/ask';
import { callApi } from '@/lib/api-client';

/**
 * Records in provenance that an answer was added to `target` (a section key, or a wizard step). A client-scope
 * answer's cited items the report does not use are taken into it here (`taken`), before the section is saved.
 */
export const recordPlacement = (reportId: string, provenanceId: string, target: string) =>
  callApi(askRoutes.recordAskPlacement, { params: { id: reportId }, body: { provenance_id: provenanceId, target } });
