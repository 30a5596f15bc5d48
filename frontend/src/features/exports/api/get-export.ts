import { useQuery } from '@tanstack/react-query';
import { exportRoutes } from '@shared/api/routes/exports';
import type { ExportStatusResponse } from '@shared/schemas/exports';
import { callApi } from '@/lib/api-client';
import { exportKeys } from './keys';

/** How often a running export is asked about. */
const POLL_MS = 700;

export const getExport = (reportId: string, exportId: string) => callApi(exportRoutes.getExport, { params: { id: reportId, export_id: exportId } });

const finished = (job: ExportStatusResponse | undefined) => job?.status === 'done' || job?.status === 'failed';

/** One export, asked about until it is done or failed. */
export function useExportJob(reportId: string, exportId: string | null) {
  return useQuery({
    queryKey: exportKeys.job(reportId, exportId ?? ''),
    queryFn: () => getExport(reportId, exportId!),
    enabled: Boolean(exportId),
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
    // the link in a finished answer expires; a later download asks again
    staleTime: Infinity,
  });
}
