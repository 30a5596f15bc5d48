/**
 * Cognito's hosted UI token endpoint (sign-in through the firm's identity provider): the authorization code
 * and its PKCE verifier become tokens. A public client API, like InitiateAuth: the client id, no secret, no IAM.
 */
import { optionalNonEmpty, readConfig } from '../lib/config';

const config = readConfig({
  COGNITO_DOMAIN: optionalNonEmpty(),
  FEDERATED_REDIRECT_URI: optionalNonEmpty(),
  USER_POOL_CLIENT_ID: optionalNonEmpty(),
});

export interface HostedUiSettings {
  /** https://<prefix>.auth.<region>.amazoncognito.com */
  domain: string;
  /** the SPA's callback URL, exactly as registered on the app client */
  redirectUri: string;
  clientId: string;
}

/** The deployment's hosted UI, or undefined when sign-in through an identity provider is not set up. */
export function hostedUiSettings(): HostedUiSettings | undefined {
  const { COGNITO_DOMAIN: domain, FEDERATED_REDIRECT_URI: redirectUri, USER_POOL_CLIENT_ID: clientId } = config;
  return domain && redirectUri && clientId ? { domain: domain.replace(/\/+$/, ''), redirectUri, clientId } : undefined;
}

/** The form the token endpoint takes (RFC 6749 §4.1.3 with RFC 7636's code_verifier). */
export function tokenRequestBody(settings: HostedUiSettings, code: string, codeVerifier: string): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: settings.clientId,
    code,
    redirect_uri: settings.redirectUri,
    code_verifier: codeVerifier,
  });
}

export interface FederatedTokens {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
}

/** The code was refused (expired, used, or not issued for this verifier and redirect URI): RFC 6749 invalid_grant. */
export class CodeRefusedError extends Error {
  override readonly name = 'CodeRefusedError';
}

const TOKEN_TIMEOUT_MS = 8_000;

export async function exchangeAuthorizationCode(settings: HostedUiSettings, code: string, codeVerifier: string): Promise<FederatedTokens> {
  const res = await fetch(`${settings.domain}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: tokenRequestBody(settings, code, codeVerifier),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    redirect: 'error',
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 400 && (json.error === 'invalid_grant' || json.error === 'invalid_request')) throw new CodeRefusedError(String(json.error));
  if (!res.ok || typeof json.access_token !== 'string' || typeof json.id_token !== 'string') {
    throw new Error(`token endpoint answered ${res.status} ${typeof json.error === 'string' ? json.error : ''}`.trim());
  }
  return {
    accessToken: json.access_token,
    idToken: json.id_token,
    ...(typeof json.refresh_token === 'string' ? { refreshToken: json.refresh_token } : {}),
  };
}
