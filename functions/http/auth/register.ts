import { authRoutes } from '@shared/api/routes/auth';
import { register } from '../../domain/auth/register';
import { api } from '../api';

export const handler = api(authRoutes.register).handler(async (event) => register(event.input.body));
