import { evidenceRoutes } from '@shared/api/routes/evidence';
import { reportCitationUsage } from '../../domain/evidence/citation-usage';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(evidenceRoutes.getCitationUsage).handler(async ({ input, context }) => reportCitationUsage(reportInContext(context, input.params.id), input.params.evidence_id));
