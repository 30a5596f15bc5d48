import { exportRoutes } from '@shared/api/routes/exports';
import { listReportExports } from '../../domain/exports/exports';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(exportRoutes.listExports).handler(async ({ input, context }) => listReportExports(reportInContext(context, input.params.id), input.query));
