import { visualRoutes } from '@shared/api/routes/visuals';
import { getChartSource } from '../../domain/visuals/visuals';
import { api } from '../api';

export const handler = api(visualRoutes.getChartSource).handler(async ({ input }) => getChartSource(input.params.id));
