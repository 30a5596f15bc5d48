import { routes } from '@shared/api/routes';
import { forgotPassword } from '../../domain/auth/forgot-password';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.forgotPassword).handler(async (event) => forgotPassword(event.input.body));
