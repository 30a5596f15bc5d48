import type { BodyInput } from '@shared/api/route-types';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

export const createReport = (body: BodyInput<typeof reportRoutes.createReport>) => callApi(reportRoutes.createReport, { body });
