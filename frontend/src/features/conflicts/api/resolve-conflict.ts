import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { conflictRoutes } from '@shared/api/routes/conflicts';
import { callApi } from '@/lib/api-client';
import { conflictKeys } from './keys';

export type ResolveInput = BodyInput<typeof conflictRoutes.resolveConflict>;

const resolveConflict = (reportId: string, conflictId: string, body: ResolveInput) =>
  callApi(conflictRoutes.resolveConflict, { params: { id: reportId, conflict_id: conflictId }, body });

export function useResolveConflict(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conflictId, body }: { conflictId: string; body: ResolveInput }) => resolveConflict(reportId, conflictId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: conflictKeys.list(reportId) }),
  });
}
