import { useQuery } from '@tanstack/react-query';
import { visualRoutes } from '@shared/api/routes/visuals';
import { callApi } from '@/lib/api-client';
import { visualKeys } from './keys';

const listVisuals = (reportId: string) => callApi(visualRoutes.listVisuals, { params: { id: reportId } });

export const useVisuals = (reportId: string | undefined) =>
  useQuery({ queryKey: visualKeys.list(reportId ?? ''), queryFn: () => listVisuals(reportId!), enabled: Boolean(reportId) });
