import { useQuery } from '@tanstack/react-query';
import { exportRoutes } from '@shared/api/routes/exports';
import { callApi } from '@/lib/api-client';
import { exportKeys } from './keys';

const LIST_POLL_MS = 3000;

/** The report's latest exports, newest first. */
const listExports = (reportId: string) => callApi(exportRoutes.listExports, { params: { id: reportId }, query: { limit: '20' } });

export const useExportList = (reportId: string | undefined) =>
  useQuery({
    queryKey: exportKeys.list(reportId ?? ''),
    queryFn: () => listExports(reportId!),
    enabled: Boolean(reportId),
    // an export started elsewhere (another tab, before a reload) is followed until it finishes
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ? LIST_POLL_MS : false),
  });
