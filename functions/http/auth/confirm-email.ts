import { authRoutes } from '@shared/api/routes/auth';
import { confirmEmail } from '../../domain/auth/email-confirmation';
import { api } from '../api';

export const handler = api(authRoutes.confirmEmail).handler(async ({ input }) => confirmEmail(input.body));
