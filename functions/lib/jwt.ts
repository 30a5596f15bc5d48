/**
 * Access-token verification with aws-jwt-verify: issuer, signature (JWKS), expiry, `token_use` and
 * `client_id`. One code path; locally the JWKS comes from cognito-local over plain http on loopback.
 */
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { SimpleFetcher } from 'aws-jwt-verify/https';
import * as z from 'zod/mini';
import { nonEmpty, readConfig } from './config';

const config = readConfig({
  COGNITO_ISSUER: z.url(),
  COGNITO_JWKS_URI: z.optional(z.url()),
  USER_POOL_CLIENT_ID: nonEmpty(),
});

/** Fetches JWKS over http only from loopback (the local harness); everything else goes through https. */
class LoopbackAwareFetcher {
  private readonly https = new SimpleFetcher();
  async fetch(uri: string, requestOptions?: Record<string, unknown>, data?: ArrayBuffer): Promise<ArrayBuffer> {
    const url = new URL(uri);
    if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
      return res.arrayBuffer();
    }
    return this.https.fetch(uri, requestOptions, data);
  }
}

const accessTokenVerifier = JwtVerifier.create(
  {
    issuer: config.COGNITO_ISSUER,
    jwksUri: config.COGNITO_JWKS_URI ?? `${config.COGNITO_ISSUER}/.well-known/jwks.json`,
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== config.USER_POOL_CLIENT_ID) throw new Error('token issued to another client');
    },
  },
  { jwksCache: new SimpleJwksCache({ fetcher: new LoopbackAwareFetcher() }) },
);

export interface VerifiedClaims {
  sub: string;
  username: string;
  exp: number;
}

export async function verifyAccessToken(token: string): Promise<VerifiedClaims> {
  const payload = await accessTokenVerifier.verify(token);
  return { sub: String(payload.sub), username: typeof payload.username === 'string' ? payload.username : '', exp: Number(payload.exp) };
}
