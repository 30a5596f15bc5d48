/**
 * A stack configured as a cloud deploy is: DEMO_MODE off and ALLOWED_EMAIL_DOMAINS set.
 * The handlers read their configuration at cold start, so this file runs its own stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, mailFor, uniqueUser } from '../helpers/http';
import { spawnLocalStack, type SpawnedStack } from '../helpers/local-stack';

let stack: SpawnedStack;
beforeAll(async () => {
  stack = await spawnLocalStack({ env: { DEMO_MODE: 'false', ALLOWED_EMAIL_DOMAINS: 'assay.example, Partner.example' } });
});
afterAll(async () => {
  await stack?.stop();
});

describe('with ALLOWED_EMAIL_DOMAINS and without DEMO_MODE', () => {
  it('refuses registration from another domain with 403 and says which domains are allowed', async () => {
    const res = await http(stack.urls.gateway, 'POST', '/api/auth/register', { body: uniqueUser('outsider') });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Registration is limited to email addresses at assay.example, partner.example');
  });

  it('accepts the allowed domains, in any case', async () => {
    const user = { ...uniqueUser('insider'), email: `insider-${Date.now()}@PARTNER.example` };
    const res = await http(stack.urls.gateway, 'POST', '/api/auth/register', { body: user });
    expect(res.status).toBe(200);
  });

  it('does not return demo codes; the mailed codes confirm the account and reset the password', async () => {
    // Prepare: register, then prove the mailbox with the code that was mailed (and only mailed)
    const user = { ...uniqueUser('mailonly'), email: `mailonly-${Date.now()}@assay.example` };
    const registered = await http(stack.urls.gateway, 'POST', '/api/auth/register', { body: user });
    expect(registered.body.demo_verification_code).toBeUndefined();
    const confirmMail = (await mailFor(stack.urls.ses, user.email)).find((m) => /^Confirm your/.test(m.subject))!;
    const confirmCode = /enter this code when you sign in: (\d{8})/.exec(confirmMail.body.text ?? '')?.[1];
    expect((await http(stack.urls.gateway, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: confirmCode } })).status).toBe(200);
    // Act
    const forgot = await http(stack.urls.gateway, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const mail = (await mailFor(stack.urls.ses, user.email)).find((m) => /password reset code/.test(m.subject))!;
    const code = /reset code is: (\d{8})/.exec(mail.body.text ?? '')?.[1];
    const reset = await http(stack.urls.gateway, 'POST', '/api/auth/reset-password', {
      body: { email: user.email, reset_code: code, new_password: 'mailed code passphrase' },
    });
    // Assess
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ success: true, message: 'If an account exists for that email, a reset code has been sent.' });
    expect(code).toBeDefined();
    expect(reset.status).toBe(200);
  });
});
