import { useQuery } from '@tanstack/react-query';
import { aiRoutes } from '@shared/api/routes/ai';
import type { DraftJob, DraftStep } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

/** How often a running drafting job is asked about. */
const DRAFT_POLL_MS = 800;

export const draftJobKey = (reportId: string, step: DraftStep) => ['ai-draft-job', reportId, step] as const;
const getDraftJob = (reportId: string, step: DraftStep) => callApi(aiRoutes.getDraftJob, { params: { id: reportId, step } });

export const isDraftJobActive = (job: DraftJob | null | undefined): job is DraftJob => job?.status === 'queued' || job?.status === 'running';

/**
 * The step's latest drafting job, asked about while it is queued or running: a reload, another tab, or coming
 * back to the step later picks a running job up again.
 */
export const useDraftJob = (reportId: string | null, step: DraftStep) =>
  useQuery({
    queryKey: draftJobKey(reportId ?? '', step),
    queryFn: () => getDraftJob(reportId!, step),
    enabled: Boolean(reportId),
    refetchInterval: (query) => (isDraftJobActive(query.state.data?.job) ? DRAFT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
