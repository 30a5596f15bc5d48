/** Plain HTTP against the local gateway, as a client would call it. */
import { randomUUID } from 'node:crypto';

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export async function http<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string | Buffer; token?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: typeof opts.raw === 'string' ? opts.raw : opts.raw ? new Uint8Array(opts.raw) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers, text };
}

export function uniqueUser(prefix = 'user') {
  const id = randomUUID().slice(0, 8);
  return {
    username: `${prefix}-${id}`,
    password: `Quiet harbour ${id} lantern`,
    name: `Test ${prefix} ${id}`,
    email: `${prefix}-${id}@example.com`,
  };
}

/** `__Secure-assay_refresh=…` from a Set-Cookie answer, ready for a Cookie header. */
export function refreshCookieFrom(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('__Secure-assay_refresh='));
  return cookie?.split(';')[0];
}

/**
 * Registers a user and proves the mailbox, as its owner would (the local stack runs with DEMO_MODE, so the
 * register answer carries the code that is also mailed to the local SES).
 */
export async function registerConfirmed(base: string, user = uniqueUser()) {
  const reg = await http(base, 'POST', '/api/auth/register', { body: user });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const confirmed = await http(base, 'POST', '/api/auth/confirm-email', { body: { username: user.username, code: reg.body.demo_verification_code } });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${confirmed.text}`);
  return user;
}

export async function registerAndLogin(base: string, prefix = 'user') {
  const user = await registerConfirmed(base, uniqueUser(prefix));
  const login = await http(base, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { user, token: login.body.token as string, cookie: refreshCookieFrom(login.headers)! };
}

/** The emails aws-ses-v2-local has received for an address (its GET /store API). */
export async function mailFor(sesUrl: string, to: string): Promise<{ subject: string; body: { text?: string } }[]> {
  const res = await fetch(`${sesUrl}/store`);
  const store = (await res.json()) as { emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[] };
  return store.emails.filter((e) => e.destination.to.includes(to));
}

/** Signs in, or throws with the answer. */
export async function signIn(base: string, username: string, password: string, headers: Record<string, string> = {}) {
  const res = await http(base, 'POST', '/api/auth/login', { body: { username, password }, headers });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { token: res.body.token as string, cookie: refreshCookieFrom(res.headers)!, user: res.body.user };
}

/**
 * The local stack names one email an administrator (ADMIN_EMAILS; LOCAL_ADMIN_EMAIL of infra/local/stack.ts):
 * the account `assay-admin` with it is registered once per stack, then signed in.
 */
export async function adminSession(base: string, email: string) {
  const admin = { ...uniqueUser('admin'), username: 'assay-admin', password: 'Quiet harbour admin lantern', email };
  const taken = await http(base, 'POST', '/api/auth/register', { body: admin });
  if (taken.status === 200) {
    await http(base, 'POST', '/api/auth/confirm-email', { body: { username: admin.username, code: taken.body.demo_verification_code } });
  }
  return signIn(base, admin.username, admin.password);
}
