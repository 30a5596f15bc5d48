import { aiRoutes } from '@shared/api/routes/ai';
import { draftForReview } from '../../domain/wizard/draft-for-review';
import { api } from '../api';

export const handler = api(aiRoutes.draftStep).handler(async ({ input, user }) => draftForReview(input.params.id, input.body.step, user.username));
