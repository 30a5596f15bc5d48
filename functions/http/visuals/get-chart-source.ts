import { visualRoutes } from '@shared/api/routes/visuals';
import { getChartSource } from '../../domain/visuals/visuals';
import { api } from '../../lib/middleware/http-api';

export const handler = api(visualRoutes.getChartSource).handler(async ({ input }) => getChartSource(input.params.id));
