import { reportRoutes } from '@shared/api/routes/reports';
import { reportInContext } from '../../domain/access/access';
import { reopenReport } from '../../domain/reports/reopen';
import { api } from '../api';

export const handler = api(reportRoutes.reopenReport).handler(async ({ input, user, context }) =>
  reopenReport(reportInContext(context, input.params.id), input.body.reason, user.username),
);
