import { useQuery } from '@tanstack/react-query';
import { sectionRoutes } from '@shared/api/routes/sections';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { sectionKeys } from './keys';

const getSectionVersion = (reportId: string, key: SectionKey, version: number) =>
  callApi(sectionRoutes.getSectionVersion, { params: { id: reportId, key, version: String(version) } });

/** One earlier version of a section, whole (none asked for while `version` is null). */
export const useSectionVersion = (reportId: string, key: SectionKey, version: number | null, enabled: boolean) =>
  useQuery({ queryKey: [...sectionKeys.versions(reportId, key), version], queryFn: () => getSectionVersion(reportId, key, version!), enabled: enabled && version !== null });
