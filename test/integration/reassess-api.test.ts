/**
 * Re-assessment and sector benchmarks through the local gateway: a re-assessment links its baseline,
 * takes over the objectives, the scope and the evidence (library references) and starts its findings afresh (one report for a double click, an audit
 * entry under both, editors only, outsiders 404); the comparison lines both up; the benchmark stays hidden below 5
 * other Final reports and is right above, counts a confidential client only with its lead's consent, and follows
 * reports leaving Final or being deleted (a maintained aggregate, never a scan).
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { reassess } from '@shared/messages/reassess';
import { tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';
import { stubTableEnv } from '../helpers/table-env';

const stack = inject('stack');
const gw = stack.urls.gateway;

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let viewer: Session;
let stranger: Session;

const call = (s: Session, method: string, path: string, body?: unknown) => http(gw, method, path, { token: s.token, body });

/** The benchmark consent domain, in this process against this worker's table (as a function reaches it). */
let consent: typeof import('../../functions/domain/benchmarks/consent');
beforeAll(async () => {
  stubTableEnv(stack);
  consent = await import('../../functions/domain/benchmarks/consent');
});
afterAll(() => vi.unstubAllEnvs());

async function ok(s: Session, method: string, path: string, body?: unknown) {
  const res = await call(s, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.body;
}

const DIMS = ['Financial Performance', 'Operational Efficiency', 'Market & Customers'] as const;
const dimension = (d: string, score: number) => ({ dimension: d, score, computed_score: null, basis: [], out_of_scope: false, note: '' });
const finding = (id: string, statement: string, dim: string, metric: { name: string; value: number; unit: string; period: string } | null = null) => ({
  id,
  statement,
  dimension: dim,
  impact: 'high',
  metric,
  citations: [],
});

async function client(s: Session, sector: string, geography = '', confidential = false): Promise<string> {
  const org = await ok(s, 'POST', '/api/organizations', { name: `Bench ${randomUUID().slice(0, 8)}`, sector, geography });
  if (confidential) await ok(s, 'PUT', `/api/organizations/${org.id}/confidential`, { confidential: true });
  return org.id as string;
}

/** A report of `orgId` whose findings score each of DIMS with `scores` (and findings and recommendations as given). */
async function scoredReport(s: Session, orgId: string, scores: number[], extra: Record<string, unknown> = {}): Promise<string> {
  const report = await ok(s, 'POST', '/api/reports', { title: `Assessment ${randomUUID().slice(0, 6)}`, organization_id: orgId, owner: 'Ann Lee' });
  await ok(s, 'POST', '/api/wizard-progress', {
    report_id: report.id,
    wizard_data: { findings: { dimensions: scores.map((v, i) => dimension(DIMS[i]!, v)), findings: [] }, ...extra },
    completed_steps: [],
    current_step: 4,
  });
  return report.id as string;
}

const setStatus = (s: Session, id: string, status: string) => ok(s, 'PUT', `/api/reports/${id}/status?status=${encodeURIComponent(status)}`);
const benchmark = (s: Session, id: string) => ok(s, 'GET', `/api/reports/${id}/benchmark`);

beforeAll(async () => {
  [lead, viewer, stranger] = await Promise.all([registerAndLogin(gw, 'lead'), registerAndLogin(gw, 'viewer'), registerAndLogin(gw, 'stranger')]);
});

describe('re-assessment', () => {
  it('creates one linked report that takes over objectives and scope, with findings afresh, audited under both', async () => {
    // Prepare: a baseline with setup, objectives and findings
    const orgId = await client(lead, 'other', 'Germany');
    const baselineId = await scoredReport(lead, orgId, [60, 55, 70], {
      setup: { organizationName: 'Rhein Freight', reportTitle: 'Rhein 2025', reportOwner: 'Ann Lee', stakeholders: [{ name: 'Kai', role: 'COO', influence: 'High' }] },
      objectives: { purpose: 'Assess delivery reliability.', inScope: 'Warehouses and fleet', outOfScope: 'IT', methodology: 'Interviews' },
    });
    const interview = await ok(lead, 'POST', `/api/reports/${baselineId}/evidence/interview`, {
      title: 'COO interview',
      content: 'On-time delivery was 78% last year. Warehouse picking delays are the main cause, the COO said.',
    });
    const key = `k-${randomUUID()}`;
    // Act: a double click (two starts with the same key at once)
    const [a, b] = await Promise.all([ok(lead, 'POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: key }), ok(lead, 'POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: key })]);
    // Assess: one report, linked to its baseline
    expect(a.id).toBe(b.id);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    const report = await ok(lead, 'GET', `/api/reports/${a.id}`);
    expect(report.baseline_id).toBe(baselineId);
    expect(report.organization_id).toBe(orgId);
    const progress = await ok(lead, 'GET', `/api/wizard-progress/${a.id}`);
    expect(progress.wizard_data.objectives).toEqual({ purpose: 'Assess delivery reliability.', inScope: 'Warehouses and fleet', outOfScope: 'IT', methodology: 'Interviews' });
    expect(progress.wizard_data.setup.stakeholders).toEqual([{ name: 'Kai', role: 'COO', influence: 'High' }]);
    expect(progress.wizard_data.setup.reportId).toBe(a.id);
    expect(progress.wizard_data.findings).toBeUndefined();
    // the evidence: a reference to the same item of the client's library (same id, the text not copied)
    const evidence = await ok(lead, 'GET', `/api/reports/${a.id}/evidence`);
    expect(evidence.items.map((e: { id: string }) => e.id)).toEqual([interview.evidence.id]);
    // the organization counts one more report
    const org = await ok(lead, 'GET', `/api/organizations/${orgId}`);
    expect(org.report_count).toBe(2);
    // audit under both reports
    const [mine, theirs] = await Promise.all([ok(lead, 'GET', `/api/reports/${a.id}/audit`), ok(lead, 'GET', `/api/reports/${baselineId}/audit`)]);
    expect(mine.items.map((e: { action: string }) => e.action)).toContain('report.reassess');
    expect(theirs.items.find((e: { action: string }) => e.action === 'report.reassess')?.detail).toBe(reassess.details.auditFollowedBy(report.title));
  });

  it('compares the re-assessment with its baseline', async () => {
    // Prepare
    const orgId = await client(lead, 'other');
    const baselineId = await scoredReport(lead, orgId, [60, 55], {
      findings: {
        dimensions: [dimension('Financial Performance', 60), dimension('Operational Efficiency', 55)],
        findings: [
          finding('b1', 'On-time delivery is low at 78% because of warehouse picking delays', 'Operational Efficiency', { name: 'On-time delivery', value: 78, unit: '%', period: 'FY2025' }),
          finding('b2', 'Customer churn rose after the price change', 'Market & Customers'),
        ],
      },
      recommendations: { items: [{ id: 'r1', title: 'Renegotiate the price change', priority: 'high', impact: 3, effort: 2, finding_ids: ['b2'] }] },
    });
    const re = await ok(lead, 'POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: `k-${randomUUID()}` });
    await ok(lead, 'POST', '/api/wizard-progress', {
      report_id: re.id,
      wizard_data: {
        findings: {
          dimensions: [dimension('Financial Performance', 68), dimension('Operational Efficiency', 61)],
          findings: [finding('a1', 'Warehouse picking delays still hold on-time delivery back, now at 86%', 'Operational Efficiency', { name: 'On-time delivery', value: 86, unit: '%', period: 'FY2026' })],
        },
      },
      completed_steps: [],
      current_step: 4,
    });
    // Act
    const cmp = await ok(viewer, 'GET', `/api/reports/${re.id}/comparison`);
    // Assess
    expect(cmp.baseline.id).toBe(baselineId);
    expect(cmp.dimensions).toEqual([
      { dimension: 'Financial Performance', before: 60, after: 68, change: 8 },
      { dimension: 'Operational Efficiency', before: 55, after: 61, change: 6 },
    ]);
    expect(cmp.findings.persisting.map((p: { before: { id: string } }) => p.before.id)).toEqual(['b1']);
    expect(cmp.findings.resolved.map((f: { id: string }) => f.id)).toEqual(['b2']);
    expect(cmp.recommendations).toEqual([{ id: 'r1', title: 'Renegotiate the price change', status: 'done' }]);
    expect(cmp.metrics[0]).toMatchObject({ name: 'On-time delivery', before: 78, after: 86, change: 8 });
    // a report that is not a re-assessment has nothing to compare with
    const none = await call(lead, 'GET', `/api/reports/${baselineId}/comparison`);
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe(reassess.details.noBaseline);
  });

  it('is refused to someone who may not edit the client, and an outsider of a confidential client gets 404', async () => {
    // Prepare: a confidential client led by `lead`, with `viewer` as a viewer
    const orgId = await client(lead, 'other', '', true);
    await ok(lead, 'POST', `/api/organizations/${orgId}/team`, { username: viewer.user.username, role: 'viewer' });
    const baselineId = await scoredReport(lead, orgId, [50]);
    // Act
    const [asViewer, asStranger, strangerCompare] = await Promise.all([
      call(viewer, 'POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: `k-${randomUUID()}` }),
      call(stranger, 'POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: `k-${randomUUID()}` }),
      call(stranger, 'GET', `/api/reports/${baselineId}/benchmark`),
    ]);
    // Assess
    expect(asViewer.status).toBe(403);
    expect(asStranger.status).toBe(404);
    expect(strangerCompare.status).toBe(404);
    const bad = await call(lead, 'POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/idempotency_key/);
  });
});

describe('sector benchmarks', () => {
  it('stays hidden below 5 other Final reports, is right from 5, and follows reports leaving Final or deleted', async () => {
    // Prepare: a geography of our own (sectors are a fixed list); the report benchmarked and 5 peers
    const geography = `Norway ${randomUUID().slice(0, 8)}`;
    const orgId = await client(lead, 'healthcare', geography);
    const mine = await scoredReport(lead, orgId, [65, 40, 90]);
    const peers = await Promise.all([[60, 50, 80], [70, 30, 70], [80, 40, 60], [50, 20, 75], [90, 60, 85]].map((s) => scoredReport(lead, orgId, s)));
    // Act + Assess: 4 Finals: hidden, and says how many there are
    await Promise.all(peers.slice(0, 4).map((id) => setStatus(lead, id, 'Final')));
    const four = await benchmark(lead, mine);
    expect(four).toMatchObject({ available: false, count: 4, minimum: 5, dimensions: [] });
    // the fifth Final: shown, in the geography (all peers are there), quartiles only
    await setStatus(lead, peers[4]!, 'Final');
    const five = await benchmark(lead, mine);
    expect(five.available).toBe(true);
    expect(five.count).toBe(5);
    expect(five.geography).toBe(geography);
    expect(five.dimensions).toEqual([
      { dimension: 'Financial Performance', count: 5, q1: 60, median: 70, q3: 80, score: 65 },
      { dimension: 'Operational Efficiency', count: 5, q1: 30, median: 40, q3: 50, score: 40 },
      { dimension: 'Market & Customers', count: 5, q1: 70, median: 75, q3: 80, score: 90 },
    ]);
    // the report itself becoming Final is not its own peer
    await setStatus(lead, mine, 'Final');
    expect((await benchmark(lead, mine)).count).toBe(5);
    // a peer leaving Final, and one deleted: hidden again
    await setStatus(lead, peers[0]!, 'Draft');
    expect((await benchmark(lead, mine)).available).toBe(false);
    await setStatus(lead, peers[0]!, 'Final');
    expect((await benchmark(lead, mine)).count).toBe(5);
    const del = await call(lead, 'DELETE', `/api/reports/${peers[1]}`);
    expect(del.status, del.text).toBe(200);
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 4 });
  });

  it('counts a confidential client only when its lead allows it (and only leads may)', async () => {
    // Prepare: 4 open Finals and 2 confidential Finals in a geography of our own
    const geography = `Oslo ${randomUUID().slice(0, 8)}`;
    const open = await client(lead, 'manufacturing', geography);
    const secret = await client(lead, 'manufacturing', geography, true);
    await ok(lead, 'POST', `/api/organizations/${secret}/team`, { username: viewer.user.username, role: 'viewer' });
    const mine = await scoredReport(lead, open, [50]);
    const openPeers = await Promise.all([40, 50, 60, 70].map((v) => scoredReport(lead, open, [v])));
    const secretPeers = await Promise.all([10, 20].map((v) => scoredReport(lead, secret, [v])));
    await Promise.all([...openPeers, ...secretPeers].map((id) => setStatus(lead, id, 'Final')));
    // Act + Assess: the confidential ones do not count: 4 peers, hidden
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 4 });
    // only the lead may allow it
    const asViewer = await call(viewer, 'PUT', `/api/organizations/${secret}/benchmark-consent`, { allowed: true });
    expect(asViewer.status).toBe(403);
    const asStranger = await call(stranger, 'PUT', `/api/organizations/${secret}/benchmark-consent`, { allowed: true });
    expect(asStranger.status).toBe(404);
    const allowed = await ok(lead, 'PUT', `/api/organizations/${secret}/benchmark-consent`, { allowed: true });
    expect(allowed.team.benchmark_consent).toBe(true);
    // its Final reports now count
    const six = await benchmark(lead, mine);
    expect(six).toMatchObject({ available: true, count: 6 });
    expect(six.dimensions[0]).toMatchObject({ dimension: 'Financial Performance', median: 45, q1: 25, q3: 57.5 });
    // and leave again when the lead withdraws it
    await ok(lead, 'PUT', `/api/organizations/${secret}/benchmark-consent`, { allowed: false });
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 4 });
  });

  it('a report that became Final while its lead changed consent is brought in step with the setting that landed', async () => {
    // Prepare: 5 open Finals (enough for the geography's own benchmark), and a confidential client's Final made while
    // consent was off (so not counted)
    const geography = `Bergen ${randomUUID().slice(0, 8)}`;
    const open = await client(lead, 'manufacturing', geography);
    const secret = await client(lead, 'manufacturing', geography, true);
    const mine = await scoredReport(lead, open, [50]);
    await Promise.all([40, 50, 60, 70, 80].map(async (v) => setStatus(lead, await scoredReport(lead, open, [v]), 'Final')));
    const late = await scoredReport(lead, secret, [30]);
    await setStatus(lead, late, 'Final');
    expect(await benchmark(lead, mine)).toMatchObject({ count: 5 });
    // the race: the lead's consent lands after the Final change read it, and its reconciling of the client's Finals
    // ran before this report was one of them (written here as that moment leaves the table: consent on, report out)
    const table = tableClient(stack);
    const setConsent = (allowed: boolean) =>
      table.send(new UpdateCommand({ TableName: stack.tableName, Key: { PK: `ORG#${secret}`, SK: 'META' }, UpdateExpression: 'SET bench_consent = :a', ExpressionAttributeValues: { ':a': allowed } }));
    await setConsent(true);
    expect(await benchmark(lead, mine)).toMatchObject({ count: 5 });
    // Act: what the Final change does once its write went through (functions/domain/reports/change-status.ts)
    const settledIn = await consent.settleFinalContribution(late, secret, false);
    const again = await consent.settleFinalContribution(late, secret, false);
    // Assess: counted now, once
    expect([settledIn, again]).toEqual([true, false]);
    expect(await benchmark(lead, mine)).toMatchObject({ count: 6 });
    // and the other way: consent withdrawn in the same moment as a Final that counted the report
    await setConsent(false);
    expect(await consent.settleFinalContribution(late, secret, true)).toBe(true);
    expect(await benchmark(lead, mine)).toMatchObject({ count: 5 });
  });
});
