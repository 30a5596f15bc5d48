import { aiRoutes } from '@shared/api/routes/ai';
import { enhanceSectionText } from '../../domain/ai/enhance/enhance-section';
import { api } from '../api';

export const handler = api(aiRoutes.enhanceSection).handler(async ({ input, user }) =>
  enhanceSectionText(input.params.id, input.params.key, input.body, user.username),
);
