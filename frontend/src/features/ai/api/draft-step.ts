import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiRoutes } from '@shared/api/routes/ai';
import type { DraftStep } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { seedDraftJob } from '../lib/draft-job-cache';
import { draftJobKey } from './get-draft-job';

/** Starts drafting a step in the background: 202 with the step's job (the one already running, if any). */
const draftStep = (reportId: string, step: DraftStep) => callApi(aiRoutes.draftStep, { params: { id: reportId }, body: { step } });

/** Starts the step's drafting job; its answer seeds the job's query, which then follows it (useDraftJob). */
export function useDraftStep(reportId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: DraftStep) => draftStep(reportId!, step),
    onSuccess: (res, step) => seedDraftJob(client, draftJobKey(reportId ?? '', step), res.job),
  });
}
