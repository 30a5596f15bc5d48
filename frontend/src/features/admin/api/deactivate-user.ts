import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@shared/api/routes/admin';
import { callApi } from '@/lib/api-client';
import { adminUserKeys } from './list-users';

const deactivateUser = (username: string) => callApi(adminRoutes.deactivateUser, { params: { username } });

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateUser, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.list }) });
}
