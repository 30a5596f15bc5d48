/**
 * Issue 22, the faults a security review found, each through the local gateway against the emulators (every
 * test here failed before its fix): accounts that stay off, sessions that end at sign-out, tokens that must be
 * access tokens, and limits per person.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_LIMITS, MAX_EVIDENCE_PER_REPORT } from '@shared/constants';
import { details } from '@shared/messages';
import { hashResetCode } from '../../functions/domain/auth/reset-code';
import { uuidv7 } from '../../functions/lib/uuidv7';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { tableClient } from '../helpers/emulator-clients';
import { waitForExport } from '../helpers/export-wait';
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

/** An organization and a report of its own, with one written section (something to export). */
async function reportWithSection(token: string) {
  const api = (method: string, path: string, body?: unknown) => http(gw, method, path, { token, body });
  const org = await api('POST', '/api/organizations', { name: `Security Org ${randomUUID().slice(0, 6)}` });
  const report = await api('POST', '/api/reports', { title: 'Security', organization_id: org.body.id, owner: 'Ann' });
  const saved = await api('PUT', `/api/reports/${report.body.id}/sections/introduction`, { content: 'The firm asked for a review of its security.', version: 0 });
  expect(saved.status, saved.text).toBe(200);
  return report.body.id as string;
}

const faults = (method: 'POST' | 'DELETE', body?: unknown) => http(gw, method, '/__harness/faults', body === undefined ? {} : { body });

describe('limits per person', () => {
  it('holds a report to 3 running exports, atomically: 8 parallel starts, exactly 3 accepted', async () => {
    // Prepare: the exports' files take a while to store, so the first ones are still running when the rest ask
    const session = await registerAndLogin(gw, 'exports8');
    const reportId = await reportWithSection(session.token);
    expect((await faults('POST', { service: 's3', operation: 'PutObject', kind: 'timeout', delayMs: 4000, count: 3 })).status).toBe(200);
    try {
      // Act
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => http(gw, 'POST', `/api/reports/${reportId}/exports`, { token: session.token, body: { format: 'docx', sections: ['introduction'] } })),
      );
      // Assess
      const accepted = answers.filter((a) => a.status === 202);
      expect(accepted).toHaveLength(3);
      for (const a of answers.filter((x) => x.status !== 202)) {
        expect(a.status).toBe(429);
        expect(a.body.detail).toBe(details.exportsBusy(3));
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // once they finish, their slots are free again
      for (const a of accepted) await waitForExport(gw, session.token, reportId, a.body.export_id as string);
      const again = await http(gw, 'POST', `/api/reports/${reportId}/exports`, { token: session.token, body: { format: 'docx', sections: ['introduction'] } });
      expect(again.status).toBe(202);
      await waitForExport(gw, session.token, reportId, again.body.export_id as string);
    } finally {
      await faults('DELETE');
    }
  }, 90_000);

  it('answers a flood of sign-ins from one client with 429 and Retry-After, while another client signs in', async () => {
    // Prepare
    const someone = await registerAndLogin(gw, 'bystander');
    const flooder = { 'cloudfront-viewer-address': `203.0.113.${Math.floor(Math.random() * 200) + 20}:40000` };
    const other = { 'cloudfront-viewer-address': '198.51.100.7:40001' };
    // Act: twice the limit from one address, with a sign-in from elsewhere in the middle of it
    const flood = Array.from({ length: 2 * AUTH_LIMITS.perClientPerMinute }, (_, i) =>
      http(gw, 'POST', '/api/auth/login', { body: { username: `nobody-${i}`, password: 'not a password at all' }, headers: flooder }),
    );
    const elsewhere = signIn(gw, someone.user.username, someone.user.password, other);
    const answers = await Promise.all(flood);
    const signedIn = await elsewhere;
    // Assess
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(AUTH_LIMITS.perClientPerMinute - 1); // a minute's window may turn during the flood
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(2 * AUTH_LIMITS.perClientPerMinute - refused.length);
    expect(refused[0]!.body.detail).toMatch(/^Too many requests from your network address; try again in \d+ seconds$/);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await http(gw, 'GET', '/api/organizations', { token: signedIn.token })).status).toBe(200);
    // the refresh route is the same address's too
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: signedIn.cookie, headers: flooder })).status).toBe(429);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: signedIn.cookie, headers: other })).status).toBe(200);
  });

  it('gives an expensive route a per-user limit: 429 with Retry-After and a detail, other users unaffected', async () => {
    const first = await registerAndLogin(gw, 'searcher');
    const second = await registerAndLogin(gw, 'searcher2');
    const reportId = await reportWithSection(first.token);
    const search = (token: string) => http(gw, 'GET', `/api/reports/${reportId}/evidence?q=anything`, { token });
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await search(first.token));
    const last = answers.at(-1)!;
    expect(answers.slice(0, 60).every((a) => a.status === 200) || answers.some((a) => a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    const refused = answers.find((a) => a.status === 429) ?? last;
    expect(refused.body.detail).toMatch(/^You have asked for 60 searches in the last minute; try again in \d+ seconds$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await search(second.token)).status).toBe(200);
    // listing without a search is not counted
    expect((await http(gw, 'GET', `/api/reports/${reportId}/evidence`, { token: first.token })).status).toBe(200);
  });
});

describe('no unbounded reads', () => {
  it('caps a report’s evidence with a clear message, atomically', async () => {
    const session = await registerAndLogin(gw, 'capped');
    const reportId = await reportWithSection(session.token);
    // Prepare: the report holds all but two of its items (the count the cap keeps)
    await db.send(new PutCommand({ TableName: stack.tableName, Item: { PK: `REPORT#${reportId}`, SK: 'EVIDENCECOUNT', entity: 'EvidenceCount', evidence_count: MAX_EVIDENCE_PER_REPORT - 2 } }));
    // Act
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => http(gw, 'POST', `/api/reports/${reportId}/evidence/interview`, { token: session.token, body: { title: `Interview ${i}`, content: 'Notes of an interview.' } })),
    );
    // Assess
    expect(answers.filter((a) => a.status === 201 || a.status === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status >= 300)) {
      expect(a.status).toBe(409);
      expect(a.body.detail).toBe(details.evidenceFull(MAX_EVIDENCE_PER_REPORT));
    }
    // deleting one makes room for one
    const list = await http(gw, 'GET', `/api/reports/${reportId}/evidence`, { token: session.token });
    expect((await http(gw, 'DELETE', `/api/reports/${reportId}/evidence/${list.body.items[0].id}`, { token: session.token })).status).toBe(200);
    expect((await http(gw, 'POST', `/api/reports/${reportId}/evidence/interview`, { token: session.token, body: { title: 'One more', content: 'Notes.' } })).status).toBeLessThan(300);
  });

  it('searches within a budget: a query matching nothing reads a bounded share of the texts per request, and goes on from its cursor', async () => {
    // Prepare: 150 items whose texts do not match (stored as ingestion stores them)
    const session = await registerAndLogin(gw, 'budget');
    const reportId = await reportWithSection(session.token);
    const now = Date.now();
    for (let i = 0; i < 150; i++) {
      const evidenceId = uuidv7(now + i);
      await db.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: {
            PK: `REPORT#${reportId}`, SK: `EVIDENCE#${evidenceId}`, entity: 'Evidence', id: evidenceId, report_id: reportId, type: 'interview', title: `Interview ${i}`, source: '', content: '',
            tags: [], linkedDimensions: [], relevanceScore: 0.5, status: 'analyzed', fileSize: null, fileType: null, aiInsights: [], business_dimensions: [], text_chars: 40,
            text: `Notes number ${i} about the market and its customers.`, created_at: new Date(now + i).toISOString(), updated_at: new Date(now + i).toISOString(), created_by: 'x', version: 1,
          },
        }),
      );
    }
    // Act: follow the cursor to the end
    const pages = [];
    let cursor: string | null = null;
    do {
      const page: any = await http(gw, 'GET', `/api/reports/${reportId}/evidence?q=zebra${cursor ? `&cursor=${cursor}` : ''}`, { token: session.token });
      expect(page.status).toBe(200);
      pages.push(page.body);
      cursor = page.body.next_cursor;
    } while (cursor && pages.length < 10);
    const first = await http(gw, 'GET', `/api/reports/${reportId}/evidence?q=${encodeURIComponent('number 149')}`, { token: session.token });
    const second = await http(gw, 'GET', `/api/reports/${reportId}/evidence?q=${encodeURIComponent('number 149')}&cursor=${first.body.next_cursor}`, { token: session.token });
    // Assess: no request read all 150 texts; together they searched every one
    expect(pages.length).toBe(2);
    expect(pages.flatMap((p) => p.items)).toEqual([]);
    expect(pages.at(-1).next_cursor).toBeNull();
    expect(first.body.items).toEqual([]);
    expect(second.body.items.map((i: { title: string; match?: string }) => [i.title, i.match])).toEqual([['Interview 149', 'Notes number 149 about the market and its customers.']]);
  });
});
