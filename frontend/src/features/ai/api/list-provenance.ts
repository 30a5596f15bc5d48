import { useQuery } from '@tanstack/react-query';
import { aiRoutes } from '@shared/api/routes/ai';
import { callApi } from '@/lib/api-client';

export const provenanceKey = (reportId: string) => ['report', reportId, 'provenance'] as const;

export const listProvenance = (reportId: string) => callApi(aiRoutes.listProvenance, { params: { id: reportId }, query: {} });

/** The report's AI provenance records, newest first (for the provenance screen the drafting issue adds). */
export const useProvenance = (reportId: string | undefined) =>
  useQuery({ queryKey: provenanceKey(reportId ?? ''), queryFn: () => listProvenance(reportId!), enabled: Boolean(reportId) });
