import { reportRoutes } from '@shared/api/routes/reports';
import { saveReportOrder } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.saveReportOrder).handler(async ({ input, user }) => saveReportOrder(user.username, input.body.report_ids));
