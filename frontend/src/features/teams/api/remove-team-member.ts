import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import { callApi } from '@/lib/api-client';
import { teamKeys } from './get-team';

const removeTeamMember = (organizationId: string, username: string) =>
  callApi(teamRoutes.removeTeamMember, { params: { id: organizationId, username } });

/** Takes a member off the team (leads only; the last lead cannot leave: 409 with the server's detail). */
export function useRemoveTeamMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => removeTeamMember(organizationId, username),
    onSuccess: (out) => queryClient.setQueryData(teamKeys.team(organizationId), out.team),
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(organizationId) }),
  });
}
