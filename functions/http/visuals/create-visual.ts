import { visualRoutes } from '@shared/api/routes/visuals';
import { createReportVisual } from '../../domain/visuals/visuals';
import { api } from '../api';
import { respond } from '../../lib/middleware/types';

export const handler = api(visualRoutes.createVisual).handler(async ({ input, user }) =>
  respond(await createReportVisual(input.params.id, input.body, user.username), { statusCode: 201 }),
);
