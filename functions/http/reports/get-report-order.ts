import { reportRoutes } from '@shared/api/routes/reports';
import { getReportOrder } from '../../domain/reports/reports';
import { api } from '../api';

export const handler = api(reportRoutes.getReportOrder).handler(async ({ user }) => getReportOrder(user.username));
