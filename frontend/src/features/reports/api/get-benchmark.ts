import { useQuery } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

const benchmarkKey = (reportId: string) => ['report', reportId, 'benchmark'] as const;

const getBenchmark = (id: string) => callApi(reportRoutes.getBenchmark, { params: { id } });

/** The report's dimension scores against its sector's Final reports (quartiles; hidden below 5 peers). */
export const useBenchmark = (reportId: string | undefined) =>
  useQuery({ queryKey: benchmarkKey(reportId ?? ''), queryFn: () => getBenchmark(reportId!), enabled: Boolean(reportId), staleTime: 60_000 });
