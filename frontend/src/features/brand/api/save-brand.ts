import type { BodyInput } from '@shared/api/route-types';
import { brandRoutes } from '@shared/api/routes/brand';
import { callApi } from '@/lib/api-client';

/** Keeps the brand on the report's organization. */
export const saveBrand = (reportId: string, body: BodyInput<typeof brandRoutes.saveBrand>) => callApi(brandRoutes.saveBrand, { params: { id: reportId }, body });
