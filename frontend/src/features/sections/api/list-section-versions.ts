import { useQuery } from '@tanstack/react-query';
import { sectionRoutes } from '@shared/api/routes/sections';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { sectionKeys } from './keys';

const listSectionVersions = (reportId: string, key: SectionKey) => callApi(sectionRoutes.listSectionVersions, { params: { id: reportId, key } });

/** Every saved version of a section, newest first (read while `enabled`). */
export const useSectionVersions = (reportId: string, key: SectionKey, enabled: boolean) =>
  useQuery({ queryKey: sectionKeys.versions(reportId, key), queryFn: () => listSectionVersions(reportId, key), enabled });
