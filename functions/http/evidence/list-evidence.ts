import { evidenceRoutes } from '@shared/api/routes/evidence';
import { listReportEvidence } from '../../domain/evidence/queries';
import { api } from '../api';

export const handler = api(evidenceRoutes.listEvidence).handler(async ({ input, context }) => listReportEvidence(context, input.params.id, input.query));
