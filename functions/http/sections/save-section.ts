import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { saveReportSection } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.saveSection).handler(async ({ input, user }) =>
  saveReportSection(input.params.id, input.params.key, input.body, user.username),
);
