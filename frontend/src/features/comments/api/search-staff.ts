import { useQuery } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import { callApi } from '@/lib/api-client';

const searchStaff = (q: string) => callApi(teamRoutes.searchStaff, { query: { q } });

/** Staff whose username, name or email starts with `q` (the mention autocomplete); nothing for an empty query. */
export const useStaffSearch = (q: string | null) =>
  useQuery({ queryKey: ['staff', q ?? ''], queryFn: () => searchStaff(q!), enabled: Boolean(q), staleTime: 60_000 });
