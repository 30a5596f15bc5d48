import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { http, mailFor, refreshCookieFrom, registerAndLogin, uniqueUser } from '../helpers/http';
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
    expect(res.body).toEqual({ success: true, message: 'Account created successfully. You can now sign in.' });
  });

  it('refuses a duplicate username, whatever its case, with 409 and a detail', async () => {
    const user = uniqueUser('dup');
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const again = await http(gw, 'POST', '/api/auth/register', {
      body: { ...uniqueUser('other'), username: user.username.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('That username is already taken');
  });

  it('refuses a second account for the same email with 409', async () => {
    const user = uniqueUser('mail');
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const again = await http(gw, 'POST', '/api/auth/register', { body: { ...uniqueUser('x'), email: user.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('An account with that email address already exists');
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
    const user = { ...uniqueUser('long'), password: 'a long passphrase with many words '.repeat(3).slice(0, 100) };
    expect((await http(gw, 'POST', '/api/auth/register', { body: user })).status).toBe(200);
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
    await http(gw, 'POST', '/api/auth/register', { body: user });
  });

  it('answers with success, token and user, and sets the refresh cookie HttpOnly', async () => {
    const res = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.user).toEqual({ username: user.username, name: user.name, email: user.email });
    expect(res.body.expires_in).toBeGreaterThan(3000);
    expect(decodePayload(res.body.token).token_use).toBe('access');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('assay_refresh='))!;
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
    await http(gw, 'POST', '/api/auth/register', { body: victim });
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
    await http(gw, 'POST', '/api/auth/register', { body: victim });
    for (let i = 0; i < 5; i++) await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: `bad-${i}-password` } });
    // the lock lies in the past (as if 30 s had gone by)
    await db.send(new UpdateCommand({
      TableName: stack.tableName,
      Key: { PK: `LOGINFAIL#${victim.username}`, SK: 'COUNTER' },
      UpdateExpression: 'SET locked_until = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }));
    const ok = await http(gw, 'POST', '/api/auth/login', { body: { username: victim.username, password: victim.password } });
    expect(ok.status).toBe(200);
    const counter = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `LOGINFAIL#${victim.username}`, SK: 'COUNTER' } }));
    expect(counter.Item).toBeUndefined();
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
    expect(res.body).toEqual({ success: true, user: { username: session.user.username, name: session.user.name, email: session.user.email } });
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
    const forged = await http(gw, 'POST', '/api/auth/refresh', { cookie: 'assay_refresh=forged' });
    expect(forged.status).toBe(401);
  });

  it('revokes the refresh token and clears the cookie on logout', async () => {
    const session = await registerAndLogin(gw, 'logout');
    const out = await http(gw, 'POST', '/api/auth/logout', { cookie: session.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('assay_refresh='))).toMatch(/Max-Age=0/);
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
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${user.email}`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.message).toBe(unknown.body.message);
    expect(known.body.demo_reset_code).toMatch(/^\d{6}$/);
    const mails = await mailFor(stack.urls.ses, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(known.body.demo_reset_code);
    expect(await mailFor(stack.urls.ses, `nobody-${user.email}`)).toHaveLength(0);
  });

  it('stores the code only as a hash', async () => {
    const user = uniqueUser('hash');
    await http(gw, 'POST', '/api/auth/register', { body: user });
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
    await http(gw, 'POST', '/api/auth/register', { body: user });
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
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    const weak = await reset(user.email, code, 'qwertyuiop');
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe('This password is too common; choose a less predictable one');
    expect((await reset(user.email, code, 'a much better passphrase')).status).toBe(200);
  });

  it('allows at most 5 attempts, then refuses even the right code', async () => {
    const user = uniqueUser('attempts');
    await http(gw, 'POST', '/api/auth/register', { body: user });
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    const wrong = code === '000000' ? '111111' : '000000';
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
    await http(gw, 'POST', '/api/auth/register', { body: user });
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
    const res = await reset('never-asked@example.com', '123456', 'a much better passphrase');
    expect(res.status).toBe(400);
  });

  it('validates the reset body', async () => {
    const res = await http(gw, 'POST', '/api/auth/reset-password', { body: { email: 'x@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('reset_code is required; new_password is required');
  });

  it('clears a sign-in lockout after a successful reset', async () => {
    const user = uniqueUser('lockreset');
    await http(gw, 'POST', '/api/auth/register', { body: user });
    for (let i = 0; i < 6; i++) await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: `bad-${i}-password` } });
    const code = (await forgot(user.email)).body.demo_reset_code as string;
    expect((await reset(user.email, code, 'fresh start passphrase')).status).toBe(200);
    const login = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: 'fresh start passphrase' } });
    expect(login.status).toBe(200);
    expect(refreshCookieFrom(login.headers)).toBeDefined();
  });
});
