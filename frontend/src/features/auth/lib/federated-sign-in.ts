/**
 * Sign-in through the firm's identity provider: Cognito's hosted UI with the authorization-code grant and
 * PKCE (RFC 7636, S256). The SPA keeps the verifier and a random state in sessionStorage (this tab only),
 * goes to the hosted UI, and on return checks the state before the API exchanges the code for a session.
 */
import { base64url } from 'jose';
import { FEDERATED_CALLBACK_PATH } from '@shared/constants';
import type { FederatedSignInConfig } from '@shared/resources/web';

/** sessionStorage key of the sign-in this tab started (state and verifier, single use). */
export const PENDING_KEY = 'assay.federated-sign-in';
/** A pending sign-in older than this is not finished (the hosted UI's codes live minutes, not hours). */
export const PENDING_MAX_AGE_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  state: string;
  verifier: string;
  startedAt: number;
}

/** What the flow needs of Web Crypto (the browser's `crypto`, or a test's). */
interface PkceCrypto {
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };
}

/** What it needs of sessionStorage. */
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const randomToken = (crypto: PkceCrypto, bytes: number) => base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));

/** A code verifier (43 characters from 32 random bytes) and its S256 challenge. */
export async function createPkcePair(crypto: PkceCrypto = globalThis.crypto): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomToken(crypto, 32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url.encode(new Uint8Array(digest)) };
}

const callbackUrl = (origin: string) => `${origin}${FEDERATED_CALLBACK_PATH}`;

/** The hosted UI's authorize URL, straight to the firm's provider (identity_provider skips Cognito's chooser). */
export function authorizeUrl(config: FederatedSignInConfig, opts: { origin: string; state: string; challenge: string }): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: callbackUrl(opts.origin),
    identity_provider: config.provider,
    scope: 'openid email profile',
    state: opts.state,
    code_challenge: opts.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Starts a sign-in: remembers state and verifier for this tab and answers where to send the browser. */
export async function beginFederatedSignIn(
  config: FederatedSignInConfig,
  env: { origin: string; storage: Pick<KeyValueStorage, 'setItem'>; crypto?: PkceCrypto; now?: number },
): Promise<string> {
  const crypto = env.crypto ?? globalThis.crypto;
  const { verifier, challenge } = await createPkcePair(crypto);
  const state = randomToken(crypto, 16);
  const pending: PendingSignIn = { state, verifier, startedAt: env.now ?? Date.now() };
  env.storage.setItem(PENDING_KEY, JSON.stringify(pending));
  return authorizeUrl(config, { origin: env.origin, state, challenge });
}

export type CallbackResult =
  | { ok: true; code: string; verifier: string }
  | { ok: false; reason: 'provider-error'; description: string }
  | { ok: false; reason: 'missing-code' | 'state-mismatch' };

/**
 * Reads the hosted UI's answer (`?code=…&state=…` or `?error=…`) against the sign-in this tab started. The
 * pending sign-in is removed whatever the outcome, so a code or a state works once only.
 */
export function finishFederatedSignIn(search: string, env: { storage: Pick<KeyValueStorage, 'getItem' | 'removeItem'>; now?: number }): CallbackResult {
  const params = new URLSearchParams(search);
  const raw = env.storage.getItem(PENDING_KEY);
  env.storage.removeItem(PENDING_KEY);
  const error = params.get('error');
  if (error) return { ok: false, reason: 'provider-error', description: (params.get('error_description') ?? error).slice(0, 300) };
  const code = params.get('code');
  const state = params.get('state');
  if (!code) return { ok: false, reason: 'missing-code' };
  let pending: Partial<PendingSignIn> | null = null;
  try {
    pending = raw ? (JSON.parse(raw) as Partial<PendingSignIn>) : null;
  } catch {
    pending = null;
  }
  const fresh = typeof pending?.startedAt === 'number' && (env.now ?? Date.now()) - pending.startedAt <= PENDING_MAX_AGE_MS;
  if (!pending || !fresh || typeof pending.verifier !== 'string' || !state || !constantTimeEqual(state, String(pending.state ?? ''))) {
    return { ok: false, reason: 'state-mismatch' };
  }
  return { ok: true, code, verifier: pending.verifier };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
