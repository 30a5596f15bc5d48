import { reportRoutes } from '@shared/api/routes/reports';
import { changeReportStatus } from '../../domain/reports/change-status';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reportRoutes.updateReportStatus).handler(async ({ input, user, context }) =>
  changeReportStatus(reportInContext(context, input.params.id), input.query.status, input.query.version, user.username, input.query.override_reason),
);
