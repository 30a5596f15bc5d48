import { useQuery } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

export const reportOrderKey = ['report-order'] as const;

const getReportOrder = () => callApi(reportRoutes.getReportOrder);

/** The signed-in user's own order of the report cards (kept on the server, so it survives a reload). */
export const useReportOrder = () => useQuery({ queryKey: reportOrderKey, queryFn: getReportOrder });
