import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportRoutes } from '@shared/api/routes/exports';
import type { ExportExtra, ExportFormat } from '@shared/schemas/exports';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { exportKeys } from './keys';

export interface StartExportInput {
  format: ExportFormat;
  sections: SectionKey[];
  /** the optional sections: the comparison with the baseline, the sector benchmark */
  extras?: ExportExtra[];
}

/** Starts an export (202: it runs in the background). */
const startExport = (reportId: string, { format, sections, extras = [] }: StartExportInput) =>
  callApi(exportRoutes.createExport, { params: { id: reportId }, body: { format, sections, extras } });

export function useStartExport(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StartExportInput) => startExport(reportId, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: exportKeys.list(reportId) }),
  });
}
