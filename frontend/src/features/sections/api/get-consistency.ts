import { useQuery } from '@tanstack/react-query';
import { sectionRoutes } from '@shared/api/routes/sections';
import { callApi } from '@/lib/api-client';
import { sectionKeys } from './keys';

const getConsistency = (reportId: string) => callApi(sectionRoutes.getConsistency, { params: { id: reportId } });

export const useConsistency = (reportId: string | undefined) =>
  useQuery({ queryKey: sectionKeys.consistency(reportId ?? ''), queryFn: () => getConsistency(reportId!), enabled: Boolean(reportId) });
