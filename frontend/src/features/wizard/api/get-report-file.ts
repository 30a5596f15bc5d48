import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export const getReportFile = (reportId: string, fileId: string) => callApi(wizardRoutes.getReportFile, { params: { report_id: reportId, file_id: fileId } });
