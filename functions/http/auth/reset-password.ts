import { authRoutes } from '@shared/api/routes/auth';
import { resetPassword } from '../../domain/auth/reset-password';
import { clientAddress } from '../../lib/client-address';
import { api } from '../api';

export const handler = api(authRoutes.resetPassword).handler(async (event) => resetPassword(event.input.body, clientAddress(event)));
