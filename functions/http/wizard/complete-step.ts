import { wizardRoutes } from '@shared/api/routes/wizard';
import { completeStep } from '../../domain/wizard/complete-step';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.completeStep).handler(async ({ input, user, context }) =>
  completeStep(reportInContext(context, input.params.id), input.params.step, input.body, user.username),
);
