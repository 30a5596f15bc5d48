import { wizardRoutes } from '@shared/api/routes/wizard';
import { generateContext } from '../../domain/ai/generate-context';
import { api } from '../../lib/middleware/http-api';

export const handler = api(wizardRoutes.generateContext).handler(async ({ input }) => generateContext(input.body));
