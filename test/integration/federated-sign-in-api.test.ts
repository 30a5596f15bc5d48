/**
 * The code-exchange route through the local gateway. cognito-local has no hosted UI, so locally sign-in
 * through an identity provider is not set up: the route answers 404 with a detail, after validating its body.
 */
import { describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { http } from '../helpers/http';

const gw = inject('stack').urls.gateway;

describe('POST /api/auth/federated', () => {
  it('says sign-in through an identity provider is not set up here (404 with a detail), and sets no cookie', async () => {
    const res = await http(gw, 'POST', '/api/auth/federated', { body: { code: 'abc-123', code_verifier: 'v'.repeat(43) } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: details.federationOff });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a malformed code or verifier with 400 and a detail naming the field', async () => {
    for (const body of [{ code: 'a b', code_verifier: 'v'.repeat(43) }, { code: 'abc', code_verifier: 'short' }, { code: 'abc' }]) {
      const res = await http(gw, 'POST', '/api/auth/federated', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.detail)).toMatch(/code/);
    }
  });
});
