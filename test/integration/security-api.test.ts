/**
 * Security rules, each through the local gateway against the emulators: accounts that stay off, sessions that end at sign-out, tokens that must be
 * access tokens, and limits per person.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_LIMITS, MAX_EVIDENCE_PER_REPORT } from '@shared/constants';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { details } from '@shared/messages';
import type { AuditEntry } from '@shared/schemas/audit';
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
    // Act: three times the limit from one address, with a sign-in from elsewhere in the middle of it (the fixed
    // window may turn during the flood: two windows take at most twice the limit, so at least one limit's worth is refused)
    const flood = Array.from({ length: 3 * AUTH_LIMITS.perClientPerMinute }, (_, i) =>
      http(gw, 'POST', '/api/auth/login', { body: { username: `nobody-${i}`, password: 'not a password at all' }, headers: flooder }),
    );
    const elsewhere = signIn(gw, someone.user.username, someone.user.password, other);
    const answers = await Promise.all(flood);
    const signedIn = await elsewhere;
    // Assess
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(AUTH_LIMITS.perClientPerMinute);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(3 * AUTH_LIMITS.perClientPerMinute - refused.length);
    expect(refused[0]!.body.detail).toMatch(/^Too many requests from your network address; try again in \d+ seconds$/);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await http(gw, 'GET', '/api/organizations', { token: signedIn.token })).status).toBe(200);
    // the refresh route is the same address's too: its limit used up in a window with time left (when the flood's
    // window is about to turn, the next one is waited for and used up), so the window cannot turn before the refresh
    const useUp = async () => {
      const more = await Promise.all(Array.from({ length: AUTH_LIMITS.perClientPerMinute + 1 }, (_, i) => http(gw, 'POST', '/api/auth/login', { body: { username: `again-${i}`, password: 'not a password at all' }, headers: flooder })));
      return Math.max(0, ...more.filter((a) => a.status === 429).map((a) => Number(a.headers.get('retry-after'))));
    };
    let left = await useUp();
    if (left < 10) {
      await expect.poll(async () => (await http(gw, 'POST', '/api/auth/login', { body: { username: 'turned', password: 'not a password at all' }, headers: flooder })).status, { timeout: 20_000, interval: 500 }).not.toBe(429);
      left = await useUp();
    }
    expect(left).toBeGreaterThanOrEqual(10);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: signedIn.cookie, headers: flooder })).status).toBe(429);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: signedIn.cookie, headers: other })).status).toBe(200);
  });

  it('gives an expensive route a per-user limit: 429 with Retry-After and a detail, other users unaffected', async () => {
    const first = await registerAndLogin(gw, 'searcher');
    const second = await registerAndLogin(gw, 'searcher2');
    const reportId = await reportWithSection(first.token);
    const search = (token: string) => http(gw, 'GET', `/api/reports/${reportId}/evidence?q=anything`, { token });
    const limit = evidenceRoutes.listEvidence.userLimit.perMinute;
    const answers = [];
    for (let i = 0; i <= limit; i++) answers.push(await search(first.token));
    // a minute's window may turn during the run: then the count starts again, and fewer are refused
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(limit);
    const refused = answers.find((a) => a.status === 429);
    if (refused) {
      expect(refused.body.detail).toMatch(new RegExp(`^You have asked for ${limit} searches in the last minute; try again in \\d+ seconds$`));
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // one more, past the limit in whichever window this is
    for (let i = 0; i <= limit && !answers.some((a) => a.status === 429); i++) answers.push(await search(first.token));
    expect(answers.some((a) => a.status === 429)).toBe(true);
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
    const orgId = (await http(gw, 'GET', `/api/reports/${reportId}`, { token: session.token })).body.organization_id as string;
    for (let i = 0; i < 150; i++) {
      const evidenceId = uuidv7(now + i);
      // the client's library item and the report's reference to it
      await db.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: {
            PK: `REPORT#${reportId}`, SK: `EVREF#${evidenceId}`, GSI2PK: `ORG#${orgId}`, GSI2SK: `EVREF#${evidenceId}#${reportId}`, entity: 'EvidenceRef', id: evidenceId, report_id: reportId, organization_id: orgId,
          },
        }),
      );
      await db.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: {
            PK: `ORG#${orgId}`, SK: `EVIDENCE#${evidenceId}`, entity: 'Evidence', id: evidenceId, report_id: reportId, organization_id: orgId, type: 'interview', title: `Interview ${i}`, source: '', content: '',
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

/** A raw request with a Host header of our choosing (fetch always sends the URL's own). */
function withHost(host: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(gw);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the local gateway answers only to its own name (DNS rebinding)', () => {
  it('refuses a Host of rebind.example on the API, the Lambda emulation and the harness endpoints', async () => {
    const port = new URL(gw).port;
    const forgot = JSON.stringify({ email: 'someone@example.com' });
    const refused = await Promise.all([
      withHost(`rebind.example:${port}`, 'GET', '/api/health'),
      withHost(`rebind.example:${port}`, 'POST', '/api/auth/forgot-password', forgot),
      withHost('rebind.example', 'GET', '/config.json'),
      withHost(`rebind.example:${port}`, 'POST', '/2015-03-31/functions/assay-worker-exportReport/invocations', '{}'),
      withHost(`rebind.example:${port}`, 'GET', '/__harness/faults'),
      withHost(`127.0.0.1:${Number(port) + 1}`, 'GET', '/api/health'),
      withHost(`127.0.0.1.rebind.example:${port}`, 'GET', '/api/health'),
    ]);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.text).not.toContain('demo_reset_code');
    }
    expect(JSON.parse(refused[0].text)).toEqual({ message: 'Forbidden: this local gateway answers only to 127.0.0.1 and localhost on its own port' });
    // its own names still work
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) expect((await withHost(host, 'GET', '/api/health')).status).toBe(200);
  });
});

describe('the firm-wide audit log (administrators)', () => {
  it('lists sign-ins, deactivations, exports and evidence deletions, filtered and paged, and refuses anyone else', async () => {
    // Prepare: someone signs in, adds and deletes evidence, exports; an administrator deactivates another account
    const actor = await registerAndLogin(gw, 'audited');
    const reportId = await reportWithSection(actor.token);
    const added = await http(gw, 'POST', `/api/reports/${reportId}/evidence/interview`, { token: actor.token, body: { title: 'Deleted notes', content: 'Notes.' } });
    expect((await http(gw, 'DELETE', `/api/reports/${reportId}/evidence/${added.body.evidence.id}`, { token: actor.token })).status).toBe(200);
    const exported = await http(gw, 'POST', `/api/reports/${reportId}/exports`, { token: actor.token, body: { format: 'pdf', sections: ['introduction'] } });
    expect(exported.status).toBe(202);
    await waitForExport(gw, actor.token, reportId, exported.body.export_id as string);
    const victim = await registerAndLogin(gw, 'auditoff');
    expect((await http(gw, 'POST', `/api/admin/users/${victim.user.username}/deactivate`, { token: admin.token })).status).toBe(200);
    const log = (query: string, token = admin.token) => http(gw, 'GET', `/api/admin/audit${query}`, { token });
    // Act
    const mine = await log(`?user=${actor.user.username}`);
    const signIns = await log(`?user=${actor.user.username}&action=user.signin`);
    const offs = await log('?action=user.deactivate&limit=100');
    const today = new Date().toISOString().slice(0, 10);
    const paged = await log(`?from=${today}&limit=1`);
    const next = await log(`?from=${today}&limit=1&cursor=${paged.body.next_cursor}`);
    // Assess
    expect(mine.status).toBe(200);
    expect(new Set(mine.body.items.map((e: AuditEntry) => e.action))).toEqual(new Set(['user.signin', 'section.edit', 'evidence.delete', 'export.create']));
    expect(signIns.body.items).toEqual([
      expect.objectContaining({ user: actor.user.username, action: 'user.signin', target: { kind: 'user', id: actor.user.username, title: actor.user.name }, detail: expect.stringMatching(/^signed in with a password from /) }),
    ]);
    expect(mine.body.items.find((e: AuditEntry) => e.action === 'evidence.delete')).toMatchObject({ target: { kind: 'evidence', id: added.body.evidence.id, title: 'Deleted notes' } });
    expect(mine.body.items.find((e: AuditEntry) => e.action === 'export.create')).toMatchObject({ target: { kind: 'export', id: exported.body.export_id }, detail: 'PDF of 1 section: Introduction' });
    expect(offs.body.items).toContainEqual(expect.objectContaining({ user: 'assay-admin', action: 'user.deactivate', target: expect.objectContaining({ kind: 'user', id: victim.user.username }) }));
    const times = mine.body.items.map((e: AuditEntry) => e.at);
    expect(times).toEqual([...times].sort().reverse()); // newest first
    expect(paged.body.items).toHaveLength(1);
    expect(next.body.items).toHaveLength(1);
    expect(next.body.items[0].id).not.toBe(paged.body.items[0].id);
    // a report's own log has its section edit (the activity feed's), evidence deletion and export too
    const reportLog = await http(gw, 'GET', `/api/reports/${reportId}/audit`, { token: actor.token });
    expect(reportLog.body.items.map((e: AuditEntry) => e.action).sort()).toEqual(['evidence.delete', 'export.create', 'section.edit']);
    // anyone else: 403; bad filters: 400 with a detail
    const refused = await log('', actor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(details.adminOnly);
    expect((await log('?action=user.nothing')).status).toBe(400);
    expect((await log('?from=yesterday')).body.detail).toBe('from must be a date such as 2026-03-01 or a time such as 2026-03-01T09:30:00Z');
    expect((await log('?from=2026-03-02&to=2026-03-01')).body.detail).toBe(details.auditRangeEmpty);
    expect((await log('?cursor=garbage')).body.detail).toBe(details.invalidCursor);
  }, 90_000);

  it('exports the filtered log as CSV, newest first, to administrators only', async () => {
    const actor = await registerAndLogin(gw, 'csvuser');
    const csv = await http(gw, 'GET', `/api/admin/audit/csv?user=${actor.user.username}`, { token: admin.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="assay-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"at","user","action","target_kind","target_id","target_title","detail"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${actor.user.username}","user.signin","user"`);
    expect((await http(gw, 'GET', '/api/admin/audit/csv', { token: actor.token })).status).toBe(403);
  });
});
