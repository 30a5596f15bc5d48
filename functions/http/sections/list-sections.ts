import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { listReportSections } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.listSections).handler(async ({ input }) => listReportSections(input.params.id));
