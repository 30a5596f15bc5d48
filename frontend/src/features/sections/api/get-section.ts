import { sectionRoutes } from '@shared/api/routes/sections';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export const getSection = (reportId: string, key: SectionKey) => callApi(sectionRoutes.getSection, { params: { id: reportId, key } });
