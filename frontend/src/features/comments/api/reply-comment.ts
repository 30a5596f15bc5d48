import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentRoutes } from '@shared/api/routes/comments';
import { callApi } from '@/lib/api-client';
import { commentKeys } from './list-comments';

const replyToComment = (reportId: string, thread: string, body: string) => callApi(commentRoutes.replyToComment, { params: { id: reportId, thread }, body: { body } });

export function useReplyToComment(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ thread, body }: { thread: string; body: string }) => replyToComment(reportId, thread, body),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.all(reportId) }),
  });
}
