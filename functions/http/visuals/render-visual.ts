import { visualRoutes } from '@shared/api/routes/visuals';
import { renderReportVisual } from '../../domain/visuals/render-visual';
import { api } from '../api';
import { rawBody } from '../../lib/middleware/types';

export const handler = api(visualRoutes.renderVisual).handler(async ({ input }) => {
  const image = await renderReportVisual(input.params.id, input.params.visual_id, input.query);
  return rawBody(image.data, image.contentType);
});
