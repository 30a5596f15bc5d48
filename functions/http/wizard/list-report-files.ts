import { wizardRoutes } from '@shared/api/routes/wizard';
import { listReportFiles } from '../../domain/wizard/report-files';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.listReportFiles).handler(async ({ input, context }) => listReportFiles(reportInContext(context, input.params.report_id)));
