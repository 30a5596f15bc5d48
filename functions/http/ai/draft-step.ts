import { reportDocumentRoutes } from '@shared/api/routes/report-document';
import { draftReportStep } from '../../domain/report/draft';
import { api } from '../../lib/middleware/http-api';

export const handler = api(reportDocumentRoutes.draftStep).handler(async ({ input, user }) => draftReportStep(input.params.id, input.body.step, user.username));
