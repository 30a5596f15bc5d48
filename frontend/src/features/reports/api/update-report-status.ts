import { useMutation } from '@tanstack/react-query';
import type { ReportStatus } from '@shared/domain/options';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

export const updateReportStatus = (input: { id: string; status: ReportStatus; version: number }) =>
  callApi(reportRoutes.updateReportStatus, { params: { id: input.id }, query: { status: input.status, version: String(input.version) } });

export const useUpdateReportStatus = () => useMutation({ mutationFn: updateReportStatus });
