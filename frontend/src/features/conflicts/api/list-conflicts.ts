import { useQuery } from '@tanstack/react-query';
import { conflictRoutes } from '@shared/api/routes/conflicts';
import { callApi } from '@/lib/api-client';
import { conflictKeys } from './keys';

const listConflicts = (reportId: string) => callApi(conflictRoutes.listConflicts, { params: { id: reportId } });

export const useConflicts = (reportId: string | undefined) =>
  useQuery({ queryKey: conflictKeys.list(reportId ?? ''), queryFn: () => listConflicts(reportId!), enabled: Boolean(reportId), staleTime: 60_000 });
