import type { BodyInput } from '@shared/api/route-types';
import { sectionRoutes } from '@shared/api/routes/sections';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export const saveSection = (reportId: string, key: SectionKey, body: BodyInput<typeof sectionRoutes.saveSection>) =>
  callApi(sectionRoutes.saveSection, { params: { id: reportId, key }, body });
