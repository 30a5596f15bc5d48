import { useMutation } from '@tanstack/react-query';
import type { ReportStatus } from '@shared/domain/options';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

/** `override_reason`: a lead sets Final without every approval, giving the reason */
const updateReportStatus = (input: { id: string; status: ReportStatus; version: number; override_reason?: string }) =>
  callApi(reportRoutes.updateReportStatus, {
    params: { id: input.id },
    query: { status: input.status, version: String(input.version), ...(input.override_reason ? { override_reason: input.override_reason } : {}) },
  });

export const useUpdateReportStatus = () => useMutation({ mutationFn: updateReportStatus });
