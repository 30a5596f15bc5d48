import { visualRoutes } from '@shared/api/routes/visuals';
import { deleteReportVisual } from '../../domain/visuals/visuals';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(visualRoutes.deleteVisual).handler(async ({ input, context }) =>
  deleteReportVisual(reportInContext(context, input.params.id), input.params.visual_id, input.query.force === 'true'),
);
