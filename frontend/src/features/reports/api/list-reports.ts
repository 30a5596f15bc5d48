import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@shared/domain/options';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

export const reportKeys = {
  all: ['reports'] as const,
  recent: (limit: number) => ['reports', 'recent', limit] as const,
  list: (status?: ReportStatus) => ['reports', 'list', status ?? 'all'] as const,
};

const listReports = (query: { limit?: number; cursor?: string; status?: ReportStatus }) =>
  callApi(reportRoutes.listReports, { query: { limit: query.limit ? String(query.limit) : undefined, cursor: query.cursor, status: query.status } });

/** The most recently updated reports (the Recent Reports grid), with the firm-wide counts. */
export const useRecentReports = (limit: number) =>
  useQuery({ queryKey: reportKeys.recent(limit), queryFn: () => listReports({ limit }) });

/** Every report (or every report of one status), a page at a time, for the modal lists. */
export const useReportPages = (status: ReportStatus | undefined, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: reportKeys.list(status),
    queryFn: ({ pageParam }) => listReports({ limit: 25, cursor: pageParam, status }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
