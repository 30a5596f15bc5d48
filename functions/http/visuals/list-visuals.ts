import { visualRoutes } from '@shared/api/routes/visuals';
import { listReportVisuals } from '../../domain/visuals/visuals';
import { api } from '../api';

export const handler = api(visualRoutes.listVisuals).handler(async ({ input }) => listReportVisuals(input.params.id));
