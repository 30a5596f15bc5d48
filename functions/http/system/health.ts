import { systemRoutes } from '@shared/api/routes/system';
import { api } from '../api';

export const handler = api(systemRoutes.health).handler(async () => ({ status: 'ok' as const, time: new Date().toISOString() }));
