import { routes } from '@shared/api/routes';
import { login } from '../../domain/auth/login';
import { sessionResult } from '../../lib/cookies';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.login).handler(async (event) => sessionResult(await login(event.input.body)));
