import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';
import { reportKeys } from './list-reports';

/** Start a re-assessment of a report: the same key (one per click of the button's life) answers the same report. */
const reassessReport = (input: { id: string; key: string }) => callApi(reportRoutes.reassessReport, { params: { id: input.id }, body: { idempotency_key: input.key } });

export const useReassessReport = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reassessReport, onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }) });
};
