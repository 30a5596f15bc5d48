import { aiRoutes } from '@shared/api/routes/ai';
import { readDraftJob } from '../../domain/ai/drafting/draft-jobs';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(aiRoutes.getDraftJob).handler(async ({ input, context }) => readDraftJob(reportInContext(context, input.params.id), input.params.step));
