import { wizardRoutes } from '@shared/api/routes/wizard';
import { saveReportFile } from '../../domain/wizard/report-files';
import { api } from '../api';

export const handler = api(wizardRoutes.saveReportFile).handler(async ({ input, user }) =>
  saveReportFile(input.params.report_id, input.query, input.body, user.username),
);
