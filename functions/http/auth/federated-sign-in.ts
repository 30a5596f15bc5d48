import { authRoutes } from '@shared/api/routes/auth';
import { federatedSignIn } from '../../domain/auth/federated-sign-in';
import { clientAddress } from '../../lib/client-address';
import { sessionResult } from '../../lib/cookies';
import { api } from '../api';

export const handler = api(authRoutes.federatedSignIn).handler(async (event) => sessionResult(await federatedSignIn(event.input.body, clientAddress(event))));
