import { wizardRoutes } from '@shared/api/routes/wizard';
import { getReportFile } from '../../domain/wizard/report-files';
import { api } from '../api';

export const handler = api(wizardRoutes.getReportFile).handler(async ({ input }) => getReportFile(input.params.report_id, input.params.file_id));
