import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import type { TeamRole } from '@shared/schemas/teams';
import { callApi } from '@/lib/api-client';
import { teamKeys } from './get-team';

const updateTeamMember = (organizationId: string, username: string, role: TeamRole) =>
  callApi(teamRoutes.updateTeamMember, { params: { id: organizationId, username }, body: { role } });

/** Changes a member's role (leads only; the last lead cannot be demoted: 409 with the server's detail). */
export function useUpdateTeamMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; role: TeamRole }) => updateTeamMember(organizationId, input.username, input.role),
    onSuccess: (out) => queryClient.setQueryData(teamKeys.team(organizationId), out.team),
    // a refused change (someone else changed the team meanwhile) shows the team as it is
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(organizationId) }),
  });
}
