import { reportRoutes } from '@shared/api/routes/reports';
import { listReports } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.listReports).handler(async ({ input }) => listReports(input.query.limit, input.query.cursor, input.query.status));
