import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { composeReportSections } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.composeSections).handler(async ({ input, user }) => composeReportSections(input.params.id, input.body, user.username));
