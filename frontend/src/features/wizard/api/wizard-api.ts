import type { BodyInput } from '@shared/api/route-types';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { organizationRoutes } from '@shared/api/routes/organizations';
import { reportRoutes } from '@shared/api/routes/reports';
import { wizardRoutes } from '@shared/api/routes/wizard';
import { aiRoutes } from '@shared/api/routes/ai';
import { callApi } from '@/lib/api-client';

export const loadProgress = (reportId: string) => callApi(wizardRoutes.getProgress, { params: { report_id: reportId } });
export const saveProgressOnServer = (body: BodyInput<typeof wizardRoutes.saveProgress>) => callApi(wizardRoutes.saveProgress, { body });

export const createOrganization = (body: BodyInput<typeof organizationRoutes.createOrganization>) => callApi(organizationRoutes.createOrganization, { body });
export const getOrganization = (id: string) => callApi(organizationRoutes.getOrganization, { params: { id } });
export const updateOrganization = (id: string, body: BodyInput<typeof organizationRoutes.updateOrganization>) => callApi(organizationRoutes.updateOrganization, { params: { id }, body });
export const deleteOrganization = (id: string) => callApi(organizationRoutes.deleteOrganization, { params: { id } });
export const createReport = (body: BodyInput<typeof reportRoutes.createReport>) => callApi(reportRoutes.createReport, { body });
export const getReport = (id: string) => callApi(reportRoutes.getReport, { params: { id } });
export const updateReport = (id: string, body: BodyInput<typeof reportRoutes.updateReport>) => callApi(reportRoutes.updateReport, { params: { id }, body });
export const claimEvidence = (reportId: string, placeholderId: string) =>
  callApi(evidenceRoutes.claimEvidence, { params: { id: reportId }, body: { placeholder_id: placeholderId } });

export const generateContext = (body: BodyInput<typeof aiRoutes.generateContext>) => callApi(aiRoutes.generateContext, { body });

export const saveReportFile = (reportId: string, fileName: string, data: Record<string, unknown>) =>
  callApi(wizardRoutes.saveReportFile, { params: { report_id: reportId }, body: { file_name: fileName, data } });
export const listReportFiles = (reportId: string) => callApi(wizardRoutes.listReportFiles, { params: { report_id: reportId } });
export const getReportFile = (reportId: string, fileId: string) => callApi(wizardRoutes.getReportFile, { params: { report_id: reportId, file_id: fileId } });
