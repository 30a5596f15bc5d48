import { aiRoutes } from '@shared/api/routes/ai';
import { enhanceSectionText } from '../../domain/ai/enhance/enhance-section';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(aiRoutes.enhanceSection).handler(async ({ input, user, context }) =>
  enhanceSectionText(reportInContext(context, input.params.id), input.params.key, input.body, user.username),
);
