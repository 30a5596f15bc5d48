import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import { callApi } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { teamKeys } from './get-team';

/** How long typing must pause before the staff search is sent. */
const STAFF_SEARCH_DEBOUNCE_MS = 250;

const searchStaff = (q: string, signal?: AbortSignal) => callApi(teamRoutes.searchStaff, { query: { q }, signal });

/** Staff whose username, name or email starts with what was typed (debounced; nothing is sent for an empty box). */
export function useStaffSearch(text: string) {
  const q = useDebounced(text.trim(), STAFF_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: teamKeys.staff(q),
    queryFn: ({ signal }) => searchStaff(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  return { ...query, q, settled: q === text.trim() };
}
