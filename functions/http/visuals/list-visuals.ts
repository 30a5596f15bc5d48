import { visualRoutes } from '@shared/api/routes/visuals';
import { listReportVisuals } from '../../domain/visuals/visuals';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(visualRoutes.listVisuals).handler(async ({ input, context }) => listReportVisuals(reportInContext(context, input.params.id)));
