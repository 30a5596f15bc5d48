/**
 * Progress per step: each step is its own item with its own version, so writers of different steps
 * (or different fields of one step) never conflict, a tab's own late request is never a conflict, a conflict
 * names who saved which step when, and the spec's plain call overwrites without ever answering 409. "Complete
 * step", setup and drafts are server operations. Through the gateway, against DynamoDB Local and s3rver.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const s3 = s3Client(stack);
const N = 20;
let dana: { token: string; username: string; name: string };
let sam: { token: string; username: string; name: string };
let orgId: string;

const as = (who: { token: string }) => <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token: who.token, body });
const api = <T = any>(method: string, path: string, body?: unknown) => as(dana)<T>(method, path, body);
const newReport = async () => (await api('POST', '/api/reports', { title: `Steps ${randomUUID().slice(0, 6)}`, organization_id: orgId, owner: 'Ann' })).body.id as string;
const progress = async (reportId: string) => (await api('GET', `/api/wizard-progress/${reportId}`)).body;
const save = (reportId: string, body: Record<string, unknown>, who = dana) =>
  as(who)('POST', '/api/wizard-progress', { report_id: reportId, completed_steps: [], current_step: 2, ...body });
const stepItem = async (reportId: string, step: string) => (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: `STEP#${step}` } }))).Item;

async function signUp(prefix: string) {
  const s = await registerAndLogin(gw, prefix);
  return { token: s.token, username: s.user.username, name: s.user.name };
}

beforeAll(async () => {
  [dana, sam] = await Promise.all([signUp('dana'), signUp('sam')]);
  orgId = (await api('POST', '/api/organizations', { name: `Steps Org ${randomUUID().slice(0, 6)}`, sector: 'retail' })).body.id;
});

afterEach(async () => {
  await http(gw, 'DELETE', '/__harness/faults');
});

describe('progress per step', () => {
  it('stores each step as its own item and assembles the spec\'s shape, with per-step versions', async () => {
    // Prepare
    const reportId = await newReport();
    // Act
    const saved = await save(reportId, {
      wizard_data: { objectives: { purpose: 'Assess' }, context: { companyBackground: 'Founded 1990' } },
      completed_steps: ['objectives'],
      current_step: 3,
      step_versions: {},
      session: 'tab-aaaaaaaa',
      seq: 1,
    });
    const loaded = await progress(reportId);
    // Assess
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, version: 1, step_versions: { objectives: 1, context: 1 }, superseded: [] });
    expect(loaded).toMatchObject({
      wizard_data: { objectives: { purpose: 'Assess' }, context: { companyBackground: 'Founded 1990' } },
      completed_steps: ['objectives'],
      current_step: 3,
      version: 1,
      step_versions: { objectives: 1, context: 1 },
      steps: { objectives: { version: 1, updated_by: dana.username, updated_by_name: dana.name, session: 'tab-aaaaaaaa', seq: 1 } },
    });
    expect(await stepItem(reportId, 'objectives')).toMatchObject({ version: 1, data: { purpose: 'Assess' }, updated_by_name: dana.name });
    const meta = (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'PROGRESS' } }))).Item!;
    expect(meta.wizard_data).toBeUndefined();
    // another user sees who saved, but not the other tab's session
    const seenBySam = (await as(sam)('GET', `/api/wizard-progress/${reportId}`)).body;
    expect(seenBySam.steps.objectives.session).toBeUndefined();
  });

  it('does not write (or bump) a step whose data is unchanged', async () => {
    const reportId = await newReport();
    await save(reportId, { wizard_data: { objectives: { purpose: 'Same' } }, step_versions: {} });
    const again = await save(reportId, { wizard_data: { objectives: { purpose: 'Same' }, context: { companyBackground: 'New' } }, step_versions: { objectives: 1 } });
    expect(again.body.step_versions).toEqual({ objectives: 1, context: 1 });
    // a tab whose version of an unchanged step is stale does not conflict either
    const stale = await save(reportId, { wizard_data: { objectives: { purpose: 'Same' } }, step_versions: { objectives: 0 } });
    expect(stale.status).toBe(200);
  });

  it('keeps a large step in S3 (one object per write, the old one removed) and reads it back whole', async () => {
    const reportId = await newReport();
    const findings = Array.from({ length: 200 }, (_, i) => ({ id: `f${i}`, statement: `Finding ${i}: ${'the market keeps moving. '.repeat(70)}`, dimension: 'Market & Customers', impact: 'medium' }));
    const first = await save(reportId, { wizard_data: { findings: { findings }, objectives: { purpose: 'small' } }, step_versions: {} });
    const second = await save(reportId, { wizard_data: { findings: { findings: findings.slice(1) } }, step_versions: { findings: 1 } });
    expect([first.status, second.status]).toEqual([200, 200]);
    const item = await stepItem(reportId, 'findings');
    expect(item?.data).toBeUndefined();
    expect(item?.data_key).toMatch(new RegExp(`^reports/${reportId}/progress/steps/findings/[0-9a-f-]{36}\\.json$`));
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: `reports/${reportId}/progress/` }));
    expect((objects.Contents ?? []).map((o) => o.Key)).toEqual([item?.data_key]);
    expect((await stepItem(reportId, 'objectives'))?.data).toEqual({ purpose: 'small', inScope: '', outOfScope: '', methodology: '' });
    expect((await progress(reportId)).wizard_data.findings.findings).toHaveLength(199);
  });
});

describe(`${N} writers at once`, () => {
  it(`on one step with the same version: one succeeds, ${N - 1} get 409, and the winner is kept`, async () => {
    const reportId = await newReport();
    await save(reportId, { wizard_data: { objectives: { purpose: 'start' } }, step_versions: {} });
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => save(reportId, { wizard_data: { objectives: { purpose: `Tab ${i}` } }, step_versions: { objectives: 1 }, session: `tab-${String(i).padStart(8, '0')}`, seq: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await progress(reportId)).wizard_data.objectives.purpose).toBe(`Tab ${winner}`);
    expect(answers.find((a) => a.status === 409)!.body.detail).toBe('You saved Objectives & Scope from another tab or device just now');
  });

  it(`on ${N} different steps and fields: all succeed and every change is kept`, async () => {
    // Prepare: twenty (step, field) pairs: every field of setup, objectives, context and the executive summary
    const reportId = await newReport();
    const writes: [string, string, unknown][] = [
      ['setup', 'organizationName', 'Acme'],
      ['setup', 'sector', 'retail'],
      ['setup', 'geography', 'UK'],
      ['setup', 'fyStart', 'april'],
      ['setup', 'currency', 'GBP'],
      ['setup', 'reportTitle', 'Review'],
      ['setup', 'reportOwner', 'Ann'],
      ['setup', 'stakeholders', [{ name: 'Jo', role: 'CFO', influence: 'High' }]],
      ['objectives', 'purpose', 'p'],
      ['objectives', 'inScope', 'i'],
      ['objectives', 'outOfScope', 'o'],
      ['objectives', 'methodology', 'm'],
      ['context', 'companyBackground', 'c'],
      ['context', 'marketEnvironment', 'me'],
      ['context', 'internalContext', 'ic'],
      ['executive-summary', 'summary', 'The summary.'],
      ['findings', 'findings', [{ id: 'f1', statement: 'Revenue grew', dimension: 'Financial Performance', impact: 'high' }]],
      ['recommendations', 'items', [{ id: 'r1', title: 'Cut costs', priority: 'high', impact: 4, effort: 2 }]],
      ['roadmap', 'items', [{ id: 'm1', title: 'Plan', phase_id: 'phase-1', start_month: 0, end_month: 2 }]],
      ['finalize', 'cover', { title: 'Cover' }],
    ];
    // Act: each writer loaded the empty progress (versions 0) and changed one field
    const answers = await Promise.all(
      writes.map(([step, field, value], i) =>
        save(reportId, { wizard_data: { [step]: { [field]: value } }, step_versions: { [step]: 0 }, changed_fields: { [step]: [field] }, session: `tab-${String(i).padStart(8, '0')}`, seq: 1 }),
      ),
    );
    // Assess
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    const data = (await progress(reportId)).wizard_data;
    for (const [step, field, value] of writes) {
      if (typeof value === 'object') expect(data[step][field], `${step}.${field}`).toMatchObject(value as object);
      else expect(data[step][field], `${step}.${field}`).toBe(value);
    }
  });

  it(`${N} saves without a version (the spec's plain call) on one step: all succeed, none is a 409`, async () => {
    const reportId = await newReport();
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => save(reportId, { wizard_data: { objectives: { purpose: `Plain ${i}` } } })));
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    const final = await progress(reportId);
    expect(final.wizard_data.objectives.purpose).toMatch(/^Plain \d+$/);
    expect(final.step_versions.objectives).toBe(N);
  });
});

describe('a tab\'s own requests', () => {
  it('a late request of the same tab (lower seq) is not a conflict and does not overwrite the later save', async () => {
    // Prepare: the tab saved seq 5 and seq 6 (at version 2); its seq 4 (based on version 0) lands last
    const reportId = await newReport();
    const tab = { session: 'tab-late0001' };
    await save(reportId, { wizard_data: { objectives: { purpose: 'five' } }, step_versions: { objectives: 0 }, current_step: 2, ...tab, seq: 5 });
    await save(reportId, { wizard_data: { objectives: { purpose: 'six' } }, step_versions: { objectives: 1 }, current_step: 3, ...tab, seq: 6 });
    // Act
    const late = await save(reportId, { wizard_data: { objectives: { purpose: 'four' } }, step_versions: { objectives: 0 }, current_step: 1, ...tab, seq: 4 });
    // Assess
    expect(late.status).toBe(200);
    expect(late.body.superseded).toEqual(['objectives']);
    const loaded = await progress(reportId);
    expect(loaded.wizard_data.objectives.purpose).toBe('six');
    expect(loaded.current_step).toBe(3);
  });

  it('the next page\'s save after an unload save landed late is not a conflict (same tab, higher seq)', async () => {
    // Prepare: the page loaded version 1; its unload request (seq 7) lands after the next page loaded
    const reportId = await newReport();
    const tab = { session: 'tab-reload01' };
    await save(reportId, { wizard_data: { objectives: { purpose: 'loaded' } }, step_versions: {}, ...tab, seq: 6 });
    await save(reportId, { wizard_data: { objectives: { purpose: 'unload save' } }, step_versions: { objectives: 1 }, ...tab, seq: 7 });
    // Act: the next page (same tab) based its work on version 1
    const next = await save(reportId, { wizard_data: { objectives: { purpose: 'next page' } }, step_versions: { objectives: 1 }, changed_fields: { objectives: ['purpose'] }, ...tab, seq: 8 });
    // Assess
    expect(next.status).toBe(200);
    expect((await progress(reportId)).wizard_data.objectives.purpose).toBe('next page');
    // the same request from another tab of the same user is a conflict, named as the user's own
    const other = await save(reportId, { wizard_data: { objectives: { purpose: 'other tab' } }, step_versions: { objectives: 1 }, session: 'tab-other001', seq: 9 });
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe('You saved Objectives & Scope from another tab or device just now');
  });
});

describe('two users on one report', () => {
  it('on different steps: no conflict, both kept; on the same step: the second gets a conflict naming the first', async () => {
    const reportId = await newReport();
    const a = await save(reportId, { wizard_data: { findings: { findings: [{ id: 'f1', statement: 'Margins fell', dimension: 'Financial Performance', impact: 'high' }] } }, step_versions: {} }, dana);
    const b = await save(reportId, { wizard_data: { swot: { strengths: [{ id: 's1', text: 'Brand' }] } }, step_versions: {} }, sam);
    expect([a.status, b.status]).toEqual([200, 200]);
    const both = await progress(reportId);
    expect(both.wizard_data.findings.findings[0].statement).toBe('Margins fell');
    expect(both.wizard_data.swot.strengths[0].text).toBe('Brand');
    // Sam loaded findings at version 1 too, then Dana saved it again
    await save(reportId, { wizard_data: { findings: { findings: [{ id: 'f1', statement: 'Margins fell 2 points', dimension: 'Financial Performance', impact: 'high' }] } }, step_versions: { findings: 1 } }, dana);
    const second = await save(reportId, { wizard_data: { findings: { findings: [{ id: 'f9', statement: 'Sam\'s finding', dimension: 'Financial Performance', impact: 'low' }] } }, step_versions: { findings: 1 } }, sam);
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(`${dana.name} saved Findings & Analysis just now`);
    expect((await progress(reportId)).wizard_data.findings.findings[0].statement).toBe('Margins fell 2 points');
  });

  it('names the time: a save two minutes old reads "2 minutes ago"', async () => {
    const reportId = await newReport();
    await save(reportId, { wizard_data: { objectives: { purpose: 'Dana\'s' } }, step_versions: {} }, dana);
    // the stored step says it was saved two minutes ago
    const item = (await stepItem(reportId, 'objectives'))!;
    await db.send(new PutCommand({ TableName: stack.tableName, Item: { ...item, updated_at: new Date(Date.now() - 2 * 60_000).toISOString() } }));
    const res = await save(reportId, { wizard_data: { objectives: { purpose: 'Sam\'s' } }, step_versions: { objectives: 0 } }, sam);
    expect(res.body.detail).toBe(`${dana.name} saved Objectives & Scope 2 minutes ago`);
  });
});

describe('progress stored in the single-item layout (before per-step items)', () => {
  it.each([
    { where: 'inline', large: false },
    { where: 'in S3', large: true },
  ])('is read as before and split into step items on the first write, atomically ($where)', async ({ large }) => {
    // Prepare: an old-shape PROGRESS item written straight into DynamoDB Local
    const reportId = await newReport();
    const wizard_data = {
      objectives: { purpose: 'Old purpose', inScope: 'EMEA', outOfScope: '', methodology: '' },
      context: { companyBackground: large ? 'x'.repeat(350_000) : 'Old background', marketEnvironment: '', internalContext: '' },
    };
    const dataKey = `reports/${reportId}/progress/wizard-data-v4.json`;
    if (large) await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: dataKey, Body: JSON.stringify(wizard_data), ContentType: 'application/json' }));
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          PK: `REPORT#${reportId}`,
          SK: 'PROGRESS',
          entity: 'WizardProgress',
          report_id: reportId,
          ...(large ? { data_key: dataKey } : { wizard_data }),
          completed_steps: ['setup', 'objectives'],
          current_step: 3,
          last_saved: '2025-06-01T10:00:00.000Z',
          version: 4,
          updated_by: dana.username,
        },
      }),
    );
    // Act 1: read
    const before = await progress(reportId);
    // Assess 1: as before, each step at the record's version
    expect(before).toMatchObject({ wizard_data, completed_steps: ['setup', 'objectives'], current_step: 3, version: 4, step_versions: { objectives: 4, context: 4 } });
    // Act 2: the first write (an old client's whole-progress version)
    const write = await save(reportId, { wizard_data: { objectives: { ...wizard_data.objectives, purpose: 'New purpose' } }, completed_steps: ['context'], current_step: 4, version: 4 });
    // Assess 2: split into items, the old layout gone, nothing lost
    expect(write.status).toBe(200);
    const items = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)', ExpressionAttributeValues: { ':pk': `REPORT#${reportId}`, ':s': 'STEP#' } }));
    expect((items.Items ?? []).map((i) => i.SK).sort()).toEqual(['STEP#context', 'STEP#objectives']);
    const meta = (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'PROGRESS' } }))).Item!;
    expect(meta.wizard_data).toBeUndefined();
    expect(meta.data_key).toBeUndefined();
    const after = await progress(reportId);
    expect(after.wizard_data.objectives.purpose).toBe('New purpose');
    expect(after.wizard_data.context.companyBackground).toBe(wizard_data.context.companyBackground);
    expect(after).toMatchObject({ completed_steps: ['setup', 'objectives', 'context'], current_step: 4, version: 5, step_versions: { objectives: 5, context: 4 } });
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: `reports/${reportId}/progress/` }));
    const keysLeft = (objects.Contents ?? []).map((o) => o.Key);
    expect(keysLeft).not.toContain(dataKey);
    expect(keysLeft).toHaveLength(large ? 1 : 0);
  });

  it('a split that fails halfway leaves the old record whole (one transaction)', async () => {
    const reportId = await newReport();
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { PK: `REPORT#${reportId}`, SK: 'PROGRESS', report_id: reportId, wizard_data: { objectives: { purpose: 'Kept' } }, completed_steps: [], current_step: 2, version: 2, updated_by: 'someone' },
      }),
    );
    await http(gw, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error' } });
    const failed = await save(reportId, { wizard_data: { context: { companyBackground: 'New' } }, version: 2 });
    expect(failed.status).toBe(503);
    const meta = (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'PROGRESS' } }))).Item!;
    expect(meta.wizard_data).toEqual({ objectives: { purpose: 'Kept' } });
    expect(await stepItem(reportId, 'context')).toBeUndefined();
  });
});
