import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export const reportOrderKey = ['report-order'] as const;

/** The signed-in user's own order of the report cards (kept on the server, so it survives a reload). */
export const useReportOrder = () => useQuery({ queryKey: reportOrderKey, queryFn: () => callApi(routes.getReportOrder) });

export const useSaveReportOrder = () =>
  useMutation({ mutationFn: (report_ids: string[]) => callApi(routes.saveReportOrder, { body: { report_ids } }) });
