import { reportRoutes } from '@shared/api/routes/reports';
import { changeReportStatus } from '../../domain/reports/change-status';
import { api } from '../api';

export const handler = api(reportRoutes.updateReportStatus).handler(async ({ input, user }) =>
  changeReportStatus(input.params.id, input.query.status, input.query.version, user.username, input.query.override_reason),
);
