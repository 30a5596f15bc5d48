import { federationRoutes } from '@shared/api/routes/federation';
import { federatedSignIn } from '../../domain/auth/federated-sign-in';
import { sessionResult } from '../../lib/cookies';
import { api } from '../../lib/middleware/http-api';

export const handler = api(federationRoutes.federatedSignIn).handler(async (event) => sessionResult(await federatedSignIn(event.input.body)));
