import { wizardRoutes } from '@shared/api/routes/wizard';
import { listReportFiles } from '../../domain/wizard/report-files';
import { api } from '../api';

export const handler = api(wizardRoutes.listReportFiles).handler(async ({ input }) => listReportFiles(input.params.report_id));
