import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { sectionHistory } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.listSectionVersions).handler(async ({ input }) => sectionHistory(input.params.id, input.params.key));
