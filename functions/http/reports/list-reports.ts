import { reportRoutes } from '@shared/api/routes/reports';
import { listReports } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.listReports).handler(async ({ input, user }) => listReports(user.username, input.query.limit, input.query.cursor, input.query.status));
