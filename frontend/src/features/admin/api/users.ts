import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@shared/api/routes/admin';
import { callApi } from '@/lib/api-client';

export const adminUserKeys = { list: ['admin', 'users'] as const };

const PAGE = 50;

/** Every account, a page at a time (administrators only: anyone else gets 403 with a detail). */
export const useUserPages = () =>
  useInfiniteQuery({
    queryKey: adminUserKeys.list,
    queryFn: ({ pageParam, signal }) => callApi(adminRoutes.listUsers, { query: { limit: String(PAGE), cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
  });

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => callApi(adminRoutes.deactivateUser, { params: { username } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.list }),
  });
}
