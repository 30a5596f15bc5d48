/**
 * Crashes: multipart field names that reach Object.prototype ("constructor[]", "__proto__[]", …) would throw
 * from the parser's listener, outside every promise, and end the gateway process with every request in it. They
 * are refused with a 400 before parsing; and any handler crash (an exception thrown asynchronously from an
 * event emitter, a rejection nobody awaits) is answered with a 500 for that one request while the gateway
 * keeps serving.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let reportId: string;

const faults = (method: 'POST' | 'DELETE', body?: unknown) => http(gw, method, '/__harness/faults', body === undefined ? {} : { body });

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'crash')).token;
  const org = await http(gw, 'POST', '/api/organizations', { token, body: { name: `Crash Org ${randomUUID().slice(0, 6)}` } });
  const report = await http(gw, 'POST', '/api/reports', { token, body: { title: 'Crash', organization_id: org.body.id, owner: 'Ann' } });
  reportId = report.body.id;
});

afterEach(async () => {
  await faults('DELETE');
});

async function expectServing() {
  const health = await http(gw, 'GET', '/api/health');
  expect(health.status).toBe(200);
}

const PROTOTYPE_NAMES = ['constructor[]', '__proto__[]', 'hasOwnProperty[]', 'toString[]', 'valueOf[x]', 'prototype', 'prototype[]', '__proto__', 'constructor'];

describe('multipart field names that reach Object.prototype', () => {
  it.each(PROTOTYPE_NAMES)('a text field named %s is refused with a 400 and the gateway keeps serving', async (name) => {
    // Arrange
    const form = new FormData();
    form.set('report_id', reportId);
    form.append(name, 'x');
    form.set('file', new Blob(['Revenue grew 12% this year.']), 'notes.txt');
    // Act
    const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { detail?: string };
    // Assess
    expect(res.status).toBe(400);
    expect(body.detail).toContain(`"${name}"`);
    await expectServing();
  });

  it.each(['__proto__', 'constructor[]'])('a file field named %s is refused with a 400', async (name) => {
    // Arrange
    const form = new FormData();
    form.set('report_id', reportId);
    form.set(name, new Blob(['Revenue grew 12% this year.']), 'notes.txt');
    // Act
    const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    // Assess
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail?: string }).detail).toContain(name);
    await expectServing();
  });

  it('an ordinary upload still works', async () => {
    // Arrange
    const form = new FormData();
    form.set('report_id', reportId);
    form.set('storage_type', 'local');
    form.set('file', new Blob(['Revenue grew 12% this year and the operating margin improved to 14%.']), 'notes.txt');
    // Act
    const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    // Assess
    expect(res.status).toBe(200);
  });
});

describe('the gateway survives a handler crash', () => {
  it.each(['crash', 'reject'] as const)('a %s inside one request answers that request with a 500, and only it', async (kind) => {
    // Arrange: the next DynamoDB call of any handler crashes it from a later turn of the event loop
    expect((await faults('POST', { service: 'dynamodb', kind, count: 1 })).status).toBe(200);
    // Act: two requests at once; one of them makes the crashing call
    const [a, b] = await Promise.all([
      http(gw, 'GET', '/api/organizations', { token }),
      http(gw, 'GET', `/api/reports/${reportId}`, { token }),
    ]);
    // Assess
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 500]);
    const crashed = a.status === 500 ? a : b;
    expect(crashed.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
    await expectServing();
    expect((await http(gw, 'GET', '/api/organizations', { token })).status).toBe(200);
  });

  it('five crashes in a row leave it serving', async () => {
    // Arrange
    // on the list's Query (the session check before it reads two items, side by side)
    await faults('POST', { service: 'dynamodb', operation: 'Query', kind: 'crash', count: 5 });
    // Act
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await http(gw, 'GET', '/api/organizations', { token })).status);
    // Assess
    expect(answers).toEqual([500, 500, 500, 500, 500]);
    await expectServing();
  });
});

describe('paths the gateway cannot decode', () => {
  it('a malformed percent-encoding in an API path parameter is a 4xx, not a 500', async () => {
    const res = await http(gw, 'GET', '/api/reports/%E0%A4%A', { token });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await expectServing();
  });
});

describe('a multipart body cut short after a prototype field name', () => {
  it('is refused with a 400 (the names read before the break count)', async () => {
    // Arrange: the field is whole, the body ends in the middle of the next part
    const boundary = '----cut';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="report_id"\r\n\r\n${reportId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="constructor[]"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nRevenu`;
    // Act
    const res = await http(gw, 'POST', '/api/files/upload', { token, raw: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('constructor[]');
    await expectServing();
  });
});

describe('a multipart body cut short inside its file', () => {
  it('is refused with a 400 (busboy left the file stream erroring with nobody listening: the process died)', async () => {
    // Arrange
    const boundary = '----cutfile';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="report_id"\r\n\r\n${reportId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nRevenue grew`;
    // Act
    const res = await http(gw, 'POST', '/api/files/upload', { token, raw: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    // Assess
    expect(res.status).toBe(400);
    expect(typeof res.body.detail).toBe('string');
    await expectServing();
  });
});
