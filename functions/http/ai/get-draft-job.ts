import { aiRoutes } from '@shared/api/routes/ai';
import { readDraftJob } from '../../domain/ai/drafting/draft-jobs';
import { api } from '../api';

export const handler = api(aiRoutes.getDraftJob).handler(async ({ input }) => readDraftJob(input.params.id, input.params.step));
