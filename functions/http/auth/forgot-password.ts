import { authRoutes } from '@shared/api/routes/auth';
import { forgotPassword } from '../../domain/auth/forgot-password';
import { api } from '../api';

export const handler = api(authRoutes.forgotPassword).handler(async (event) => forgotPassword(event.input.body));
