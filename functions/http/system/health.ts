import { routes } from '@shared/api/routes';
import { api } from '../../lib/middleware/http-api';

export const handler = api(routes.health).handler(async () => ({ status: 'ok' as const, time: new Date().toISOString() }));
