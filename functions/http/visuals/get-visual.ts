import { visualRoutes } from '@shared/api/routes/visuals';
import { getReportVisual } from '../../domain/visuals/visuals';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(visualRoutes.getVisual).handler(async ({ input, context }) => getReportVisual(reportInContext(context, input.params.id), input.params.visual_id));
