import { useInfiniteQuery } from '@tanstack/react-query';
import { aiRoutes } from '@shared/api/routes/ai';
import { callApi } from '@/lib/api-client';

const provenanceKey = (reportId: string) => ['report', reportId, 'provenance'] as const;

const PAGE = 20;

const listProvenance = (reportId: string, cursor?: string, signal?: AbortSignal) =>
  callApi(aiRoutes.listProvenance, { params: { id: reportId }, query: { limit: String(PAGE), cursor }, signal });

/** The report's AI provenance records, newest first, a page at a time (the provenance dialog). */
export const useProvenance = (reportId: string | undefined, enabled = true) =>
  useInfiniteQuery({
    queryKey: provenanceKey(reportId ?? ''),
    queryFn: ({ pageParam, signal }) => listProvenance(reportId!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(reportId) && enabled,
  });
