import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { reportConsistency } from '../../domain/report/report-checks';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.getConsistency).handler(async ({ input }) => reportConsistency(input.params.id));
