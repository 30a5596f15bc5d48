import { sectionRoutes } from '@shared/api/routes/sections';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

/** Restores `version` as a new version; `current` is the version the writer holds (409 when stale). */
export const restoreSectionVersion = (reportId: string, key: SectionKey, version: number, current: number) =>
  callApi(sectionRoutes.restoreSectionVersion, { params: { id: reportId, key, version: String(version) }, body: { version: current } });
