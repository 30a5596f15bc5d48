import { reportRoutes } from '@shared/api/routes/reports';
import { getReport } from '../../domain/reports/reports';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reportRoutes.getReport).handler(async ({ input, context }) => getReport(reportInContext(context, input.params.id)));
