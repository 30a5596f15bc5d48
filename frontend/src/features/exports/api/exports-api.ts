/**
 * The export routes (shared/api/routes/exports.ts): start an export, follow it while it runs, list the
 * report's earlier ones. Typed from the route table.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exportRoutes } from '@shared/api/routes/exports';
import type { ExportFormat, ExportStatusResponse } from '@shared/schemas/exports';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export const exportKeys = {
  list: (reportId: string) => ['exports', reportId, 'list'] as const,
  job: (reportId: string, exportId: string) => ['exports', reportId, 'job', exportId] as const,
};

/** How often a running export is asked about. */
export const POLL_MS = 700;
const LIST_POLL_MS = 3000;

export const startExport = (reportId: string, format: ExportFormat, sections: SectionKey[]) =>
  callApi(exportRoutes.createExport, { params: { id: reportId }, body: { format, sections } });

export const getExport = (reportId: string, exportId: string) => callApi(exportRoutes.getExport, { params: { id: reportId, export_id: exportId } });

export function useStartExport(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ format, sections }: { format: ExportFormat; sections: SectionKey[] }) => startExport(reportId, format, sections),
    onSuccess: () => void client.invalidateQueries({ queryKey: exportKeys.list(reportId) }),
  });
}

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

export const useExportList = (reportId: string | undefined) =>
  useQuery({
    queryKey: exportKeys.list(reportId ?? ''),
    queryFn: () => callApi(exportRoutes.listExports, { params: { id: reportId! }, query: { limit: '20' } }),
    enabled: Boolean(reportId),
    // an export started elsewhere (another tab, before a reload) is followed until it finishes
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ? LIST_POLL_MS : false),
  });
