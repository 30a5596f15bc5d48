import type { BodyInput } from '@shared/api/route-types';
import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export const loadProgress = (reportId: string) => callApi(wizardRoutes.getProgress, { params: { report_id: reportId } });
export const saveProgressOnServer = (body: BodyInput<typeof wizardRoutes.saveProgress>) => callApi(wizardRoutes.saveProgress, { body });

export const saveReportFile = (reportId: string, fileName: string, data: Record<string, unknown>) =>
  callApi(wizardRoutes.saveReportFile, { params: { report_id: reportId }, body: { file_name: fileName, data } });
export const listReportFiles = (reportId: string) => callApi(wizardRoutes.listReportFiles, { params: { report_id: reportId } });
export const getReportFile = (reportId: string, fileId: string) => callApi(wizardRoutes.getReportFile, { params: { report_id: reportId, file_id: fileId } });
