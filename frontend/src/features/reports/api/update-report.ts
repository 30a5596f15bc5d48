import type { BodyInput } from '@shared/api/route-types';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

export const updateReport = (id: string, body: BodyInput<typeof reportRoutes.updateReport>) => callApi(reportRoutes.updateReport, { params: { id }, body });
