import { useQuery } from '@tanstack/react-query';
import { sectionRoutes } from '@shared/api/routes/sections';
import { callApi } from '@/lib/api-client';
import { sectionKeys } from './keys';

export const listSections = (reportId: string) => callApi(sectionRoutes.listSections, { params: { id: reportId } });

export const useSections = (reportId: string | undefined) =>
  useQuery({ queryKey: sectionKeys.sections(reportId ?? ''), queryFn: () => listSections(reportId!), enabled: Boolean(reportId) });
