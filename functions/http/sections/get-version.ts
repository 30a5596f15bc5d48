import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { sectionVersionDetail } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.getSectionVersion).handler(async ({ input }) =>
  sectionVersionDetail(input.params.id, input.params.key, input.params.version),
);
