import { wizardRoutes } from '@shared/api/routes/wizard';
import { completeStep } from '../../domain/wizard/complete-step';
import { api } from '../api';

export const handler = api(wizardRoutes.completeStep).handler(async ({ input, user }) => completeStep(input.params.id, input.params.step, input.body, user.username));
