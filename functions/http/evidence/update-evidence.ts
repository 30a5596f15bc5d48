import { evidenceRoutes } from '@shared/api/routes/evidence';
import { updateReportEvidence } from '../../domain/evidence/queries';
import { api } from '../api';

export const handler = api(evidenceRoutes.updateEvidence).handler(async ({ input }) => {
  const { version, ...patch } = input.body;
  return updateReportEvidence(input.params.id, input.params.evidence_id, patch, version);
});
