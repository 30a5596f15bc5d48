import { useInfiniteQuery } from '@tanstack/react-query';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { evidenceKeys } from './keys';

/**
 * A report's evidence as the library page shows it: the first page, and for a search the further pages the user
 * asks for. The server searches within a budget per request: a search answers what it found so far and a
 * cursor, and "Search further" goes on from there.
 */
export const useEvidenceSearch = (ref: string | undefined, q: string) =>
  useInfiniteQuery({
    queryKey: evidenceKeys.search(ref ?? '', q),
    queryFn: ({ pageParam }) => callApi(evidenceRoutes.listEvidence, { params: { id: ref! }, query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(ref),
    placeholderData: (previous) => previous,
  });
