import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';
import { reportKeys } from './list-reports';

const reopenReport = (reportId: string, reason: string) => callApi(reportRoutes.reopenReport, { params: { id: reportId }, body: { reason } });

/** A lead reopens a Final report with a reason; everything of the report (['report', id]: its status, reviews, activity) and the lists reload. */
export const useReopenReport = (reportId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => reopenReport(reportId, reason),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['report', reportId] }), client.invalidateQueries({ queryKey: reportKeys.all })]),
  });
};
