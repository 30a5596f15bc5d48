import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import { callApi } from '@/lib/api-client';
import { teamKeys } from './get-team';

const setConfidential = (organizationId: string, confidential: boolean) =>
  callApi(teamRoutes.setConfidential, { params: { id: organizationId }, body: { confidential } });

/** Makes the client confidential (only its team sees it) or open again (leads only). */
export function useSetConfidential(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confidential: boolean) => setConfidential(organizationId, confidential),
    onSuccess: (out) => queryClient.setQueryData(teamKeys.team(organizationId), out.team),
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(organizationId) }),
  });
}
