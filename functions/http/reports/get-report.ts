import { reportRoutes } from '@shared/api/routes/reports';
import { getReport } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.getReport).handler(async ({ input }) => getReport(input.params.id));
