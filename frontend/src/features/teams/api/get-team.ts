import { useQuery } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import { callApi } from '@/lib/api-client';

export const teamKeys = {
  all: ['teams'] as const,
  team: (organizationId: string) => ['teams', organizationId] as const,
  staff: (q: string) => ['teams', 'staff', q] as const,
};

const getTeam = (organizationId: string, signal?: AbortSignal) => callApi(teamRoutes.getTeam, { params: { id: organizationId }, signal });

/** A client's team, its confidentiality and the caller's own role. */
export const useTeam = (organizationId: string) =>
  useQuery({ queryKey: teamKeys.team(organizationId), queryFn: ({ signal }) => getTeam(organizationId, signal), retry: false });
