import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { fileUser } from '../helpers/file-user';
import { http } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const s3 = s3Client(stack);

const { me, api } = fileUser(gw, 'wizard', { name: 'Wizard Org', sector: 'finance', geography: 'UK' });
const newReport = async (title = `Wizard ${randomUUID().slice(0, 6)}`) =>
  (await api('POST', '/api/reports', { title, organization_id: me.orgId, owner: 'Ann' })).body.id as string;

describe('wizard progress', () => {
  it('round-trips the spec\'s fields and counts versions', async () => {
    // Prepare
    const reportId = await newReport();
    const empty = await api('GET', `/api/wizard-progress/${reportId}`);
    expect(empty.body).toMatchObject({ report_id: reportId, wizard_data: {}, completed_steps: [], current_step: 0, last_saved: null, version: 0 });
    const wizard_data = {
      setup: { organizationName: 'Acme', stakeholders: [{ name: 'Jo', role: 'CFO', influence: 'High' }], reportId },
      objectives: { purpose: 'Assess the operating model', inScope: 'EMEA', outOfScope: 'APAC', methodology: 'Interviews' },
    };
    // Act
    const saved = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data, completed_steps: ['setup', 'objectives'], current_step: 3, last_saved: new Date().toISOString(), version: 0 });
    const loaded = await api('GET', `/api/wizard-progress/${reportId}`);
    // Assess
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, version: 1, last_saved: expect.any(String) });
    expect(loaded.body).toMatchObject({ wizard_data, completed_steps: ['setup', 'objectives'], current_step: 3, version: 1, updated_by: me.username });
    expect(loaded.body.last_saved).toBe(saved.body.last_saved);
  });

  it('refuses a save from a stale tab with 409 and keeps the newer work', async () => {
    const reportId = await newReport();
    const base = { report_id: reportId, completed_steps: [], current_step: 0 };
    await api('POST', '/api/wizard-progress', { ...base, wizard_data: { objectives: { purpose: 'tab A' } }, version: 0 });
    await api('POST', '/api/wizard-progress', { ...base, wizard_data: { objectives: { purpose: 'tab A again' } }, version: 1 });
    const stale = await api('POST', '/api/wizard-progress', { ...base, wizard_data: { objectives: { purpose: 'tab B, loaded at version 1' } }, version: 1 });
    expect(stale.status).toBe(409);
    // the conflict names who saved which step when (here: the same user, from another tab)
    expect(stale.body.detail).toBe('You saved Objectives & Scope from another tab or device just now');
    expect((await api('GET', `/api/wizard-progress/${reportId}`)).body.wizard_data.objectives.purpose).toBe('tab A again');
    // the spec's call without a version overwrites (the SPA always sends one)
    const plain = await api('POST', '/api/wizard-progress', { ...base, wizard_data: { objectives: { purpose: 'plain' } } });
    expect(plain.body.version).toBe(3);
  });

  it('keeps progress larger than a DynamoDB item in S3, and reads it back whole', async () => {
    // Prepare: ~600 KB of wizard data
    const reportId = await newReport();
    const big = 'Long notes about the market. '.repeat(1_700);
    const findings = Array.from({ length: 200 }, (_, i) => ({ id: `f${i}`, statement: `Finding ${i}: ${'the market keeps moving. '.repeat(70)}`, dimension: 'Market & Customers', impact: 'medium' }));
    const wizard_data = { context: { companyBackground: big, marketEnvironment: 'm', internalContext: 'i' }, findings: { findings } };
    // Act
    const first = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data, completed_steps: ['context'], current_step: 4, version: 0 });
    const second = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data, completed_steps: ['context'], current_step: 4, version: 1 });
    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // progress is stored per step: the findings step (~340 KB) keeps its data in S3, the context step inline
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'PROGRESS' } }));
    expect(item.Item?.wizard_data).toBeUndefined();
    const findingsItem = (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'STEP#findings' } }))).Item;
    expect(findingsItem?.data).toBeUndefined();
    expect(findingsItem?.data_key).toMatch(new RegExp(`^reports/${reportId}/progress/steps/findings/`));
    const contextItem = (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'STEP#context' } }))).Item;
    expect(contextItem?.data.companyBackground).toBe(big);
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: `reports/${reportId}/progress/` }));
    expect((objects.Contents ?? []).map((o) => o.Key)).toEqual([findingsItem?.data_key]);
    const loaded = await api('GET', `/api/wizard-progress/${reportId}`);
    expect(loaded.body.wizard_data.context.companyBackground).toBe(big);
    expect(loaded.body.wizard_data.findings.findings).toHaveLength(200);
  });

  it('validates the body and answers 404 for an unknown report', async () => {
    const bad = await api('POST', '/api/wizard-progress', { report_id: randomUUID(), wizard_data: { nonsense: {} }, completed_steps: ['setup'], current_step: 12 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('current_step must be 0 to 9');
    expect((await api('POST', '/api/wizard-progress', { report_id: randomUUID(), wizard_data: {}, completed_steps: [], current_step: 0 })).status).toBe(404);
    expect((await api('GET', `/api/wizard-progress/${randomUUID()}`)).status).toBe(404);
    expect((await api('GET', '/api/wizard-progress/nope')).status).toBe(400);
  });
});

describe('save report file', () => {
  it('saves a named snapshot from the spec\'s query parameters, and from a JSON body for large data', async () => {
    const reportId = await newReport();
    const data = { setup: { organizationName: 'Acme' } };
    const byQuery = await http(gw, 'POST', `/api/save-report-file/${reportId}?file_name=${encodeURIComponent('First draft')}&data=${encodeURIComponent(JSON.stringify(data))}`, { token: me.token });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({ success: true, message: 'Saved "First draft"', file_id: expect.any(String) });
    const large = { context: { companyBackground: 'x'.repeat(200_000) } };
    const byBody = await api('POST', `/api/save-report-file/${reportId}`, { file_name: 'Big draft', data: large });
    expect(byBody.status).toBe(200);
    const list = await api('GET', `/api/save-report-file/${reportId}`);
    expect(list.body.items.map((f: { file_name: string }) => f.file_name)).toEqual(['Big draft', 'First draft']);
    const restored = await api('GET', `/api/save-report-file/${reportId}/${byQuery.body.file_id}`);
    expect(restored.body).toMatchObject({ file_name: 'First draft', data, created_by: me.username });
  });

  it('says what is missing', async () => {
    const reportId = await newReport();
    expect((await http(gw, 'POST', `/api/save-report-file/${reportId}?file_name=%20%20&data=%7B%22a%22%3A%7B%7D%7D`, { token: me.token })).body.detail).toBe('file_name is required');
    expect((await http(gw, 'POST', `/api/save-report-file/${reportId}?file_name=x&data=%7B%7D`, { token: me.token })).body.detail).toBe('data is empty: there is nothing to save');
    expect((await http(gw, 'POST', `/api/save-report-file/${reportId}?file_name=x&data=not-json`, { token: me.token })).body.detail).toBe('data must be the wizard data as JSON text');
    expect((await api('GET', `/api/save-report-file/${reportId}/nope`)).status).toBe(404);
    expect((await http(gw, 'POST', `/api/save-report-file/${randomUUID()}?file_name=x&data=%7B%22a%22%3A1%7D`, { token: me.token })).status).toBe(404);
  });
});

describe('AI-generated business context', () => {
  it('composes paragraphs from the organization and the report\'s evidence, citing real evidence ids', async () => {
    // Prepare: a report with two pieces of analysed evidence
    const reportId = await newReport();
    const a = await api('POST', `/api/reports/${reportId}/evidence/interview`, {
      title: 'CFO interview',
      content: 'Revenue grew 14% last year, but gross margin fell by two points as freight costs rose. Cash conversion improved after the working capital programme.',
    });
    const b = await api('POST', `/api/reports/${reportId}/evidence/interview`, {
      title: 'Market study',
      content: 'Two low-cost competitors entered the UK market and customer churn in the SME segment rose to 11%. Demand in the premium segment keeps growing.',
    });
    // Act
    const res = await api('POST', '/api/ai/generate-context', { company_name: 'Acme Freight', sector: 'retail', geography: 'UK', report_id: reportId });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.generated_content.split(/\n\s*\n/).length).toBeGreaterThanOrEqual(3);
    expect(res.body.generated_content).toContain('Acme Freight');
    const cited = new Set(res.body.paragraphs.flatMap((p: { evidence_ids: string[] }) => p.evidence_ids));
    expect([...cited].every((id) => [a.body.evidence.id, b.body.evidence.id].includes(id))).toBe(true);
    expect(cited.size).toBeGreaterThanOrEqual(1);
    expect(res.body.generated_content).toMatch(/freight costs|churn|premium segment/);
  });

  it('writes from the organization alone when there is no evidence, and validates', async () => {
    const res = await api('POST', '/api/ai/generate-context', { company_name: 'Blank Co', sector: '', geography: '', report_id: `temp-${randomUUID()}` });
    expect(res.status).toBe(200);
    expect(res.body.paragraphs.every((p: { evidence_ids: string[] }) => p.evidence_ids.length === 0)).toBe(true);
    expect((await api('POST', '/api/ai/generate-context', { report_id: `temp-${randomUUID()}` })).body.detail).toBe('company_name is required');
  });
});

describe('report title and owner', () => {
  it('changes with the current version, refuses a stale one', async () => {
    const reportId = await newReport();
    expect((await api('PUT', `/api/reports/${reportId}`, { title: 'Renamed', owner: 'Bea', version: 1 })).body).toEqual({ success: true, version: 2 });
    expect((await api('PUT', `/api/reports/${reportId}`, { title: 'Lost', owner: 'Cy', version: 1 })).status).toBe(409);
    expect((await api('GET', `/api/reports/${reportId}`)).body).toMatchObject({ title: 'Renamed', owner: 'Bea', version: 2 });
  });
});
