import { useQuery } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

/** Under the report's own key, so what invalidates the report's pages (['report', id]) reloads it too. */
const reportMetaKey = (reportId: string) => ['report', reportId, 'meta'] as const;

export const getReport = (id: string) => callApi(reportRoutes.getReport, { params: { id } });

/** One report's title, owner, status and version. */
export const useReport = (reportId: string | undefined) =>
  useQuery({ queryKey: reportMetaKey(reportId ?? ''), queryFn: () => getReport(reportId!), enabled: Boolean(reportId) });
