import { visualRoutes } from '@shared/api/routes/visuals';
import { getReportVisual } from '../../domain/visuals/visuals';
import { api } from '../api';

export const handler = api(visualRoutes.getVisual).handler(async ({ input }) => getReportVisual(input.params.id, input.params.visual_id));
