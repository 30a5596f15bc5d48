/**
 * Issue 22, the faults a security review found, each through the local gateway against the emulators (every
 * test here failed before its fix): accounts that stay off, sessions that end at sign-out, tokens that must be
 * access tokens, and limits per person.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { hashResetCode } from '../../functions/domain/auth/reset-code';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { tableClient } from '../helpers/emulator-clients';
import { adminSession, http, registerAndLogin, signIn, uniqueUser } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Tokens straight from the user pool, as anyone holding the public app client id can ask for them. */
async function poolTokens(username: string, password: string) {
  const out = await cognito.send(new InitiateAuthCommand({ ClientId: stack.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }));
  return { access: out.AuthenticationResult!.AccessToken!, id: out.AuthenticationResult!.IdToken! };
}

let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  admin = await adminSession(gw, LOCAL_ADMIN_EMAIL);
});

describe('a deactivated account stays off', () => {
  it('is not re-activated by the confirmation code mailed before its deactivation', async () => {
    // Prepare: an account waiting for its mailbox code, deactivated by an administrator
    const user = uniqueUser('reactivate');
    const reg = await http(gw, 'POST', '/api/auth/register', { body: user });
    expect(reg.status).toBe(200);
    const off = await http(gw, 'POST', `/api/admin/users/${user.username}/deactivate`, { token: admin.token });
    expect(off.status).toBe(200);
    // Act
    const confirm = await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: reg.body.demo_verification_code } });
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    // Assess
    expect(confirm.status).toBe(400);
    expect(confirm.body.detail).toBe(details.confirmationCodeInvalid);
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe(details.accountDeactivated);
  });

  it('is not re-activated even by a live code: only an unverified account can be confirmed', async () => {
    // Prepare: a deactivated account, and a valid confirmation code planted for it (as if it had survived)
    const victim = await registerAndLogin(gw, 'planted');
    expect((await http(gw, 'POST', `/api/admin/users/${victim.user.username}/deactivate`, { token: admin.token })).status).toBe(200);
    const { hash, salt } = hashResetCode('12345678');
    const now = Math.floor(Date.now() / 1000);
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { PK: `VERIFY#${victim.user.username}`, SK: 'CODE', entity: 'OneTimeCode', email: victim.user.email, username: victim.user.username, code_hash: hash, salt, attempts: 0, expires_at: now + 3600, created_at: new Date().toISOString() },
      }),
    );
    // Act
    const confirm = await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: victim.user.username, code: '12345678' } });
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.user.username, password: victim.user.password } });
    // Assess
    expect(confirm.status).toBe(400);
    expect(login.status).toBe(403);
    const list = await http(gw, 'GET', '/api/admin/users?limit=100', { token: admin.token });
    expect((list.body.items as { username: string; status: string }[]).find((u) => u.username === victim.user.username)?.status).toBe('deactivated');
  });

  it('loses its pending password-reset code when it is deactivated', async () => {
    const victim = await registerAndLogin(gw, 'resetoff');
    const forgot = await http(gw, 'POST', '/api/auth/forgot-password', { body: { email: victim.user.email } });
    expect((await http(gw, 'POST', `/api/admin/users/${victim.user.username}/deactivate`, { token: admin.token })).status).toBe(200);
    const reset = await http(gw, 'POST', '/api/auth/reset-password', { body: { email: victim.user.email, reset_code: forgot.body.demo_reset_code, new_password: 'a brand new passphrase here' } });
    expect(reset.status).toBe(400);
    expect(reset.body.detail).toBe(details.resetCodeInvalid);
  });
});

describe('signing out ends the session at once', () => {
  it('refuses the signed-out session’s access token (and the one refreshed from it); another session stays', async () => {
    // Prepare: two sessions of one user, the first refreshed once
    const first = await registerAndLogin(gw, 'signout');
    const second = await signIn(gw, first.user.username, first.user.password);
    const refreshed = await http(gw, 'POST', '/api/auth/refresh', { cookie: first.cookie });
    expect(refreshed.status).toBe(200);
    expect((await http(gw, 'GET', '/api/organizations', { token: first.token })).status).toBe(200);
    // Act
    const out = await http(gw, 'POST', '/api/auth/logout', { cookie: first.cookie });
    // Assess
    expect(out.status).toBe(200);
    for (const token of [first.token, refreshed.body.token as string]) {
      const after = await http(gw, 'GET', '/api/organizations', { token });
      expect(after.status).toBe(401);
      expect(after.body.detail).toBe(details.sessionEnded);
    }
    expect((await http(gw, 'GET', '/api/auth/verify', { token: first.token })).status).toBe(401);
    expect((await http(gw, 'GET', '/api/organizations', { token: second.token })).status).toBe(200);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: second.cookie })).status).toBe(200);
  });
});

describe('only access tokens open the API', () => {
  it('refuses an ID token from the same user pool on a data route (the JWT authorizer takes it)', async () => {
    // Prepare
    const session = await registerAndLogin(gw, 'idtoken');
    const tokens = await poolTokens(session.user.username, session.user.password);
    // Act
    const withId = await http(gw, 'GET', '/api/organizations', { token: tokens.id });
    const created = await http(gw, 'POST', '/api/organizations', { token: tokens.id, body: { name: 'Made with an ID token' } });
    // Assess
    expect(withId.status).toBe(401);
    expect(withId.body.detail).toBe(details.invalidToken);
    expect(created.status).toBe(401);
    expect((await http(gw, 'GET', '/api/organizations', { token: session.token })).status).toBe(200);
  });

  it('refuses the tokens an account not yet confirmed gets from the pool itself', async () => {
    const user = uniqueUser('unconfirmed');
    expect((await http(gw, 'POST', '/api/auth/register', { body: user })).status).toBe(200);
    const tokens = await poolTokens(user.username, user.password);
    const res = await http(gw, 'GET', '/api/organizations', { token: tokens.access });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe(details.accountInactive);
  });
});
