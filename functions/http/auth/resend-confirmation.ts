import { authRoutes } from '@shared/api/routes/auth';
import { resendConfirmation } from '../../domain/auth/email-confirmation';
import { api } from '../api';

export const handler = api(authRoutes.resendConfirmation).handler(async ({ input }) => resendConfirmation(input.body));
