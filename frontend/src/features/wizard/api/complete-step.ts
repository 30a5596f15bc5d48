import type { BodyInput } from '@shared/api/route-types';
import { wizardRoutes } from '@shared/api/routes/wizard';
import type { WizardStepId } from '@shared/domain/wizard-steps';
import { callApi } from '@/lib/api-client';

export type CompleteStepInput = { reportId: string; step: WizardStepId; body: BodyInput<typeof wizardRoutes.completeStep>; keepalive?: boolean };
/** "Complete step" on the server: store, record, compose, in one request. */
export const completeStep = ({ reportId, step, body, keepalive }: CompleteStepInput) =>
  callApi(wizardRoutes.completeStep, { params: { id: reportId, step }, body, ...(keepalive ? { keepalive } : {}) });
