import { reportRoutes } from '@shared/api/routes/reports';
import { deleteReport } from '../../domain/reports/delete-report';
import { api } from '../api';

export const handler = api(reportRoutes.deleteReport).handler(async ({ input, user }) => deleteReport(input.params.id, user.username));
