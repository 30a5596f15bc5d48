import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { getReportSection } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.getSection).handler(async ({ input }) => getReportSection(input.params.id, input.params.key));
