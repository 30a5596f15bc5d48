import { useQuery } from '@tanstack/react-query';
import { commentRoutes } from '@shared/api/routes/comments';
import { callApi } from '@/lib/api-client';

/** Under ['report', id]: reloaded with the rest of the report. */
export const commentKeys = { all: (reportId: string) => ['report', reportId, 'comments'] as const };

const listComments = (reportId: string) => callApi(commentRoutes.listComments, { params: { id: reportId }, query: {} });

/** Every thread of the report and the open counts (one request serves the badges and every panel). */
export const useComments = (reportId: string | null | undefined) =>
  useQuery({ queryKey: commentKeys.all(reportId ?? ''), queryFn: () => listComments(reportId!), enabled: Boolean(reportId), staleTime: 15_000 });
