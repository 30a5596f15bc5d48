import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { enhanceSectionText } from '../../domain/report/enhance';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.enhanceSection).handler(async ({ input, user }) =>
  enhanceSectionText(input.params.id, input.params.key, input.body, user.username),
);
