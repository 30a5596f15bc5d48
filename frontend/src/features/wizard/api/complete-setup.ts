import type { BodyInput } from '@shared/api/route-types';
import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export type CompleteSetupInput = BodyInput<typeof wizardRoutes.completeSetup>;
/** Organization, report and initial progress in one server transaction (idempotent by its key). */
export const completeSetupOnServer = (body: CompleteSetupInput) => callApi(wizardRoutes.completeSetup, { body });
