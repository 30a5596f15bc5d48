import { authRoutes } from '@shared/api/routes/auth';
import { resetPassword } from '../../domain/auth/reset-password';
import { api } from '../../lib/middleware/http-api';

export const handler = api(authRoutes.resetPassword).handler(async (event) => resetPassword(event.input.body));
