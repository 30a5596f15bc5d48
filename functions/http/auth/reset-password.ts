import { routes } from '@shared/api/routes';
import { resetPassword } from '../../domain/auth/reset-password';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.resetPassword).handler(async (event) => resetPassword(event.input.body));
