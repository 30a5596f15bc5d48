import { useInfiniteQuery } from '@tanstack/react-query';
import { activityRoutes } from '@shared/api/routes/activity';
import { callApi } from '@/lib/api-client';

export const activityKey = (reportId: string) => ['report', reportId, 'activity'] as const;

const PAGE = 20;

const listActivity = (reportId: string, cursor?: string, signal?: AbortSignal) =>
  callApi(activityRoutes.getReportActivity, { params: { id: reportId }, query: { limit: String(PAGE), cursor }, signal });

/** The report's activity, newest first, a page at a time. */
export const useActivity = (reportId: string | undefined, enabled = true) =>
  useInfiniteQuery({
    queryKey: activityKey(reportId ?? ''),
    queryFn: ({ pageParam, signal }) => listActivity(reportId!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(reportId) && enabled,
  });
