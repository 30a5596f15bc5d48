import { SessionResponse } from '@shared/schemas/auth';
import { FederatedSignInBody } from '@shared/schemas/federation';
import { defineRoute, type RouteDef } from '../route-types';

/** Sign-in through the firm's identity provider (Cognito federation; README "Sign-in through your identity provider"). */
export const federationRoutes = {
  federatedSignIn: defineRoute({
    id: 'federatedSignIn',
    method: 'POST',
    path: '/api/auth/federated',
    handler: 'auth/federated-sign-in',
    auth: 'none',
    summary: "Exchange the hosted UI's authorization code (PKCE) for a session, as password sign-in gives",
    body: FederatedSignInBody,
    response: SessionResponse,
    throttle: 'auth',
    // the profile it creates on the first sign-in, and the session records sign-in writes
    access: { table: 'readwrite', tableKeys: ['accounts', 'sessions', 'refreshSessions'], userPoolClient: true, federation: true },
  }),
} as const satisfies Record<string, RouteDef>;
