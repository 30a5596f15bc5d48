import { routes } from '@shared/api/routes';
import { verifySession } from '../../domain/auth/verify';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.verify).handler(async (event) => verifySession(event.headers.authorization));
