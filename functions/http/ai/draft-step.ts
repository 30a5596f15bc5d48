import { aiRoutes } from '@shared/api/routes/ai';
import { startDraftJob } from '../../domain/ai/drafting/draft-jobs';
import { respond } from '../../lib/middleware/types';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(aiRoutes.draftStep).handler(async ({ input, user, context }) => {
  const { job } = await startDraftJob(reportInContext(context, input.params.id), input.body.step, user.username);
  return respond({ success: true as const, job }, { statusCode: 202, headers: { location: `/api/reports/${input.params.id}/drafts/${job.step}/job` } });
});
