import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentRoutes } from '@shared/api/routes/comments';
import type { ThreadStatus } from '@shared/schemas/comments';
import { callApi } from '@/lib/api-client';
import { commentKeys } from './list-comments';

const setCommentStatus = (reportId: string, thread: string, status: ThreadStatus) => callApi(commentRoutes.setCommentStatus, { params: { id: reportId, thread }, body: { status } });

export function useSetCommentStatus(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ thread, status }: { thread: string; status: ThreadStatus }) => setCommentStatus(reportId, thread, status),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.all(reportId) }),
  });
}
