import { visualRoutes } from '@shared/api/routes/visuals';
import { createReportVisual } from '../../domain/visuals/visuals';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';
import { respond } from '../../lib/middleware/types';

export const handler = api(visualRoutes.createVisual).handler(async ({ input, user, context }) =>
  respond(await createReportVisual(reportInContext(context, input.params.id), input.body, user.username), { statusCode: 201 }),
);
