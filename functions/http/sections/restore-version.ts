import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { restoreSectionVersion } from '../../domain/report/sections';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.restoreSectionVersion).handler(async ({ input, user }) =>
  restoreSectionVersion(input.params.id, input.params.key, input.params.version, input.body.version, user.username),
);
