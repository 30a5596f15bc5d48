import { evidenceRoutes } from '@shared/api/routes/evidence';
import { getReportEvidence } from '../../domain/evidence/queries';
import { api } from '../api';

export const handler = api(evidenceRoutes.getEvidence).handler(async ({ input }) => getReportEvidence(input.params.id, input.params.evidence_id));
