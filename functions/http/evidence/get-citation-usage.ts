import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { citationUsage } from '../../domain/report/report-checks';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.getCitationUsage).handler(async ({ input }) => citationUsage(input.params.id, input.params.evidence_id));
