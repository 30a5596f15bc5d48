import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let orgId: string;
let reportId: string;

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });
const raw = (method: string, path: string, text: string) => http(gw, method, path, { token, raw: text, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'limits')).token;
  orgId = (await api('POST', '/api/organizations', { name: `Limits Org ${randomUUID().slice(0, 6)}` })).body.id;
  reportId = (await api('POST', '/api/reports', { title: 'Limits', organization_id: orgId, owner: 'Ann' })).body.id;
});

describe('hostile bodies get a clear 400, never a 500', () => {
  it('JSON nested 200,000 levels deep, and 40 levels (more than DynamoDB stores)', async () => {
    // Prepare
    const deep = `{"file_name":"x","data":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`;
    const forty = `{"file_name":"x","data":{"a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}}`;
    const inQuery = `/api/save-report-file/${reportId}?file_name=x&data=${encodeURIComponent(`{"a":${'['.repeat(100)}${']'.repeat(100)}}`)}`;
    // Act
    const answers = await Promise.all([
      raw('POST', `/api/save-report-file/${reportId}`, deep),
      raw('POST', `/api/save-report-file/${reportId}`, forty),
      http(gw, 'POST', inQuery, { token }),
    ]);
    // Assess
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.detail).toBe('Request body nests objects or lists more than 32 levels deep');
    }
  });

  it('numbers beyond what a version can be', async () => {
    const org = await api('GET', `/api/organizations/${orgId}`);
    const huge = await api('PUT', `/api/organizations/${orgId}`, { ...org.body, version: 1e300 });
    const unsafe = await api('PUT', `/api/reports/${reportId}`, { title: 'T', owner: 'O', version: 2 ** 60 });
    const digits = await api('PUT', `/api/reports/${reportId}/status?status=Final&version=${'9'.repeat(300)}`);
    const progress = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: {}, completed_steps: [], current_step: 0, version: 1e300 });
    expect([huge.status, unsafe.status, digits.status, progress.status]).toEqual([400, 400, 400, 400]);
    expect(huge.body.detail).toMatch(/version must be at most 1000000000/);
    expect(digits.body.detail).toBe('version must be a whole number');
  });

  it('prototype keys in wizard data are refused, not merged', async () => {
    const res = await raw('POST', '/api/wizard-progress', `{"report_id":"${reportId}","wizard_data":{"__proto__":{"admin":true}},"completed_steps":[],"current_step":0}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/unknown field/);
  });
});
