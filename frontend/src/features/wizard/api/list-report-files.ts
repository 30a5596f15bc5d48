import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export const listReportFiles = (reportId: string) => callApi(wizardRoutes.listReportFiles, { params: { report_id: reportId } });
