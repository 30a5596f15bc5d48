/**
 * Faults: DynamoDB, S3 and SES failing or timing out while the user saves, injected through the AWS SDK's own
 * middleware stack in the harness (the gateway's fault table, functions/lib/harness-faults.ts; our code is not
 * mocked). The decision, documented in functions/lib/middleware/error-mapper.ts: an upstream service that fails,
 * throttles or does not answer is a 503 with a `detail` and Retry-After (the user may retry), never a 500 and
 * never a stack trace; and nothing is saved by halves: no S3 object is left without the item that refers to
 * it, the item keeps its previous version, and a registration whose mail cannot be sent leaves no account.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../helpers/emulator-clients';
import { http, mailFor, registerAndLogin, uniqueUser } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const s3 = s3Client(stack);
let token: string;
let reportId: string;
/** pieces of saved work checked after a fault (each must read back as saved before it) and the ones lost */
const figures = { faultsInjected: 0, checks: 0, dataLost: 0 };

type Fault = { service: 'dynamodb' | 's3' | 'ses'; operation?: string; kind: 'error' | 'throttle' | 'timeout'; count?: number; delayMs?: number };
const arm = async (fault: Fault) => expect((await http(gw, 'POST', '/__harness/faults', { body: fault })).status).toBe(200);
const api = (method: string, path: string, body?: unknown) => http(gw, method, path, { token, ...(body === undefined ? {} : { body }) });

async function keysUnder(prefix: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

/** The answer to a request made while a service failed: a 503 that says so, nothing more. */
function expectUnavailable(res: { status: number; text: string; body: { detail?: string }; headers: Headers }) {
  expect(res.status, res.text.slice(0, 300)).toBe(503);
  expect(res.body.detail).toMatch(/did not answer/);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+|Exception|dynamodb|s3rver/i);
}

/** Saved work read back after a fault: counts a check, and a loss when it differs. */
function expectKept<T>(actual: T, expected: T) {
  figures.checks++;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) figures.dataLost++;
  expect(actual).toEqual(expected);
}

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'faults')).token;
  const org = await api('POST', '/api/organizations', { name: `Faults Org ${randomUUID().slice(0, 6)}` });
  const report = await api('POST', '/api/reports', { title: 'Faults', organization_id: org.body.id, owner: 'Ann' });
  reportId = report.body.id;
});

afterEach(async () => {
  await http(gw, 'DELETE', '/__harness/faults');
});

afterAll(async () => {
  const table = await http(gw, 'GET', '/__harness/faults');
  figures.faultsInjected = (table.body as { injected: unknown[] }).injected.length;
  if (process.env.ASSAY_WRITE_FIGURES === '1') {
    const dir = resolve(import.meta.dirname, '../../bench/results');
    const date = new Date().toISOString();
    writeFileSync(resolve(dir, 'faults.json'), `${JSON.stringify({ date, ...figures, injected: (table.body as { injected: unknown[] }).injected }, null, 2)}\n`);
    writeFileSync(
      resolve(dir, 'faults.md'),
      `# Faults (test/integration/faults-api.test.ts)\n\n${date}: **${figures.faultsInjected} faults injected** (DynamoDB, S3 and SES errors, throttles and timeouts, through the SDK's middleware stack); saved work read back ${figures.checks} times after a fault, **${figures.dataLost} lost**. Every request that met a fault answered 503 with a detail and Retry-After, none a 500.\n`,
    );
  }
  console.info(`faults injected ${figures.faultsInjected}, saved work checked ${figures.checks} times, lost ${figures.dataLost}`);
});

describe('wizard progress while DynamoDB fails', () => {
  // (progress is written per step in one transaction: TransactWriteItems; read with GetItem and Query)
  it.each([
    { kind: 'error', operation: 'TransactWriteItems' },
    { kind: 'throttle', operation: 'TransactWriteItems' },
    { kind: 'timeout', operation: 'TransactWriteItems', delayMs: 800 },
    { kind: 'error', operation: 'GetItem' },
    { kind: 'error', operation: 'Query' },
  ] as const)('a save that meets a DynamoDB $kind on $operation is a 503 and the saved version stays', async (fault) => {
    // Arrange: a saved version
    const before = await api('GET', `/api/wizard-progress/${reportId}`);
    const version = before.body.version as number;
    const saved = await api('POST', '/api/wizard-progress', {
      report_id: reportId,
      wizard_data: { objectives: { purpose: `kept ${fault.kind} ${fault.operation}` } },
      completed_steps: ['setup'],
      current_step: 1,
      version,
    });
    expect(saved.status).toBe(200);
    await arm({ service: 'dynamodb', ...fault });
    // Act
    const failed = await api('POST', '/api/wizard-progress', {
      report_id: reportId,
      wizard_data: { objectives: { purpose: 'lost in the outage' } },
      completed_steps: ['setup', 'objectives'],
      current_step: 2,
      version: version + 1,
    });
    // Assess
    expectUnavailable(failed);
    const after = await api('GET', `/api/wizard-progress/${reportId}`);
    expectKept({ version: after.body.version, purpose: after.body.wizard_data.objectives?.purpose }, { version: version + 1, purpose: `kept ${fault.kind} ${fault.operation}` });
    expect(await keysUnder(`reports/${reportId}/progress/`)).toEqual([]);
  });
});

describe('sections while DynamoDB or S3 fails', () => {
  const large = '€'.repeat(150_000); // 450 KB: its body goes to S3 before the items are written

  it('a large section whose items cannot be written leaves no body object behind', async () => {
    // Arrange
    const first = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Revenue grew.', citations: [], version: 0 });
    expect(first.status).toBe(200);
    await arm({ service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error' });
    // Act
    const failed = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: large, citations: [], version: first.body.version });
    // Assess
    expectUnavailable(failed);
    const after = await api('GET', `/api/reports/${reportId}/sections/findings`);
    expectKept({ version: after.body.version, content: after.body.content }, { version: first.body.version, content: 'Revenue grew.' });
    expect(await keysUnder(`reports/${reportId}/sections/`)).toEqual([]);
  });

  it('a large section whose body cannot be stored in S3 is a 503 and nothing is written', async () => {
    // Arrange
    const current = await api('GET', `/api/reports/${reportId}/sections/findings`);
    await arm({ service: 's3', operation: 'PutObject', kind: 'error' });
    // Act
    const failed = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: large, citations: [], version: current.body.version });
    // Assess
    expectUnavailable(failed);
    const after = await api('GET', `/api/reports/${reportId}/sections/findings`);
    expectKept(after.body.version, current.body.version);
  });
});

describe('evidence while DynamoDB or S3 fails', () => {
  const notes = `Interview with the CFO. Revenue grew 12% and the operating margin improved to 14%. ${'Customer churn fell after the relaunch. '.repeat(2000)}`; // ~80 KB: its text goes to S3

  async function evidenceState() {
    const list = await api('GET', `/api/reports/${reportId}/evidence`);
    return { count: (list.body.items as unknown[]).length, objects: await keysUnder(`reports/${reportId}/evidence/`) };
  }

  it.each([
    { service: 'dynamodb', operation: 'PutItem', kind: 'error' },
    { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error' },
    { service: 's3', operation: 'PutObject', kind: 'timeout', delayMs: 500 },
  ] as const)('interview notes meeting a $service $kind on $operation: 503, no item and no object', async (fault) => {
    // Arrange
    const before = await evidenceState();
    await arm(fault);
    // Act
    const failed = await api('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'CFO interview', content: notes, tags: [] });
    // Assess
    if (failed.status !== 503) expect(failed.status, failed.text).toBe(200); // the fault may fall on a call this route does not make
    if (failed.status === 503) expectUnavailable(failed);
    const after = await evidenceState();
    if (failed.status === 503) expectKept(after, before);
  });

  it.each([
    { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error' },
    { service: 's3', operation: 'PutObject', kind: 'error' },
  ] as const)('an upload meeting a $service $kind on $operation: 503, no item and no object', async (fault) => {
    // Arrange
    const before = await evidenceState();
    await arm(fault);
    const form = new FormData();
    form.set('report_id', reportId);
    form.set('storage_type', 'local');
    form.set('file', new Blob([notes]), 'notes.txt');
    // Act
    const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const text = await res.text();
    // Assess
    expectUnavailable({ status: res.status, text, body: JSON.parse(text) as { detail?: string }, headers: res.headers });
    expectKept(await evidenceState(), before);
  });
});

describe('exports while DynamoDB fails', () => {
  it('starting an export that cannot be recorded is a 503 and no job is listed', async () => {
    // Arrange
    const section = await api('GET', `/api/reports/${reportId}/sections/conclusion`);
    await api('PUT', `/api/reports/${reportId}/sections/conclusion`, { content: 'We recommend the plan.', citations: [], version: section.body.version ?? 0 });
    const before = await api('GET', `/api/reports/${reportId}/exports`);
    await arm({ service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error', count: 3 });
    await arm({ service: 'dynamodb', operation: 'PutItem', kind: 'error', count: 3 });
    // Act
    const failed = await api('POST', `/api/reports/${reportId}/exports`, { format: 'pdf', sections: ['conclusion'] });
    // Assess
    expectUnavailable(failed);
    await http(gw, 'DELETE', '/__harness/faults');
    const after = await api('GET', `/api/reports/${reportId}/exports`);
    expectKept(after.body, before.body);
  });
});

describe('mail while SES fails', () => {
  it('a registration whose confirmation cannot be mailed is a 503 and leaves no account: registering again works', async () => {
    // Arrange
    const user = uniqueUser('sesfail');
    await arm({ service: 'ses', operation: 'SendEmail', kind: 'error' });
    // Act
    const failed = await http(gw, 'POST', '/api/auth/register', { body: user });
    await http(gw, 'DELETE', '/__harness/faults');
    const again = await http(gw, 'POST', '/api/auth/register', { body: user });
    // Assess
    expectUnavailable(failed);
    expect(again.status, again.text).toBe(200);
    expect(await mailFor(stack.urls.ses, user.email)).toHaveLength(1);
  });

  it('a reset code that cannot be mailed answers as for an unknown email (no enumeration), and a later request mails one', async () => {
    // Arrange
    const { user } = await registerAndLogin(gw, 'sesreset');
    const unknown = uniqueUser('nobody').email;
    await arm({ service: 'ses', operation: 'SendEmail', kind: 'timeout', delayMs: 300 });
    // Act
    const failed = await http(gw, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const stranger = await http(gw, 'POST', '/api/auth/forgot-password', { body: { email: unknown } });
    await http(gw, 'DELETE', '/__harness/faults');
    const later = await http(gw, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    // Assess
    expect(failed.status, failed.text).toBe(200);
    expect(stranger.status, stranger.text).toBe(200);
    expect(Object.keys(failed.body as object).sort()).toEqual(Object.keys(stranger.body as object).sort());
    expect((failed.body as { message: string }).message).toBe((stranger.body as { message: string }).message);
    expect(later.status, later.text).toBe(200);
    await expect.poll(async () => (await mailFor(stack.urls.ses, user.email)).filter((m) => /reset code/i.test(m.subject)).length).toBeGreaterThan(0);
  });
});
