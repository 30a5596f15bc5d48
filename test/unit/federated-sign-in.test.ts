/**
 * Sign-in through the firm's identity provider, the parts that run without a hosted UI (cognito-local has
 * none): the SPA's PKCE pair, authorize URL and state check; the API's token request and who signed in; the
 * deploy setting's validation.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FEDERATED_CALLBACK_PATH } from '@shared/constants';
import { CODE_VERIFIER_PATTERN, FederatedSignInBody } from '@shared/schemas/federation';
import * as z from 'zod/mini';
import { identityFromTokens } from '../../functions/domain/auth/federated-identity';
import { tokenRequestBody } from '../../functions/data/hosted-ui';
import {
  PENDING_KEY,
  PENDING_MAX_AGE_MS,
  authorizeUrl,
  beginFederatedSignIn,
  createPkcePair,
  finishFederatedSignIn,
} from '../../frontend/src/features/auth/lib/federated-sign-in';
import { readDeployConfig } from '../../infra/config';

const config = {
  label: 'Firm SSO',
  provider: 'FirmSSO',
  authorizeUrl: 'https://assay-prod-1.auth.eu-west-2.amazoncognito.com/oauth2/authorize',
  clientId: 'abc123client',
};
const ORIGIN = 'https://assay.firm.example';

/** sessionStorage as the browser has it (a Map behind the Storage methods the code uses). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const b64url = (buf: Buffer) => buf.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('PKCE and the authorize URL (SPA)', () => {
  it('makes a 43-character verifier and its S256 challenge, different every time', async () => {
    const a = await createPkcePair();
    const b = await createPkcePair();
    expect(a.verifier).toMatch(CODE_VERIFIER_PATTERN);
    expect(a.verifier).toHaveLength(43);
    expect(a.challenge).toBe(b64url(createHash('sha256').update(a.verifier).digest()));
    expect(a.verifier).not.toBe(b.verifier);
  });

  it('sends the browser straight to the firm provider with the code grant, PKCE and the app callback', () => {
    const url = new URL(authorizeUrl(config, { origin: ORIGIN, state: 'st4te', challenge: 'ch4llenge' }));
    expect(`${url.origin}${url.pathname}`).toBe(config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'abc123client',
      redirect_uri: `${ORIGIN}${FEDERATED_CALLBACK_PATH}`,
      identity_provider: 'FirmSSO',
      scope: 'openid email profile',
      state: 'st4te',
      code_challenge: 'ch4llenge',
      code_challenge_method: 'S256',
    });
  });

  it('remembers state and verifier for this tab, and the URL carries the state and the verifier’s challenge', async () => {
    const storage = memoryStorage();
    const url = new URL(await beginFederatedSignIn(config, { origin: ORIGIN, storage, now: 1_000 }));
    const pending = JSON.parse(storage.map.get(PENDING_KEY)!) as { state: string; verifier: string; startedAt: number };
    expect(pending.startedAt).toBe(1_000);
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(pending.state.length).toBeGreaterThanOrEqual(22);
    expect(url.searchParams.get('code_challenge')).toBe(b64url(createHash('sha256').update(pending.verifier).digest()));
  });
});

describe('the callback (SPA)', () => {
  async function started(now = 1_000) {
    const storage = memoryStorage();
    const url = new URL(await beginFederatedSignIn(config, { origin: ORIGIN, storage, now }));
    const pending = JSON.parse(storage.map.get(PENDING_KEY)!) as { verifier: string };
    return { storage, state: url.searchParams.get('state')!, verifier: pending.verifier };
  }

  it('gives the code and this tab’s verifier when the state matches, once only', async () => {
    const { storage, state, verifier } = await started();
    expect(finishFederatedSignIn(`?code=the-code&state=${state}`, { storage, now: 2_000 })).toEqual({ ok: true, code: 'the-code', verifier });
    expect(storage.map.has(PENDING_KEY)).toBe(false);
    expect(finishFederatedSignIn(`?code=the-code&state=${state}`, { storage, now: 2_000 })).toEqual({ ok: false, reason: 'state-mismatch' });
  });

  it('refuses a state this tab did not start, a missing one, and a sign-in started too long ago', async () => {
    const a = await started();
    expect(finishFederatedSignIn('?code=c&state=someone-elses', { storage: a.storage, now: 2_000 })).toEqual({ ok: false, reason: 'state-mismatch' });
    const b = await started();
    expect(finishFederatedSignIn('?code=c', { storage: b.storage, now: 2_000 })).toEqual({ ok: false, reason: 'state-mismatch' });
    const c = await started();
    expect(finishFederatedSignIn(`?code=c&state=${c.state}`, { storage: c.storage, now: 1_000 + PENDING_MAX_AGE_MS + 1 })).toEqual({ ok: false, reason: 'state-mismatch' });
    // nothing started in this tab at all (a link opened elsewhere), or a damaged entry
    expect(finishFederatedSignIn('?code=c&state=x', { storage: memoryStorage() })).toEqual({ ok: false, reason: 'state-mismatch' });
    const damaged = memoryStorage();
    damaged.setItem(PENDING_KEY, '{not json');
    expect(finishFederatedSignIn('?code=c&state=x', { storage: damaged })).toEqual({ ok: false, reason: 'state-mismatch' });
  });

  it('reports the provider’s refusal and a missing code, and forgets the pending sign-in', async () => {
    const { storage, state } = await started();
    expect(finishFederatedSignIn(`?error=access_denied&error_description=User+is+not+assigned&state=${state}`, { storage })).toEqual({
      ok: false,
      reason: 'provider-error',
      description: 'User is not assigned',
    });
    expect(storage.map.has(PENDING_KEY)).toBe(false);
    const again = await started();
    expect(finishFederatedSignIn(`?state=${again.state}`, { storage: again.storage })).toEqual({ ok: false, reason: 'missing-code' });
  });
});

describe('the code exchange (API)', () => {
  const jwt = (payload: Record<string, unknown>) => `${b64url(Buffer.from('{"alg":"none"}'))}.${b64url(Buffer.from(JSON.stringify(payload)))}.sig`;

  it('asks the token endpoint for the authorization-code grant with the verifier and the registered callback, no secret', () => {
    const body = tokenRequestBody({ domain: 'https://d.auth.eu-west-2.amazoncognito.com', redirectUri: `${ORIGIN}/auth/callback`, clientId: 'cid' }, 'the-code', 'v'.repeat(43));
    expect(Object.fromEntries(body)).toEqual({ grant_type: 'authorization_code', client_id: 'cid', code: 'the-code', redirect_uri: `${ORIGIN}/auth/callback`, code_verifier: 'v'.repeat(43) });
    expect(body.has('client_secret')).toBe(false);
  });

  it('takes the username from the access token and the name and email from the IdP’s mapping', () => {
    expect(identityFromTokens(jwt({ username: 'firmsso_abc' }), jwt({ email: 'Ann.Lee@Firm.Example', email_verified: true, name: ' Ann Lee ' }))).toEqual({ username: 'firmsso_abc', name: 'Ann Lee', email: 'ann.lee@firm.example' });
    // no name from the IdP: the email stands in, then the username
    expect(identityFromTokens(jwt({ username: 'firmsso_abc' }), jwt({ email: 'a@firm.example', email_verified: 'true' })).name).toBe('a@firm.example');
    expect(identityFromTokens(jwt({ username: 'firmsso_abc' }), jwt({}))).toEqual({ username: 'firmsso_abc', name: 'firmsso_abc', email: '' });
  });

  it('takes no email the IdP has not verified (administrators are named by email)', () => {
    for (const verified of [undefined, false, 'false']) {
      expect(identityFromTokens(jwt({ username: 'firmsso_abc' }), jwt({ email: 'boss@firm.example', email_verified: verified, name: 'Boss' }))).toEqual({ username: 'firmsso_abc', name: 'Boss', email: '' });
    }
  });

  it('validates the body: a code of URL-safe characters, a verifier as RFC 7636 has it', () => {
    const ok = { code: 'abc-123', code_verifier: 'a'.repeat(43) };
    expect(z.safeParse(FederatedSignInBody, ok).success).toBe(true);
    for (const bad of [{ ...ok, code: '' }, { ...ok, code: 'a b' }, { ...ok, code: 'x'.repeat(2049) }, { ...ok, code_verifier: 'short' }, { ...ok, code_verifier: 'a'.repeat(129) }, { code: 'abc' }]) {
      expect(z.safeParse(FederatedSignInBody, bad).success, JSON.stringify(bad).slice(0, 60)).toBe(false);
    }
  });
});

describe('the identityProvider deploy setting', () => {
  const base = { ALLOWED_EMAIL_DOMAINS: 'firm.example', DOMAIN_NAME: 'assay.firm.example', CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };
  const oidc = { type: 'oidc', name: 'FirmSSO', issuerUrl: 'https://login.firm.example', clientId: 'cid', clientSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:assay/idp-AbCdEf' };
  const read = (value: unknown, env: Record<string, string> = base) => readDeployConfig((k) => (k === 'identityProvider' ? value : undefined), env);

  it('accepts OIDC and SAML, from cdk.json (an object) or -c / IDENTITY_PROVIDER (JSON)', () => {
    expect(read(oidc).identityProvider).toEqual(oidc);
    expect(read(JSON.stringify(oidc)).identityProvider).toEqual(oidc);
    const saml = readDeployConfig(() => undefined, { ...base, IDENTITY_PROVIDER: JSON.stringify({ type: 'saml', name: 'FirmAD', metadataUrl: 'https://adfs.firm.example/metadata.xml' }) });
    expect(saml.identityProvider).toMatchObject({ type: 'saml', name: 'FirmAD', emailAttribute: expect.stringContaining('emailaddress') });
  });

  it('refuses a client secret in the config, an http issuer, a bad name, unknown keys and a missing custom domain', () => {
    expect(() => read({ ...oidc, clientSecret: 'hunter2' })).toThrow(/never put a client secret in the config/);
    expect(() => read({ ...oidc, issuerUrl: 'http://login.firm.example' })).toThrow(/issuerUrl must be an https/);
    expect(() => read({ ...oidc, name: 'has spaces' })).toThrow(/identityProvider.name/);
    expect(() => read({ ...oidc, clientSecretArn: 'plain-text' })).toThrow(/clientSecretArn/);
    expect(() => read({ ...oidc, extra: 1 })).toThrow(/identityProvider/);
    expect(() => read('{oops')).toThrow(/must be a JSON object/);
    expect(() => read(oidc, { ALLOWED_EMAIL_DOMAINS: 'firm.example' })).toThrow(/needs the app on its own domain/);
  });

  it('turns the WAF rate limit on by default where CloudFront can use it (us-east-1), off elsewhere unless asked', () => {
    expect(readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example' }).enableWaf).toBe(true);
    expect(readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', ENABLE_WAF: 'false' }).enableWaf).toBe(false);
    expect(readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', CDK_DEFAULT_REGION: 'eu-west-2' }).enableWaf).toBe(false);
    expect(() => readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', CDK_DEFAULT_REGION: 'eu-west-2', ENABLE_WAF: 'true' })).toThrow(/us-east-1/);
  });
});
