import { useQuery } from '@tanstack/react-query';
import type { QueryInput } from '@shared/api/route-types';
import { libraryRoutes } from '@shared/api/routes/library';
import { callApi } from '@/lib/api-client';
import { libraryKeys } from './keys';

export type LibraryFilters = QueryInput<typeof libraryRoutes.listClientEvidence>;

const listClientEvidence = (orgId: string, filters: LibraryFilters) => callApi(libraryRoutes.listClientEvidence, { params: { id: orgId }, query: filters });

/** A client's evidence library, filtered on the server; each item with the reports that use it. */
export const useClientEvidence = (orgId: string | undefined, filters: LibraryFilters) =>
  useQuery({
    queryKey: libraryKeys.list(orgId ?? '', filters),
    queryFn: () => listClientEvidence(orgId!, filters),
    enabled: Boolean(orgId),
    placeholderData: (previous) => previous,
  });
