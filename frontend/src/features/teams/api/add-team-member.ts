import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import type { TeamRole } from '@shared/schemas/teams';
import { callApi } from '@/lib/api-client';
import { teamKeys } from './get-team';

const addTeamMember = (organizationId: string, username: string, role: TeamRole) =>
  callApi(teamRoutes.addTeamMember, { params: { id: organizationId }, body: { username, role } });

/** Puts a member of staff on the team (leads only); the answer is the team as it is now. */
export function useAddTeamMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; role: TeamRole }) => addTeamMember(organizationId, input.username, input.role),
    onSuccess: (out) => queryClient.setQueryData(teamKeys.team(organizationId), out.team),
  });
}
