import { visualRoutes } from '@shared/api/routes/visuals';
import { renderReportVisual } from '../../domain/visuals/render-visual';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';
import { rawBody } from '../../lib/middleware/types';

export const handler = api(visualRoutes.renderVisual).handler(async ({ input, context }) => {
  const image = await renderReportVisual(reportInContext(context, input.params.id), input.params.visual_id, input.query);
  return rawBody(image.data, image.contentType);
});
