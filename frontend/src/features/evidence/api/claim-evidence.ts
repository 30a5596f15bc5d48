import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';

/** Moves the evidence uploaded under the wizard's placeholder to the report just created. */
export const claimEvidence = (reportId: string, placeholderId: string) =>
  callApi(evidenceRoutes.claimEvidence, { params: { id: reportId }, body: { placeholder_id: placeholderId } });
