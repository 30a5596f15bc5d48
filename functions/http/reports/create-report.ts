import { reportRoutes } from '@shared/api/routes/reports';
import { createReport } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.createReport).handler(async ({ input, user }) => createReport(input.body, user.username));
