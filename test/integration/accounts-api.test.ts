/**
 * Accounts: the administrator role (list, deactivate) and sessions that end, through the local
 * gateway against cognito-local and DynamoDB Local. cognito-local has no global sign-out, so what is tested
 * here is our own layer: the revocation mark the middleware and the refresh route check.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminSession as adminSessionAt, http, mailFor, registerAndLogin, registerConfirmed, signIn as signInAt, uniqueUser } from '../helpers/http';
import { tableClient } from '../helpers/emulator-clients';
import { decodePayload, signJwt } from '../helpers/tokens';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

const SESSION_ENDED =
  'This session has been ended (the password was reset, the account signed out everywhere or was deactivated); please sign in again';
const NO_REFRESH = 'No active session to refresh; please sign in again';
const DEACTIVATED = 'This account has been deactivated; ask an administrator if you need access again';

const signIn = (username: string, password: string) => signInAt(gw, username, password);
const adminSession = () => adminSessionAt(gw, LOCAL_ADMIN_EMAIL);

describe('the administrator', () => {
  let admin: Awaited<ReturnType<typeof adminSession>>;
  beforeAll(async () => {
    admin = await adminSession();
  });

  it('is told so at sign-in and by verify; nobody else is', async () => {
    expect(admin.user.is_admin).toBe(true);
    const verify = await http(gw, 'GET', '/api/auth/verify', { token: admin.token });
    expect(verify.body.user).toMatchObject({ username: 'assay-admin', is_admin: true });
    const staff = await registerAndLogin(gw, 'staff');
    const mine = await http(gw, 'GET', '/api/auth/verify', { token: staff.token });
    expect(mine.body.user.is_admin).toBe(false);
  });

  it('lists every account with its status, a page at a time (by username)', async () => {
    const waiting = uniqueUser('waiting');
    await http(gw, 'POST', '/api/auth/register', { body: waiting });
    const active = await registerConfirmed(gw, uniqueUser('listed'));
    const seen = new Map<string, { status: string; is_admin: boolean }>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await http(gw, 'GET', `/api/admin/users?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      for (const u of res.body.items) seen.set(u.username, u);
      cursor = res.body.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 500);
    expect(pages).toBeGreaterThan(1);
    expect(seen.get(active.username)).toMatchObject({ status: 'active', is_admin: false, email: active.email });
    expect(seen.get(waiting.username)).toMatchObject({ status: 'unverified' });
    expect(seen.get('assay-admin')).toMatchObject({ status: 'active', is_admin: true });
    const names = [...seen.keys()];
    expect(names).toEqual([...names].sort());
  });

  it('refuses a damaged cursor and a bad limit with 400 and a detail', async () => {
    const cursor = await http(gw, 'GET', '/api/admin/users?cursor=not-a-cursor', { token: admin.token });
    expect(cursor.status).toBe(400);
    expect(cursor.body.detail).toBe('cursor is not valid; start again from the first page');
    const limit = await http(gw, 'GET', '/api/admin/users?limit=-1', { token: admin.token });
    expect(limit.status).toBe(400);
    expect(limit.body.detail).toContain('limit must be a whole number');
  });

  it('cannot deactivate themself, nor an account that does not exist', async () => {
    const self = await http(gw, 'POST', '/api/admin/users/assay-admin/deactivate', { token: admin.token });
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe('You cannot deactivate your own account');
    const nobody = await http(gw, 'POST', '/api/admin/users/nobody-at-all/deactivate', { token: admin.token });
    expect(nobody.status).toBe(404);
    expect(nobody.body.detail).toBe('No user named nobody-at-all');
    expect((await http(gw, 'GET', '/api/auth/verify', { token: admin.token })).status).toBe(200);
  });

  it('deactivates an account: its access token gets 401, its refresh and sign-in fail, the list says who did it', async () => {
    const victim = await registerAndLogin(gw, 'victim');
    // a second session of the same user, on another device
    const other = await signIn(victim.user.username, victim.user.password);
    expect((await http(gw, 'GET', '/api/organizations', { token: victim.token })).status).toBe(200);

    const res = await http(gw, 'POST', `/api/admin/users/${victim.user.username}/deactivate`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `${victim.user.username} has been deactivated and signed out everywhere.` });

    for (const token of [victim.token, other.token]) {
      const refused = await http(gw, 'GET', '/api/organizations', { token });
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toBe(DEACTIVATED);
    }
    expect((await http(gw, 'GET', '/api/auth/verify', { token: victim.token })).status).toBe(401);
    const refresh = await http(gw, 'POST', '/api/auth/refresh', { cookie: other.cookie });
    expect(refresh.status).toBe(401);
    expect(refresh.body.detail).toBe(SESSION_ENDED);
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.user.username, password: victim.user.password } });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe(DEACTIVATED);
    // only the right password learns that the account is deactivated
    const wrong = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.user.username, password: 'not the password at all' } });
    expect(wrong.status).toBe(401);
    expect(login.headers.getSetCookie().some((c) => c.startsWith('__Secure-assay_refresh=') && !c.includes('Max-Age=0'))).toBe(false);
    // no reset code is mailed for a deactivated account (same answer as for any email)
    const forgot = await http(gw, 'POST', '/api/auth/forgot-password', { body: { email: victim.user.email } });
    expect(forgot.status).toBe(200);
    const mails = await mailFor(stack.urls.ses, victim.user.email);
    expect(mails.filter((m) => /password reset/i.test(m.subject))).toEqual([]);

    const list = await http(gw, 'GET', '/api/admin/users?limit=100', { token: admin.token });
    const row = (list.body.items as { username: string }[]).find((u) => u.username === victim.user.username);
    expect(row).toMatchObject({ status: 'deactivated', deactivated_by: 'assay-admin', deactivated_at: expect.any(String) });

    const again = await http(gw, 'POST', `/api/admin/users/${victim.user.username}/deactivate`, { token: admin.token });
    expect(again.status).toBe(200);
  });
});

describe('anyone else', () => {
  it('gets 403 with a detail from the administrators\' routes, and changes nothing', async () => {
    const staff = await registerAndLogin(gw, 'notadmin');
    const target = await registerAndLogin(gw, 'target');
    const list = await http(gw, 'GET', '/api/admin/users', { token: staff.token });
    expect(list.status).toBe(403);
    expect(list.body.detail).toBe('Only administrators may do this');
    const off = await http(gw, 'POST', `/api/admin/users/${target.user.username}/deactivate`, { token: staff.token });
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe('Only administrators may do this');
    expect((await http(gw, 'GET', '/api/organizations', { token: target.token })).status).toBe(200);
    expect((await http(gw, 'GET', '/api/admin/users')).status).toBe(401);
  });
});

describe('a password reset', () => {
  it('ends every session signed in before it; the new password signs in at once and its token works', async () => {
    const session = await registerAndLogin(gw, 'resetter');
    const forgot = await http(gw, 'POST', '/api/auth/forgot-password', { body: { email: session.user.email } });
    const reset = await http(gw, 'POST', '/api/auth/reset-password', {
      body: { email: session.user.email, reset_code: forgot.body.demo_reset_code, new_password: 'an entirely new passphrase' },
    });
    expect(reset.status).toBe(200);

    const old = await http(gw, 'GET', '/api/organizations', { token: session.token });
    expect(old.status).toBe(401);
    expect(old.body.detail).toBe(SESSION_ENDED);
    const refresh = await http(gw, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    expect(refresh.status).toBe(401);

    // straight after (the same second, usually): the sign-in waits for the next second so its token is live
    const fresh = await signIn(session.user.username, 'an entirely new passphrase');
    expect(Number(decodePayload(fresh.token).auth_time)).toBeGreaterThan(0);
    expect((await http(gw, 'GET', '/api/organizations', { token: fresh.token })).status).toBe(200);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: fresh.cookie })).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the user, on every device, and clears this one\'s cookie', async () => {
    const first = await registerAndLogin(gw, 'everywhere');
    const second = await signIn(first.user.username, first.user.password);
    const bystander = await registerAndLogin(gw, 'bystander');
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: second.cookie })).status).toBe(200);

    const out = await http(gw, 'POST', '/api/auth/logout-all', { token: first.token, cookie: first.cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Signed out on every device.' });
    expect(out.headers.getSetCookie().find((c) => c.startsWith('__Secure-assay_refresh='))).toMatch(/Max-Age=0/);

    for (const token of [first.token, second.token]) {
      const refused = await http(gw, 'GET', '/api/reports?limit=1', { token });
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toBe(SESSION_ENDED);
    }
    const secondRefresh = await http(gw, 'POST', '/api/auth/refresh', { cookie: second.cookie });
    expect(secondRefresh.status).toBe(401);
    expect(secondRefresh.body.detail).toBe(SESSION_ENDED);
    const firstRefresh = await http(gw, 'POST', '/api/auth/refresh', { cookie: first.cookie });
    expect(firstRefresh.status).toBe(401);
    // someone else's session is untouched
    expect((await http(gw, 'GET', '/api/organizations', { token: bystander.token })).status).toBe(200);
    // and the user signs in again at once
    const again = await signIn(first.user.username, first.user.password);
    expect((await http(gw, 'GET', '/api/organizations', { token: again.token })).status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await http(gw, 'POST', '/api/auth/logout-all');
    expect(res.status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the refresh token it holds (in Cognito and in our record); other sessions stay', async () => {
    const session = await registerAndLogin(gw, 'logout');
    const other = await signIn(session.user.username, session.user.password);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: session.cookie })).status).toBe(200);

    const out = await http(gw, 'POST', '/api/auth/logout', { cookie: session.cookie });
    expect(out.status).toBe(200);
    const after = await http(gw, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe(NO_REFRESH);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: other.cookie })).status).toBe(200);
  });

  it('keeps only a hash of each refresh token, with an expiry', async () => {
    const session = await registerAndLogin(gw, 'hashed');
    const { createHash } = await import('node:crypto');
    const token = decodeURIComponent(session.cookie.slice('__Secure-assay_refresh='.length));
    const hash = createHash('sha256').update(token).digest('base64url');
    const { Item } = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REFRESH#${hash}`, SK: 'SESSION' } }));
    expect(Item).toMatchObject({ username: session.user.username, auth_time: expect.any(Number), expires_at: expect.any(Number) });
    expect(JSON.stringify(Item)).not.toContain(token);
  });
});

describe('a token without a usable sign-in time', () => {
  it('is refused with 401 even when its signature is good', async () => {
    const session = await registerAndLogin(gw, 'claims');
    const { auth_time: _a, iat: _i, ...rest } = decodePayload(session.token);
    const token = signJwt(rest);
    const res = await http(gw, 'GET', '/api/organizations', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('The access token is invalid or has expired');
    const fine = signJwt({ ...rest, auth_time: _a, iat: _i });
    expect((await http(gw, 'GET', '/api/organizations', { token: fine })).status).toBe(200);
  });
});
