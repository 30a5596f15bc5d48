import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportRoutes } from '@shared/api/routes/exports';
import type { ExportFormat } from '@shared/schemas/exports';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { exportKeys } from './keys';

/** Starts an export (202: it runs in the background). */
export const startExport = (reportId: string, format: ExportFormat, sections: SectionKey[]) =>
  callApi(exportRoutes.createExport, { params: { id: reportId }, body: { format, sections } });

export function useStartExport(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ format, sections }: { format: ExportFormat; sections: SectionKey[] }) => startExport(reportId, format, sections),
    onSuccess: () => void client.invalidateQueries({ queryKey: exportKeys.list(reportId) }),
  });
}
