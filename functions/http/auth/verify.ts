import { authRoutes } from '@shared/api/routes/auth';
import { verifySession } from '../../domain/auth/verify';
import { api } from '../api';

export const handler = api(authRoutes.verify).handler(async (event) => verifySession(event.headers.authorization));
