import { evidenceRoutes } from '@shared/api/routes/evidence';
import { citationUsage } from '../../domain/evidence/citation-usage';
import { api } from '../api';

export const handler = api(evidenceRoutes.getCitationUsage).handler(async ({ input }) => citationUsage(input.params.id, input.params.evidence_id));
