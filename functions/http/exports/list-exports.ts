import { exportRoutes } from '@shared/api/routes/exports';
import { listReportExports } from '../../domain/exports/exports';
import { api } from '../api';

export const handler = api(exportRoutes.listExports).handler(async ({ input }) => listReportExports(input.params.id, input.query));
