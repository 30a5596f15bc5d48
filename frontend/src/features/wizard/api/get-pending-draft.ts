import { useQuery } from '@tanstack/react-query';
import { wizardRoutes } from '@shared/api/routes/wizard';
import type { DraftStep } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export const pendingDraftKey = (reportId: string, step: DraftStep) => ['wizard-draft', reportId, step] as const;
export const getPendingDraft = (reportId: string, step: DraftStep) => callApi(wizardRoutes.getPendingDraft, { params: { id: reportId, step } });
/** The step's AI draft waiting for review on the server (the same after a reload, and in every tab). */
export const usePendingDraft = (reportId: string | null, step: DraftStep) =>
  useQuery({ queryKey: pendingDraftKey(reportId ?? '', step), queryFn: () => getPendingDraft(reportId!, step), enabled: Boolean(reportId), refetchOnWindowFocus: false });
