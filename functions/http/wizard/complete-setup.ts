import { wizardRoutes } from '@shared/api/routes/wizard';
import { completeSetup } from '../../domain/wizard/complete-setup';
import { api } from '../api';

export const handler = api(wizardRoutes.completeSetup).handler(async ({ input, user, context }) => completeSetup(context, input.body, user.username));
