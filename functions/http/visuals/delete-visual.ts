import { visualRoutes } from '@shared/api/routes/visuals';
import { deleteReportVisual } from '../../domain/visuals/visuals';
import { api } from '../api';

export const handler = api(visualRoutes.deleteVisual).handler(async ({ input }) =>
  deleteReportVisual(input.params.id, input.params.visual_id, input.query.force === 'true'),
);
