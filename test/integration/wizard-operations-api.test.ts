/**
 * The wizard's workflows as server operations: "Complete step" (store, compose, record) in one
 * request, setup (organization + report + progress) in one transaction with an idempotency key, and AI drafts
 * kept on the server until they are accepted or discarded. Through the gateway, against the emulators; faults
 * are injected through the harness's fault table (the SDK's middleware stack).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { draftAndWait, waitForDraftJob } from '../helpers/draft-job';
import { fileUser } from '../helpers/file-user';
import { http } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;

const { me, api } = fileUser(gw, 'ops', { name: 'Ops Org', sector: 'retail', geography: 'UK' });
const arm = async (fault: Record<string, unknown>) => expect((await http(gw, 'POST', '/__harness/faults', { body: fault })).status).toBe(200);
const newReport = async () => (await api('POST', '/api/reports', { title: `Ops ${randomUUID().slice(0, 6)}`, organization_id: me.orgId, owner: 'Ann' })).body.id as string;
const setupOf = (name: string, title = `Report of ${name}`) => ({ organizationName: name, reportTitle: title, reportOwner: 'Jane Smith', sector: 'retail', geography: 'Sweden' });
const orgsNamed = async (name: string) => ((await api('GET', '/api/organizations?limit=100')).body.items as { id: string; name: string }[]).filter((o) => o.name === name);
const counts = async () => (await api('GET', '/api/reports?limit=1')).body.counts as { total: number };

afterEach(async () => {
  await http(gw, 'DELETE', '/__harness/faults');
});

describe('complete step', () => {
  it('validates, stores, records completion and composes the step\'s sections in one request; the client never calls again', async () => {
    // Prepare
    const reportId = await newReport();
    const objectives = { purpose: 'Assess the operating model ahead of the budget.', inScope: 'UK', outOfScope: 'US', methodology: 'Interviews' };
    // Act: one request, and nothing after it
    const res = await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: objectives, version: 0, session: 'tab-complete', seq: 1 });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, step: 'objectives', step_version: 1, completed_steps: ['objectives'], current_step: 3, needs_confirmation: [] });
    expect(res.body.composed).toContain('introduction');
    const progress = await api('GET', `/api/wizard-progress/${reportId}`);
    expect(progress.body).toMatchObject({ wizard_data: { objectives }, completed_steps: ['objectives'], current_step: 3 });
    const intro = await api('GET', `/api/reports/${reportId}/sections/introduction`);
    expect(intro.body).toMatchObject({ origin: 'composed', version: 1 });
    expect(intro.body.content).toContain('Assess the operating model ahead of the budget.');
  });

  it('repeating it is harmless: same step version, no new section version', async () => {
    const reportId = await newReport();
    const body = { data: { purpose: 'Grow', inScope: '', outOfScope: '', methodology: '' }, version: 0, session: 'tab-repeat00', seq: 1 };
    const first = await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, body);
    const again = await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toMatchObject({ step_version: first.body.step_version, completed_steps: ['objectives'], composed: [] });
    expect(again.body.unchanged).toEqual(first.body.composed);
    expect((await api('GET', `/api/reports/${reportId}/sections/introduction/versions`)).body.items).toHaveLength(1);
  });

  it('applies the wizard\'s rules with the spec\'s messages, and stores nothing when they fail', async () => {
    const reportId = await newReport();
    const empty = await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: { purpose: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Please define the report purpose');
    expect((await api('POST', `/api/reports/${reportId}/steps/context/complete`, { data: {} })).body.detail).toBe('Please provide company background information');
    expect((await api('POST', `/api/reports/${reportId}/steps/data-intake/complete`, { data: { evidence: [] } })).body.detail).toBe('Please add at least one piece of evidence');
    expect((await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: { purpose: 7 } })).body.detail).toMatch(/purpose must be a string/);
    expect((await api('POST', `/api/reports/${reportId}/steps/nowhere/complete`, { data: {} })).status).toBe(400);
    expect((await api('POST', `/api/reports/${randomUUID()}/steps/objectives/complete`, { data: { purpose: 'x' } })).status).toBe(404);
    expect((await api('GET', `/api/wizard-progress/${reportId}`)).body.completed_steps).toEqual([]);
  });

  it('leaves a section edited by hand alone and names it for confirmation', async () => {
    // Prepare: the introduction was composed, then edited by hand
    const reportId = await newReport();
    await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: { purpose: 'First purpose' }, version: 0 });
    const intro = await api('GET', `/api/reports/${reportId}/sections/introduction`);
    await api('PUT', `/api/reports/${reportId}/sections/introduction`, { content: 'Written by hand.', citations: [], version: intro.body.version });
    // Act
    const res = await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: { purpose: 'Second purpose' }, version: 1 });
    // Assess
    expect(res.body.needs_confirmation).toEqual([expect.objectContaining({ key: 'introduction', title: 'Introduction', updated_by: me.username })]);
    expect((await api('GET', `/api/reports/${reportId}/sections/introduction`)).body.content).toBe('Written by hand.');
  });

  it('is a conflict only when someone else changed the step since the tab loaded it', async () => {
    const reportId = await newReport();
    await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { objectives: { purpose: 'Other tab' } }, completed_steps: [], current_step: 2, step_versions: {}, session: 'tab-othertab', seq: 1 });
    const stale = await api('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: { purpose: 'Mine' }, version: 0, session: 'tab-minetab0', seq: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/^You saved Objectives & Scope from another tab or device just now$/);
  });
});

describe('setup in one transaction', () => {
  it('creates the organization, the report and the initial progress; a retry with the same key answers the same ids', async () => {
    // Prepare
    const name = `Setup Org ${randomUUID().slice(0, 6)}`;
    const key = `temp-${randomUUID()}`;
    const before = await counts();
    // Act
    const first = await api('POST', '/api/wizard/setup', { idempotency_key: key, setup: { ...setupOf(name), stakeholders: [{ name: 'Priya', role: 'CFO', influence: 'High' }] } });
    const retry = await api('POST', '/api/wizard/setup', { idempotency_key: key, setup: setupOf(name) });
    // Assess
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, created: true, organization_version: 1, report_version: 1, step_version: 1 });
    expect(retry.body).toMatchObject({ created: false, organization_id: first.body.organization_id, report_id: first.body.report_id });
    expect(await orgsNamed(name)).toHaveLength(1);
    expect((await counts()).total).toBe(before.total + 1);
    const report = await api('GET', `/api/reports/${first.body.report_id}`);
    expect(report.body).toMatchObject({ title: `Report of ${name}`, owner: 'Jane Smith', organization_id: first.body.organization_id, status: 'Draft' });
    const org = await api('GET', `/api/organizations/${first.body.organization_id}`);
    expect(org.body).toMatchObject({ name, sector: 'retail', geography: 'Sweden', fy_start: 'january', currency: 'USD', report_count: 1 });
    const progress = await api('GET', `/api/wizard-progress/${first.body.report_id}`);
    expect(progress.body).toMatchObject({
      completed_steps: ['setup'],
      current_step: 1,
      wizard_data: { setup: { organizationName: name, organizationId: first.body.organization_id, reportId: first.body.report_id, stakeholders: [{ name: 'Priya' }] } },
    });
  });

  it('claims the evidence added under the placeholder, once', async () => {
    const placeholder = `temp-${randomUUID()}`;
    await api('POST', `/api/reports/${placeholder}/evidence/interview`, { title: 'Early notes', content: 'Revenue grew 8% and margins improved in the second half.' });
    const res = await api('POST', '/api/wizard/setup', { idempotency_key: placeholder, placeholder_id: placeholder, setup: setupOf(`Claim Org ${randomUUID().slice(0, 6)}`) });
    expect(res.body.evidence_moved).toBe(1);
    const again = await api('POST', '/api/wizard/setup', { idempotency_key: placeholder, placeholder_id: placeholder, setup: setupOf('whatever') });
    expect(again.body.evidence_moved).toBe(0);
    const evidence = await api('GET', `/api/reports/${res.body.report_id}/evidence`);
    expect(evidence.body.items.map((e: { title: string }) => e.title)).toEqual(['Early notes']);
  });

  it('that fails halfway leaves nothing behind, and the retry creates it once', async () => {
    // Prepare
    const name = `Fault Org ${randomUUID().slice(0, 6)}`;
    const key = `temp-${randomUUID()}`;
    const before = await counts();
    await arm({ service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error' });
    // Act
    const failed = await api('POST', '/api/wizard/setup', { idempotency_key: key, setup: setupOf(name) });
    // Assess: no organization, no report, totals unchanged
    expect(failed.status).toBe(503);
    expect(await orgsNamed(name)).toEqual([]);
    expect(await counts()).toEqual(before);
    const retried = await api('POST', '/api/wizard/setup', { idempotency_key: key, setup: setupOf(name) });
    expect(retried.status).toBe(200);
    expect(await orgsNamed(name)).toHaveLength(1);
    expect((await counts()).total).toBe(before.total + 1);
  });

  it('a failure after the transaction (claiming evidence) is answered, and the retry with the same key finishes it', async () => {
    const placeholder = `temp-${randomUUID()}`;
    const name = `Claim Fault ${randomUUID().slice(0, 6)}`;
    await api('POST', `/api/reports/${placeholder}/evidence/interview`, { title: 'Notes', content: 'Churn rose to 9% after the price increase.' });
    await arm({ service: 'dynamodb', operation: 'Query', kind: 'error', skip: 1 });
    const failed = await api('POST', '/api/wizard/setup', { idempotency_key: placeholder, placeholder_id: placeholder, setup: setupOf(name) });
    await http(gw, 'DELETE', '/__harness/faults');
    // the organization and report exist (their transaction succeeded); the evidence still waits under the placeholder
    expect(failed.status).toBe(503);
    expect(await orgsNamed(name)).toHaveLength(1);
    const retried = await api('POST', '/api/wizard/setup', { idempotency_key: placeholder, placeholder_id: placeholder, setup: setupOf(name) });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ created: false, evidence_moved: 1 });
    expect(await orgsNamed(name)).toHaveLength(1);
    expect((await api('GET', `/api/reports/${retried.body.report_id}/evidence`)).body.items).toHaveLength(1);
  });

  it('updates both when completed again, and refuses a stale version with 409 without changing either', async () => {
    const name = `Update Org ${randomUUID().slice(0, 6)}`;
    const created = (await api('POST', '/api/wizard/setup', { idempotency_key: `temp-${randomUUID()}`, setup: setupOf(name) })).body;
    const again = await api('POST', '/api/wizard/setup', {
      idempotency_key: `temp-${randomUUID()}`,
      setup: { ...created.setup, organizationName: `${name} AB`, reportTitle: 'Renamed' },
      step_version: created.step_version,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, organization_id: created.organization_id, report_id: created.report_id, organization_version: 2, report_version: 2 });
    expect((await api('GET', `/api/reports/${created.report_id}`)).body.title).toBe('Renamed');
    expect((await api('GET', `/api/reports/${created.report_id}/audit`)).body.items[0]).toMatchObject({ action: 'report.update', detail: `title: Report of ${name} → Renamed` });
    // a tab still holding version 1 of the report
    const stale = await api('POST', '/api/wizard/setup', { idempotency_key: `temp-${randomUUID()}`, setup: { ...created.setup, organizationName: `${name} Ltd`, reportTitle: 'Lost' } });
    expect(stale.status).toBe(409);
    expect((await api('GET', `/api/reports/${created.report_id}`)).body.title).toBe('Renamed');
    expect((await api('GET', `/api/organizations/${created.organization_id}`)).body.name).toBe(`${name} AB`);
  });

  it('says what is missing', async () => {
    const res = await api('POST', '/api/wizard/setup', { idempotency_key: `temp-${randomUUID()}`, setup: { organizationName: 'X', reportTitle: ' ', reportOwner: 'Y' } });
    expect(res.body).toEqual({ detail: 'Please fill in all required fields' });
    expect((await api('POST', '/api/wizard/setup', { setup: setupOf('X') })).body.detail).toBe('idempotency_key is required');
    expect((await api('POST', '/api/wizard/setup', { idempotency_key: 'temp-1234567', setup: { ...setupOf('X'), sector: 'mining' } })).body.detail).toMatch(/sector must be one of/);
  });
});

describe('pending AI drafts', () => {
  async function reportWithEvidence() {
    const reportId = await newReport();
    await api('POST', `/api/reports/${reportId}/evidence/interview`, {
      title: 'CFO interview',
      content: 'Revenue grew 14% last year, but gross margin fell by two points as freight costs rose. Customer churn in the SME segment rose to 11%. Staff turnover in the depots is 18%.',
    });
    return reportId;
  }

  it('keeps a draft on the server until it is accepted: a reload sees the same pending draft', async () => {
    // Prepare
    const reportId = await reportWithEvidence();
    // Act
    const started = await api('POST', `/api/reports/${reportId}/draft`, { step: 'findings' });
    const { job } = await waitForDraftJob(gw, me.token, reportId, 'findings');
    const pending = await api('GET', `/api/reports/${reportId}/drafts/findings`);
    const reload = await api('GET', `/api/reports/${reportId}/drafts/findings`);
    // Assess
    expect(started.status).toBe(202);
    expect(job).toMatchObject({ id: started.body.job.id, status: 'done', stage: 'ready', progress: 100 });
    expect(pending.body.draft).toMatchObject({ step: 'findings', provenance_id: job.provenance_id, created_by: me.username });
    expect(pending.body.draft.data.findings.length).toBeGreaterThan(0);
    expect(reload.body).toEqual(pending.body);
    expect((await api('GET', `/api/reports/${reportId}/drafts/swot`)).body).toEqual({ draft: null });
  });

  it('accepting some items merges only those into the step; accepting again adds nothing', async () => {
    const reportId = await reportWithEvidence();
    const drafted = await draftAndWait(gw, me.token, reportId, 'findings');
    const chosen = drafted.data.findings[0].id as string;
    const mine = { id: 'mine-1', statement: 'A finding the consultant wrote', dimension: 'People & Culture', impact: 'low' };
    await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { findings: { findings: [mine] } }, completed_steps: [], current_step: 4, step_versions: {} });
    // Act
    const accepted = await api('POST', `/api/reports/${reportId}/drafts/findings/accept`, { mode: 'append', item_ids: [chosen], version: 1 });
    const again = await api('POST', `/api/reports/${reportId}/drafts/findings/accept`, { mode: 'append', version: 2 });
    // Assess
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: 1, step_version: 2 });
    expect(accepted.body.data.findings.map((f: { id: string }) => f.id)).toEqual(['mine-1', chosen]);
    expect(again.body).toMatchObject({ accepted: 1, step_version: 2 });
    const stored = await api('GET', `/api/wizard-progress/${reportId}`);
    expect(stored.body.wizard_data.findings.findings.map((f: { id: string }) => f.id)).toEqual(['mine-1', chosen]);
    expect((await api('GET', `/api/reports/${reportId}/drafts/findings`)).body.draft).toBeNull();
  });

  it('accepts into the tab\'s unsaved data (replace), and discarding drops the draft', async () => {
    const reportId = await reportWithEvidence();
    const drafted = await draftAndWait(gw, me.token, reportId, 'swot');
    const res = await api('POST', `/api/reports/${reportId}/drafts/swot/accept`, { mode: 'replace', data: { strengths: [{ id: 's-mine', text: 'Unsaved strength' }] }, version: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data.strengths.map((s: { id: string }) => s.id)).toEqual(drafted.data.strengths.map((s: { id: string }) => s.id));
    await draftAndWait(gw, me.token, reportId, 'recommendations');
    expect((await api('DELETE', `/api/reports/${reportId}/drafts/recommendations`)).body).toEqual({ success: true });
    expect((await api('GET', `/api/reports/${reportId}/drafts/recommendations`)).body.draft).toBeNull();
    const none = await api('POST', `/api/reports/${reportId}/drafts/recommendations/accept`, { mode: 'append' });
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe('There is no pending AI draft for this step: generate one first');
  });
});
