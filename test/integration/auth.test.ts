import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { http, mailFor, refreshCookieFrom, registerAndLogin, registerConfirmed, uniqueUser } from '../helpers/http';
import { tableClient } from '../helpers/emulator-clients';
import { decodePayload, signJwt, tamper, unsignedJwt } from '../helpers/tokens';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

describe('health', () => {
  it('answers without a token', async () => {
    const res = await http(gw, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });
});

describe('register', () => {
  it('creates an account and answers with the server message', async () => {
    // Prepare
    const user = uniqueUser('reg');
    // Act
    const res = await http(gw, 'POST', '/api/auth/register', { body: user });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Account created. We have emailed you a confirmation code: enter it below to activate your account.',
      demo_verification_code: expect.stringMatching(/^\d{8}$/),
    });
  });

  it('refuses a duplicate username, whatever its case, with 409 and a detail', async () => {
    const user = uniqueUser('dup');
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const again = await http(gw, 'POST', '/api/auth/register', {
      body: { ...uniqueUser('other'), username: user.username.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('That username or email address is already registered');
  });

  it('refuses a second account for the same email with 409', async () => {
    const user = uniqueUser('mail');
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const again = await http(gw, 'POST', '/api/auth/register', { body: { ...uniqueUser('x'), email: user.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('That username or email address is already registered');
  });

  it.each([
    ['a 7-character password', 'abcdefg', 'Password must be at least 8 characters long'],
    ['a common password', 'password123', 'This password is too common; choose a less predictable one'],
    ['a common password in other case', 'Sunshine1', 'This password is too common; choose a less predictable one'],
    ['a 257-character password', 'x'.repeat(257), 'Password must be at most 256 characters long'],
  ])('refuses %s with 400 and says which rule', async (_label, password, detail) => {
    const res = await http(gw, 'POST', '/api/auth/register', { body: { ...uniqueUser('pw'), password } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it('refuses a password equal to the username', async () => {
    const user = uniqueUser('same');
    const res = await http(gw, 'POST', '/api/auth/register', { body: { ...user, password: user.username } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Password must not be the same as your username or email address');
  });

  it('accepts a 100-character passphrase and signs in with it', async () => {
    const user = await registerConfirmed(gw, { ...uniqueUser('long'), password: 'a long passphrase with many words '.repeat(3).slice(0, 100) });
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    expect(login.status).toBe(200);
  });

  it('names every missing field', async () => {
    const res = await http(gw, 'POST', '/api/auth/register', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('username is required; password is required; name is required; email is required');
  });

  it('names mistyped fields and a bad email', async () => {
    const res = await http(gw, 'POST', '/api/auth/register', {
      body: { username: 42, password: ['x'], name: 'N', email: 'not-an-email' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('username must be a string, not number');
    expect(res.body.detail).toContain('password must be a string, not array');
    expect(res.body.detail).toContain('email must be a valid email address');
  });

  it('says when the body is not JSON, not an object, or not declared as JSON', async () => {
    const broken = await http(gw, 'POST', '/api/auth/register', { raw: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toBe('Request body is not valid JSON');
    const array = await http(gw, 'POST', '/api/auth/register', { body: [1, 2] });
    expect(array.status).toBe(400);
    expect(array.body.detail).toBe('body must be a JSON object');
    const form = await http(gw, 'POST', '/api/auth/register', { raw: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(form.body.detail).toBe('Content-Type must be application/json');
    const empty = await http(gw, 'POST', '/api/auth/register', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('body must be a JSON object');
  });

  it('refuses an oversize body with 413 before reading it', async () => {
    const res = await http(gw, 'POST', '/api/auth/register', { body: { ...uniqueUser('big'), name: 'n'.repeat(20_000) } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Request body is too large (the limit is 16 KB)');
  });
});

describe('login', () => {
  let user: ReturnType<typeof uniqueUser>;
  beforeAll(async () => {
    user = uniqueUser('login');
    await registerConfirmed(gw, user);
  });

  it('answers with success, token and user, and sets the refresh cookie HttpOnly', async () => {
    const res = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.user).toEqual({ username: user.username, name: user.name, email: user.email, is_admin: false });
    expect(res.body.expires_in).toBeGreaterThan(3000);
    expect(decodePayload(res.body.token).token_use).toBe('access');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-assay_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(JSON.stringify(res.body)).not.toContain(cookie.split(';')[0]!.split('=')[1]);
  });

  it('signs in with the username in another case', async () => {
    const res = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username.toUpperCase(), password: user.password } });
    expect(res.status).toBe(200);
  });

  it('gives 401 for a wrong password and for an unknown user, with the same detail', async () => {
    const wrong = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: 'not the password' } });
    const unknown = await http(gw, 'POST', '/api/auth/login', { body: { username: 'nobody-here-at-all', password: 'whatever1234' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('gives 400 when a field is missing', async () => {
    const res = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('password is required');
  });

  it('locks a username out after repeated failures, with a growing wait', async () => {
    // Prepare
    const victim = uniqueUser('lock');
    await registerConfirmed(gw, victim);
    const attempt = (password: string) => http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password } });
    // Act: five free failures
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}-password`)).status).toBe(401);
    const locked = await attempt(victim.password);
    // Assess: locked, even with the right password, and told for how long
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(30);
  });

  it('lets the user in again once the lock has passed, and clears the count', async () => {
    const victim = uniqueUser('unlock');
    await registerConfirmed(gw, victim);
    for (let i = 0; i < 5; i++) await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: `bad-${i}-password` } });
    // the lock lies in the past (as if 30 s had gone by)
    const key = { PK: `LOGINFAIL#${victim.username}`, SK: 'FROM#127.0.0.1' };
    await db.send(new UpdateCommand({
      TableName: stack.tableName,
      Key: key,
      UpdateExpression: 'SET locked_until = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }));
    const ok = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: victim.password } });
    expect(ok.status).toBe(200);
    const counter = await db.send(new GetCommand({ TableName: stack.tableName, Key: key }));
    expect(counter.Item).toBeUndefined();
  });
});

describe('lockout under attack', () => {
  const from = (address: string) => ({ 'cloudfront-viewer-address': `${address}:51234` });

  it('20 parallel wrong guesses check no more passwords than the lockout allows', async () => {
    // Prepare
    const victim = await registerConfirmed(gw, uniqueUser('swarm'));
    // Act
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: `guess-${i}-wrong` }, headers: from('198.51.100.9') })),
    );
    // Assess: five passwords were checked (401); every other guess was refused before any check (429)
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('guesses from one address do not lock the account for another', async () => {
    const victim = await registerConfirmed(gw, uniqueUser('elsewhere'));
    for (let i = 0; i < 6; i++) await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: `nope-${i}-wrong` }, headers: from('203.0.113.66') });
    const attacker = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: victim.password }, headers: from('203.0.113.66') });
    const owner = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: victim.password }, headers: from('192.0.2.10') });
    expect(attacker.status).toBe(429);
    expect(owner.status).toBe(200);
  });
});

describe('an account is active only once its owner proves the mailbox', () => {
  it('cannot sign in before confirming, is told so, and can after confirming with the mailed code', async () => {
    // Prepare
    const user = uniqueUser('confirm');
    const reg = await http(gw, 'POST', '/api/auth/register', { body: user });
    // Act
    const early = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    const earlyWrong = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: 'not the password' } });
    const mail = await mailFor(stack.urls.ses, user.email);
    const mailedCode = /enter this code when you sign in: (\d{8})/.exec(mail.at(-1)?.body.text ?? '')?.[1];
    const wrongCode = await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: '00000000' } });
    const confirmed = await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: mailedCode } });
    const again = await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: mailedCode } });
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    // Assess
    expect(early.status).toBe(403);
    expect(early.body.detail).toBe('Please confirm your email address first: enter the code we emailed you when you created your account, or ask for a new one.');
    expect(early.headers.getSetCookie().some((c) => c.startsWith('__Secure-assay_refresh=') && !c.includes('Max-Age=0'))).toBe(false);
    // a wrong password learns nothing about the account's state
    expect(earlyWrong.status).toBe(401);
    expect(earlyWrong.body.detail).toBe(details.invalidCredentials);
    expect(mailedCode).toBe(reg.body.demo_verification_code);
    expect(wrongCode.status).toBe(400);
    expect(confirmed.body).toEqual({ success: true, message: 'Email confirmed. You can now sign in.' });
    expect(again.status).toBe(400); // single use
    expect(login.status).toBe(200);
  });

  it('resends a code, with the same answer whatever the username, and a limit per hour', async () => {
    const user = uniqueUser('resend');
    const first = await http(gw, 'POST', '/api/auth/register', { body: user });
    const resent = await http(gw, 'POST', '/api/auth/resend-confirmation', { body: { username: user.username } });
    const nobody = await http(gw, 'POST', '/api/auth/resend-confirmation', { body: { username: 'no-such-user-anywhere' } });
    expect(resent.body.message).toBe(nobody.body.message);
    expect(resent.body.demo_verification_code).toMatch(/^\d{8}$/);
    expect(nobody.body.demo_verification_code).toBeUndefined();
    // the first code was replaced by the second
    expect((await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: first.body.demo_verification_code } })).status).toBe(400);
    expect((await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: resent.body.demo_verification_code } })).status).toBe(200);
    // an active account gets no code
    const active = await http(gw, 'POST', '/api/auth/resend-confirmation', { body: { username: user.username } });
    expect(active.body.demo_verification_code).toBeUndefined();
    const capped = uniqueUser('capped');
    await http(gw, 'POST', '/api/auth/register', { body: capped });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await http(gw, 'POST', '/api/auth/resend-confirmation', { body: { username: capped.username } })).body.demo_verification_code);
    expect(codes.filter(Boolean)).toHaveLength(5);
  });
});

describe('verify and the token checks', () => {
  let session: Awaited<ReturnType<typeof registerAndLogin>>;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    session = await registerAndLogin(gw, 'verify');
    claims = decodePayload(session.token);
  });
  const verify = (token?: string) => http(gw, 'GET', '/api/auth/verify', { token });

  it('answers success and the user for a valid token', async () => {
    const res = await verify(session.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user: { username: session.user.username, name: session.user.name, email: session.user.email, is_admin: false } });
  });

  it.each([
    ['no token', () => undefined],
    ['a tampered payload', () => tamper(session.token, { username: 'someone-else' })],
    ['an expired token', () => signJwt({ ...claims, iat: 1_600_000_000, exp: 1_600_003_600 })],
    ['an alg:none token', () => unsignedJwt({ ...claims })],
    ['a token from another issuer', () => signJwt({ ...claims, iss: 'http://127.0.0.1:1/local_other' })],
    ['a token for another app client', () => signJwt({ ...claims, client_id: 'another-client' })],
    ['garbage', () => 'not.a.jwt'],
  ])('refuses %s with 401', async (_label, token) => {
    const res = await verify(token());
    expect(res.status).toBe(401);
  });

  it('refuses an ID token at verify (token_use must be access)', async () => {
    const idToken = signJwt({ ...claims, token_use: 'id', aud: claims.client_id, client_id: undefined, 'cognito:username': claims.username });
    const res = await verify(idToken);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('The access token is invalid or has expired');
  });

  it('guards the OpenAPI document and lists every route in it', async () => {
    expect((await http(gw, 'GET', '/api/openapi.json')).status).toBe(401);
    const doc = await http(gw, 'GET', '/api/openapi.json', { token: session.token });
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/verify', '/api/health']));
  });

  it('answers 404 for a route that does not exist', async () => {
    expect((await http(gw, 'GET', '/api/nothing-here')).status).toBe(404);
  });
});

describe('refresh and logout', () => {
  it('exchanges the refresh cookie for a new working access token', async () => {
    const session = await registerAndLogin(gw, 'refresh');
    const res = await http(gw, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(session.user.username);
    expect((await http(gw, 'GET', '/api/auth/verify', { token: res.body.token })).status).toBe(200);
  });

  it('gives 401 with a detail without a cookie or with a forged one', async () => {
    const none = await http(gw, 'POST', '/api/auth/refresh');
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('No active session to refresh; please sign in again');
    const forged = await http(gw, 'POST', '/api/auth/refresh', { cookie: '__Secure-assay_refresh=forged' });
    expect(forged.status).toBe(401);
  });

  it('revokes the refresh token and clears the cookie on logout', async () => {
    const session = await registerAndLogin(gw, 'logout');
    const out = await http(gw, 'POST', '/api/auth/logout', { cookie: session.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('__Secure-assay_refresh='))).toMatch(/Max-Age=0/);
    const again = await http(gw, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    expect(again.status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const forgot = (email: string) => http(gw, 'POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (email: string, reset_code: string, new_password: string) =>
    http(gw, 'POST', '/api/auth/reset-password', { body: { email, reset_code, new_password } });

  it('answers the same way for a known and an unknown email, and mails only the known one', async () => {
    const user = uniqueUser('forgot');
    await registerConfirmed(gw, user);
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${user.email}`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.message).toBe(unknown.body.message);
    expect(known.body.demo_reset_code).toMatch(/^\d{8}$/);
    const mails = (await mailFor(stack.urls.ses, user.email)).filter((m) => /password reset code/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(known.body.demo_reset_code);
    expect(await mailFor(stack.urls.ses, `nobody-${user.email}`)).toHaveLength(0);
  });

  it('takes the same time for a known and an unknown email (medians within 100 ms)', async () => {
    const user = await registerConfirmed(gw, uniqueUser('timing'));
    const time = async (email: string) => {
      const started = performance.now();
      await forgot(email);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost-${i}-${user.email}`));
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
  });

  it('issues at most five codes per email per hour, with the same answer after that', async () => {
    const user = await registerConfirmed(gw, uniqueUser('farm'));
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await forgot(user.email));
    expect(new Set(answers.map((a) => a.body.message)).size).toBe(1);
    const mails = (await mailFor(stack.urls.ses, user.email)).filter((m) => /password reset code/.test(m.subject));
    expect(mails).toHaveLength(5);
  });

  it('limits attempts per email across codes: new codes do not buy new guesses', async () => {
    const user = await registerConfirmed(gw, uniqueUser('guesses'));
    // the count is per clock hour (a fixed window): a run that would straddle the hour waits for the next one to begin
    await expect.poll(() => 3600 - ((Date.now() / 1000) % 3600), { timeout: 150_000, interval: 1000 }).toBeGreaterThan(120);
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      await forgot(user.email);
      for (let i = 0; i < 4; i++) {
        statuses.push((await http(gw, 'POST', '/api/auth/reset-password', { body: { email: user.email, reset_code: '999999', new_password: 'a whole new passphrase' } })).status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 240_000);

  it('stores the code only as a hash', async () => {
    const user = uniqueUser('hash');
    await registerConfirmed(gw, user);
    const { body } = await forgot(user.email);
    const { Item } = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `RESET#${user.email}`, SK: 'CODE' } }));
    expect(Item).toBeDefined();
    expect(JSON.stringify(Item)).not.toContain(body.demo_reset_code);
    expect(Item!.expires_at).toBeGreaterThan(Date.now() / 1000 + 590);
    expect(Item!.expires_at).toBeLessThanOrEqual(Date.now() / 1000 + 601);
  });

  it('resets the password once with a right code; the code cannot be used again', async () => {
    // Prepare
    const user = uniqueUser('reset');
    await registerConfirmed(gw, user);
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    // Act
    const first = await reset(user.email, code, 'brand new passphrase 42');
    const second = await reset(user.email, code, 'another new passphrase 43');
    // Assess
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(second.status).toBe(400);
    expect(second.body.detail).toBe('The reset code is invalid or has expired');
    const oldLogin = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    const newLogin = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: 'brand new passphrase 42' } });
    expect(oldLogin.status).toBe(401);
    expect(newLogin.status).toBe(200);
  });

  it('keeps the code when the new password breaks the policy', async () => {
    const user = uniqueUser('weak');
    await registerConfirmed(gw, user);
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    const weak = await reset(user.email, code, 'qwertyuiop');
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe('This password is too common; choose a less predictable one');
    expect((await reset(user.email, code, 'a much better passphrase')).status).toBe(200);
  });

  it('allows at most 5 attempts, then refuses even the right code', async () => {
    const user = uniqueUser('attempts');
    await registerConfirmed(gw, user);
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await reset(user.email, wrong, 'a much better passphrase'));
    expect(answers.slice(0, 4).map((a) => a.body.detail)).toEqual(Array(4).fill('The reset code is invalid or has expired'));
    expect(answers[4]!.body.detail).toBe('Too many attempts with this reset code; request a new one');
    const right = await reset(user.email, code, 'a much better passphrase');
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe('Too many attempts with this reset code; request a new one');
  });

  it('refuses an expired code', async () => {
    const user = uniqueUser('expired');
    await registerConfirmed(gw, user);
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    await db.send(new UpdateCommand({
      TableName: stack.tableName,
      Key: { PK: `RESET#${user.email}`, SK: 'CODE' },
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }));
    const res = await reset(user.email, code, 'a much better passphrase');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The reset code is invalid or has expired');
  });

  it('refuses a code for an email that never asked for one', async () => {
    const res = await reset('never-asked@example.com', '12345678', 'a much better passphrase');
    expect(res.status).toBe(400);
  });

  it('validates the reset body', async () => {
    const res = await http(gw, 'POST', '/api/auth/reset-password', { body: { email: 'x@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('reset_code is required; new_password is required');
  });

  it('clears a sign-in lockout after a successful reset', async () => {
    const user = uniqueUser('lockreset');
    await registerConfirmed(gw, user);
    for (let i = 0; i < 6; i++) await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: `bad-${i}-password` } });
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    expect((await reset(user.email, code, 'fresh start passphrase')).status).toBe(200);
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: 'fresh start passphrase' } });
    expect(login.status).toBe(200);
    expect(refreshCookieFrom(login.headers)).toBeDefined();
  });
});
