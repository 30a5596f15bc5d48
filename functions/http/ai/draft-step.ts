import { aiRoutes } from '@shared/api/routes/ai';
import { draftReportStep } from '../../domain/ai/draft';
import { api } from '../../lib/middleware/http-api';

export const handler = api(aiRoutes.draftStep).handler(async ({ input, user }) => draftReportStep(input.params.id, input.body.step, user.username));
