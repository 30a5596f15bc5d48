import { wizardRoutes } from '@shared/api/routes/wizard';
import { saveReportFile } from '../../domain/wizard/report-files';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.saveReportFile).handler(async ({ input, user, context }) =>
  saveReportFile(reportInContext(context, input.params.report_id), input.query, input.body, user.username),
);
