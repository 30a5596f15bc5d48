import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const N = 20;
let token: string;

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort((a, b) => a - b);
const oneWinner = [200, ...Array<number>(N - 1).fill(409)];

async function counts() {
  const page = await api('GET', '/api/reports?limit=1');
  return page.body.counts as { total: number; Draft: number; 'In Review': number; Final: number };
}

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'races')).token;
});

describe(`${N} parallel writers on one record: one success, ${N - 1} conflicts, no lost update`, () => {
  it('one organization', async () => {
    // Prepare
    const id = (await api('POST', '/api/organizations', { name: `Race Org ${randomUUID().slice(0, 6)}` })).body.id;
    // Act
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api('PUT', `/api/organizations/${id}`, { name: `Writer ${i}`, version: 1 })));
    // Assess
    expect(statuses(answers)).toEqual(oneWinner);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await api('GET', `/api/organizations/${id}`)).body).toMatchObject({ name: `Writer ${winner}`, version: 2 });
  });

  it('one report', async () => {
    const org = (await api('POST', '/api/organizations', { name: `Race Org ${randomUUID().slice(0, 6)}` })).body.id;
    const id = (await api('POST', '/api/reports', { title: 'Race', organization_id: org, owner: 'Ann' })).body.id;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api('PUT', `/api/reports/${id}`, { title: `Title ${i}`, owner: 'Ann', version: 1 })));
    expect(statuses(answers)).toEqual(oneWinner);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await api('GET', `/api/reports/${id}`)).body).toMatchObject({ title: `Title ${winner}`, version: 2 });
  });

  it('one progress record', async () => {
    const org = (await api('POST', '/api/organizations', { name: `Race Org ${randomUUID().slice(0, 6)}` })).body.id;
    const id = (await api('POST', '/api/reports', { title: 'Race', organization_id: org, owner: 'Ann' })).body.id;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        api('POST', '/api/wizard-progress', { report_id: id, wizard_data: { objectives: { purpose: `Tab ${i}` } }, completed_steps: [], current_step: 2, version: 0 }),
      ),
    );
    expect(statuses(answers)).toEqual(oneWinner);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await api('GET', `/api/wizard-progress/${id}`)).body).toMatchObject({ version: 1, wizard_data: { objectives: { purpose: `Tab ${winner}` } } });
  });

  it('one section', async () => {
    const org = (await api('POST', '/api/organizations', { name: `Race Org ${randomUUID().slice(0, 6)}` })).body.id;
    const id = (await api('POST', '/api/reports', { title: 'Race', organization_id: org, owner: 'Ann' })).body.id;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api('PUT', `/api/reports/${id}/sections/findings`, { content: `Writer ${i}`, citations: [], version: 0 })));
    expect(statuses(answers)).toEqual(oneWinner);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await api('GET', `/api/reports/${id}/sections/findings`)).body).toMatchObject({ content: `Writer ${winner}`, version: 1 });
    expect((await api('GET', `/api/reports/${id}/sections/findings/versions`)).body.items).toHaveLength(1);
  });
});

describe('firm-wide counts stay exact under concurrent creates, status changes and deletes', () => {
  it(`${N} reports created at once, then changed and deleted (twice) at the same time`, async () => {
    // Prepare
    const org = (await api('POST', '/api/organizations', { name: `Count Org ${randomUUID().slice(0, 6)}` })).body.id;
    const before = await counts();
    // Act 1: create N at once (the totals are one hot item)
    const created = await Promise.all(Array.from({ length: N }, (_, i) => api('POST', '/api/reports', { title: `Count ${i}`, organization_id: org, owner: 'Ann' })));
    const ids = created.map((c) => c.body.id as string);
    const afterCreate = await counts();
    // Act 2: every report moves to Final while it is deleted twice
    const racing = await Promise.all(
      ids.flatMap((id) => [
        api('PUT', `/api/reports/${id}/status?status=Final&override_reason=race`),
        api('DELETE', `/api/reports/${id}`),
        api('DELETE', `/api/reports/${id}`),
      ]),
    );
    const afterDelete = await counts();
    // Assess
    expect(created.map((c) => c.status)).toEqual(Array(N).fill(200));
    expect(afterCreate).toEqual({ ...before, total: before.total + N, Draft: before.Draft + N });
    expect(racing.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    expect(afterDelete).toEqual(before);
    // the organization counts no report any more, so it can be deleted
    expect((await api('DELETE', `/api/organizations/${org}`)).status).toBe(200);
  });

  it(`${N} organizations created and deleted at once keep the organization total exact`, async () => {
    const total = async () => (await api('GET', '/api/organizations?limit=1')).body.total as number;
    const before = await total();
    const created = await Promise.all(Array.from({ length: N }, (_, i) => api('POST', '/api/organizations', { name: `Burst ${i} ${randomUUID().slice(0, 4)}` })));
    expect(created.map((c) => c.status)).toEqual(Array(N).fill(200));
    expect(await total()).toBe(before + N);
    const deleted = await Promise.all(created.map((c) => api('DELETE', `/api/organizations/${c.body.id}`)));
    expect(deleted.map((d) => d.status)).toEqual(Array(N).fill(200));
    expect(await total()).toBe(before);
  });
});

describe('audit log', () => {
  it('records who changed a report\'s status and edits, and who deleted it, kept under its organization', async () => {
    // Prepare
    const org = (await api('POST', '/api/organizations', { name: `Audit Org ${randomUUID().slice(0, 6)}` })).body.id;
    const id = (await api('POST', '/api/reports', { title: 'Audited', organization_id: org, owner: 'Ann' })).body.id;
    // Act
    await api('PUT', `/api/reports/${id}/status?status=In%20Review`);
    await api('PUT', `/api/reports/${id}`, { title: 'Audited v2', owner: 'Ann', version: 2 });
    const reportLog = await api('GET', `/api/reports/${id}/audit`);
    await api('DELETE', `/api/reports/${id}`);
    const orgDoc = await api('GET', `/api/organizations/${org}`);
    await api('PUT', `/api/organizations/${org}`, { ...orgDoc.body, name: 'Audit Org renamed', version: orgDoc.body.version });
    const orgLog = await api('GET', `/api/organizations/${org}/audit`);
    await api('DELETE', `/api/organizations/${org}`);
    // Assess
    expect(reportLog.body.items.map((e: any) => [e.action, e.detail])).toEqual([
      ['report.update', 'title: Audited → Audited v2'],
      ['report.status', 'Draft → In Review'],
    ]);
    expect(reportLog.body.items[0].user).toMatch(/^races-/);
    expect(orgLog.status).toBe(200);
    expect(orgLog.body.items.map((e: any) => e.action)).toEqual(['organization.update', 'report.delete']);
    expect(orgLog.body.items[1]).toMatchObject({ target: { kind: 'report', id, title: 'Audited v2' }, detail: 'deleted (was In Review)' });
    expect(orgLog.body.items[0].detail).toMatch(/^name: Audit Org .* → Audit Org renamed$/);
    // once the client is deleted, its log is an administrator's to read (access-ids-api covers that side): a member sees what an unknown id gives
    expect((await api('GET', `/api/organizations/${org}/audit`)).status).toBe(404);
    expect((await api('GET', `/api/organizations/${randomUUID()}/audit`)).status).toBe(404);
    expect((await api('GET', `/api/reports/${id}/audit`)).status).toBe(404);
  });
});
