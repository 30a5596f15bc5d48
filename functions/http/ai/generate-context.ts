import { aiRoutes } from '@shared/api/routes/ai';
import { generateContext } from '../../domain/ai/context/generate-context';
import { api } from '../api';

export const handler = api(aiRoutes.generateContext).handler(async ({ input, context }) => generateContext(context, input.body));
