import type { BodyInput } from '@shared/api/route-types';
import { sectionRoutes } from '@shared/api/routes/sections';
import { callApi } from '@/lib/api-client';

export const composeSections = (reportId: string, body: BodyInput<typeof sectionRoutes.composeSections>) =>
  callApi(sectionRoutes.composeSections, { params: { id: reportId }, body });
