import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export const loadProgress = (reportId: string) => callApi(routes.getProgress, { params: { report_id: reportId } });
export const saveProgressOnServer = (body: BodyInput<typeof routes.saveProgress>) => callApi(routes.saveProgress, { body });

export const createOrganization = (body: BodyInput<typeof routes.createOrganization>) => callApi(routes.createOrganization, { body });
export const getOrganization = (id: string) => callApi(routes.getOrganization, { params: { id } });
export const updateOrganization = (id: string, body: BodyInput<typeof routes.updateOrganization>) => callApi(routes.updateOrganization, { params: { id }, body });
export const deleteOrganization = (id: string) => callApi(routes.deleteOrganization, { params: { id } });
export const createReport = (body: BodyInput<typeof routes.createReport>) => callApi(routes.createReport, { body });
export const getReport = (id: string) => callApi(routes.getReport, { params: { id } });
export const updateReport = (id: string, body: BodyInput<typeof routes.updateReport>) => callApi(routes.updateReport, { params: { id }, body });
export const claimEvidence = (reportId: string, placeholderId: string) =>
  callApi(routes.claimEvidence, { params: { id: reportId }, body: { placeholder_id: placeholderId } });

export const generateContext = (body: BodyInput<typeof routes.generateContext>) => callApi(routes.generateContext, { body });

export const saveReportFile = (reportId: string, fileName: string, data: Record<string, unknown>) =>
  callApi(routes.saveReportFile, { params: { report_id: reportId }, body: { file_name: fileName, data } });
export const listReportFiles = (reportId: string) => callApi(routes.listReportFiles, { params: { report_id: reportId } });
export const getReportFile = (reportId: string, fileId: string) => callApi(routes.getReportFile, { params: { report_id: reportId, file_id: fileId } });
