import { useInfiniteQuery } from '@tanstack/react-query';
import { adminRoutes } from '@shared/api/routes/admin';
import { callApi } from '@/lib/api-client';

export const adminUserKeys = { list: ['admin', 'users'] as const };

const PAGE = 50;

const listUsers = (cursor: string | undefined, signal?: AbortSignal) => callApi(adminRoutes.listUsers, { query: { limit: String(PAGE), cursor }, signal });

/** Every account, a page at a time (administrators only: anyone else gets 403 with a detail). */
export const useUserPages = () =>
  useInfiniteQuery({
    queryKey: adminUserKeys.list,
    queryFn: ({ pageParam, signal }) => listUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
  });
