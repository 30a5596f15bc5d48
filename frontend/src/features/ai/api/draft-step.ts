import { useMutation } from '@tanstack/react-query';
import { aiRoutes } from '@shared/api/routes/ai';
import type { DraftStep } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export const draftStep = (reportId: string, step: DraftStep) => callApi(aiRoutes.draftStep, { params: { id: reportId }, body: { step } });

export const useDraftStep = (reportId: string | null) => useMutation({ mutationFn: (step: DraftStep) => draftStep(reportId!, step) });
