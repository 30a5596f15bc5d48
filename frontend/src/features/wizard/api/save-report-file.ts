import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export const saveReportFile = (reportId: string, fileName: string, data: Record<string, unknown>) =>
  callApi(wizardRoutes.saveReportFile, { params: { report_id: reportId }, body: { file_name: fileName, data } });
