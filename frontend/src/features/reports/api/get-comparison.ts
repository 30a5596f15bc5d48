import { useQuery } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

const comparisonKey = (reportId: string) => ['report', reportId, 'comparison'] as const;

const getComparison = (id: string) => callApi(reportRoutes.getComparison, { params: { id } });

/** A re-assessment against its baseline. */
export const useComparison = (reportId: string | undefined) =>
  useQuery({ queryKey: comparisonKey(reportId ?? ''), queryFn: () => getComparison(reportId!), enabled: Boolean(reportId), retry: false });
