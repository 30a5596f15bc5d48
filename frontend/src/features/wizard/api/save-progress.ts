import type { BodyInput } from '@shared/api/route-types';
import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export const saveProgressOnServer = (body: BodyInput<typeof wizardRoutes.saveProgress>) => callApi(wizardRoutes.saveProgress, { body });
