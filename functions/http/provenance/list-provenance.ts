import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { reportProvenance } from '../../domain/report/provenance';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.listProvenance).handler(async ({ input }) => reportProvenance(input.params.id, input.query));
