import type { BodyInput } from '@shared/api/route-types';
import { aiRoutes } from '@shared/api/routes/ai';
import { callApi } from '@/lib/api-client';

export const generateContext = (body: BodyInput<typeof aiRoutes.generateContext>) => callApi(aiRoutes.generateContext, { body });
