import { reportRoutes } from '@shared/api/routes/reports';
import { updateReport } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.updateReport).handler(async ({ input, user }) => updateReport(input.params.id, input.body, user.username));
