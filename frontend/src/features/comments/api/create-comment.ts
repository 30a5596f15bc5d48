import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentRoutes } from '@shared/api/routes/comments';
import type { NewThreadBody } from '@shared/schemas/comments';
import { callApi } from '@/lib/api-client';
import { commentKeys } from './list-comments';

const createComment = (reportId: string, body: NewThreadBody) => callApi(commentRoutes.createComment, { params: { id: reportId }, body });

export function useCreateComment(reportId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: NewThreadBody) => createComment(reportId, body), onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.all(reportId) }) });
}
