import { visualRoutes } from '@shared/api/routes/visuals';
import { getChartSource } from '../../domain/visuals/visuals';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(visualRoutes.getChartSource).handler(async ({ input, context }) => getChartSource(reportInContext(context, input.params.id)));
