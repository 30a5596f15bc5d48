import { visualRoutes } from '@shared/api/routes/visuals';
import { updateReportVisual } from '../../domain/visuals/visuals';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(visualRoutes.updateVisual).handler(async ({ input, user, context }) =>
  updateReportVisual(reportInContext(context, input.params.id), input.params.visual_id, input.body, user.username),
);
