import { useMutation } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

const saveReportOrder = (report_ids: string[]) => callApi(reportRoutes.saveReportOrder, { body: { report_ids } });

export const useSaveReportOrder = () => useMutation({ mutationFn: saveReportOrder });
