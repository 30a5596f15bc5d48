import { routes } from '@shared/api/routes';
import { register } from '../../domain/auth/register';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.register).handler(async (event) => register(event.input.body));
