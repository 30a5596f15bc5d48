import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { organizationRoutes } from '@shared/api/routes/organizations';
import { callApi } from '@/lib/api-client';

export const organizationKeys = {
  all: ['organizations'] as const,
  first: ['organizations', 'first'] as const,
  list: ['organizations', 'list'] as const,
};

const listOrganizations = (query: { limit?: number; cursor?: string }) =>
  callApi(organizationRoutes.listOrganizations, { query: { limit: query.limit ? String(query.limit) : undefined, cursor: query.cursor } });

/** The first page and the total (the Organizations card). */
export const useOrganizationSummary = () =>
  useQuery({ queryKey: organizationKeys.first, queryFn: () => listOrganizations({ limit: 1 }) });

export const useOrganizationPages = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: organizationKeys.list,
    queryFn: ({ pageParam }) => listOrganizations({ limit: 25, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
