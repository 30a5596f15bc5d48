import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamRoutes } from '@shared/api/routes/teams';
import { callApi } from '@/lib/api-client';
import { teamKeys } from './get-team';

const setBenchmarkConsent = (organizationId: string, allowed: boolean) =>
  callApi(teamRoutes.setBenchmarkConsent, { params: { id: organizationId }, body: { allowed } });

/**
 * A lead's consent: may this client's Final reports count in the firm's sector benchmarks. Not
 * optimistic: the switch shows the server's answer, and every report's benchmark is read again after it.
 */
export function useSetBenchmarkConsent(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) => setBenchmarkConsent(organizationId, allowed),
    onSuccess: (out) => {
      queryClient.setQueryData(teamKeys.team(organizationId), out.team);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'report' && q.queryKey[2] === 'benchmark' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(organizationId) }),
  });
}
