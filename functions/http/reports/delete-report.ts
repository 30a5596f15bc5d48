import { reportRoutes } from '@shared/api/routes/reports';
import { deleteReport } from '../../domain/reports/delete-report';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reportRoutes.deleteReport).handler(async ({ input, user, context }) => deleteReport(reportInContext(context, input.params.id), user.username));
