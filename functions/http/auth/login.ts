import { authRoutes } from '@shared/api/routes/auth';
import { login } from '../../domain/auth/login';
import { clientAddress } from '../../lib/client-address';
import { sessionResult } from '../../lib/cookies';
import { api } from '../api';

export const handler = api(authRoutes.login).handler(async (event) => sessionResult(await login(event.input.body, clientAddress(event))));
