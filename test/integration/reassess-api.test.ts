/**
 * Re-assessment and sector benchmarks through the local gateway: a re-assessment links its baseline,
 * takes over the objectives, the scope and the evidence (library references) and starts its findings afresh (one report for a double click, an audit
 * entry under both, editors only, outsiders 404); the comparison lines both up; the benchmark counts clients, not
 * reports: hidden below 5 clients other than those the reader can read, right from 5, with the reader's own clients
 * left out of the figures (the differencing attack with four own reports scored 0, 0, 100, 100 reads nothing back); it
 * counts a confidential client only with its lead's consent (an open client never), and follows reports leaving Final
 * or being deleted (a maintained aggregate, never a scan).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** Final by its lead's override (these reports have no sections to approve); out of Final by reopening. */
const setStatus = (s: Session, id: string, status: string) =>
  status === 'Final' ? ok(s, 'PUT', `/api/reports/${id}/status?status=Final&override_reason=${encodeURIComponent('Benchmark fixture')}`) : ok(s, 'PUT', `/api/reports/${id}/status?status=${encodeURIComponent(status)}`);
const reopen = (s: Session, id: string) => ok(s, 'POST', `/api/reports/${id}/reopen`, { reason: 'Figures corrected' });
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
  /** A confidential client of `owner` (its lead) whose lead lets its Final reports count, with a Final report per score list. */
  async function peer(owner: Session, sector: string, geography: string, ...reports: number[][]): Promise<{ orgId: string; reports: string[] }> {
    const orgId = await client(owner, sector, geography, true);
    await ok(owner, 'PUT', `/api/organizations/${orgId}/benchmark-consent`, { allowed: true });
    const ids = await Promise.all(reports.map((scores) => scoredReport(owner, orgId, scores)));
    for (const id of ids) await setStatus(owner, id, 'Final');
    return { orgId, reports: ids };
  }

  it('counts clients, not reports: hidden below 5 other clients however many reports, right from 5, following reports leaving Final or deleted', async () => {
    // Prepare: a geography of our own (sectors are a fixed list); the reader's report, and 4 other clients' (of another lead)
    const geography = `Norway ${randomUUID().slice(0, 8)}`;
    const orgId = await client(lead, 'healthcare', geography);
    const mine = await scoredReport(lead, orgId, [65, 40, 90]);
    const peers: { orgId: string; reports: string[] }[] = [];
    for (const scores of [[60, 50, 80], [70, 30, 70], [80, 40, 60], [50, 20, 75]]) peers.push(await peer(stranger, 'healthcare', geography, scores));
    // Act + Assess: 4 clients with 7 Final reports between them: hidden, and how many is not told
    const extra = await peer(stranger, 'healthcare', geography);
    const many = await Promise.all([[10, 10, 10], [20, 20, 20], [30, 30, 30]].map((v) => scoredReport(stranger, peers[0]!.orgId, v)));
    for (const id of many) await setStatus(stranger, id, 'Final');
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 0, minimum: 5, dimensions: [] });
    await Promise.all(many.map(async (id) => expect((await call(stranger, 'DELETE', `/api/reports/${id}`)).status).toBe(200)));
    // the fifth client's Final: shown, in the geography (all peers are there), quartiles only
    const fifth = await scoredReport(stranger, extra.orgId, [90, 60, 85]);
    await setStatus(stranger, fifth, 'Final');
    const five = await benchmark(lead, mine);
    expect(five.available).toBe(true);
    expect(five.count).toBe(5);
    expect(five.geography).toBe(geography);
    expect(five.dimensions).toEqual([
      { dimension: 'Financial Performance', count: 5, q1: 60, median: 70, q3: 80, score: 65 },
      { dimension: 'Operational Efficiency', count: 5, q1: 30, median: 40, q3: 50, score: 40 },
      { dimension: 'Market & Customers', count: 5, q1: 70, median: 75, q3: 80, score: 90 },
    ]);
    // the report itself becoming Final is not its own peer (its client is the reader's)
    await setStatus(lead, mine, 'Final');
    expect((await benchmark(lead, mine)).count).toBe(5);
    // a peer leaving Final (reopened), and one deleted: hidden again
    await reopen(stranger, peers[0]!.reports[0]!);
    expect((await benchmark(lead, mine)).available).toBe(false);
    await setStatus(stranger, peers[0]!.reports[0]!, 'Final');
    expect((await benchmark(lead, mine)).count).toBe(5);
    const del = await call(stranger, 'DELETE', `/api/reports/${peers[1]!.reports[0]}`);
    expect(del.status, del.text).toBe(200);
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 0 });
  });

  it("the differencing attack: four own Finals scored 0, 0, 100 and 100 read no other client's score back; from 5 other clients the figures leave the reader's own out", async () => {
    // Prepare: the victim, a confidential client whose lead consented to "medians and quartiles only", scoring 37
    const geography = `Lapland ${randomUUID().slice(0, 8)}`;
    await peer(stranger, 'finance', geography, [37]);
    // the attacker's own clients (one open, one confidential they lead, consenting), with the finding's four Finals
    const open = await client(lead, 'finance', geography);
    const own = await peer(lead, 'finance', geography);
    const mine = await scoredReport(lead, open, [50]);
    for (const [i, v] of [0, 0, 100, 100].entries()) await setStatus(lead, await scoredReport(lead, i % 2 ? own.orgId : open, [v]), 'Final');

    // Act + Assess: nothing to read back, in the geography or sector-wide, however many own reports there are
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 0, dimensions: [] });
    for (const v of [0, 100, 100, 0, 100]) await setStatus(lead, await scoredReport(lead, own.orgId, [v]), 'Final');
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 0, dimensions: [] });

    // four more other clients: five, the figures appear, and are theirs alone (the attacker's 0s and 100s left out)
    for (const v of [41, 45, 52, 60]) await peer(stranger, 'finance', geography, [v]);
    const shown = await benchmark(lead, mine);
    expect(shown).toMatchObject({ available: true, count: 5, geography });
    expect(shown.dimensions).toEqual([{ dimension: 'Financial Performance', count: 5, q1: 41, median: 45, q3: 52, score: 50 }]);
    // and the attacker's own reports still do not move them
    await setStatus(lead, await scoredReport(lead, own.orgId, [0]), 'Final');
    expect(await benchmark(lead, mine)).toEqual(shown);
  });

  it('counts a confidential client only when its lead allows it (and only leads may); an open client never', async () => {
    // Prepare: 5 open clients' Finals and 5 confidential clients' Finals (without consent) in a geography of our own
    const geography = `Oslo ${randomUUID().slice(0, 8)}`;
    const mine = await scoredReport(lead, await client(lead, 'manufacturing', geography), [50]);
    for (const v of [45, 55, 65, 75, 85]) await setStatus(stranger, await scoredReport(stranger, await client(stranger, 'manufacturing', geography), [v]), 'Final');
    const secrets: string[] = [];
    for (const v of [10, 20, 30, 40, 60]) {
      const secret = await client(stranger, 'manufacturing', geography, true);
      await setStatus(stranger, await scoredReport(stranger, secret, [v]), 'Final');
      secrets.push(secret);
    }
    await ok(stranger, 'POST', `/api/organizations/${secrets[0]}/team`, { username: viewer.user.username, role: 'viewer' });
    // Act + Assess: neither counts yet: hidden
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 0 });
    // only the lead may allow it
    const asViewer = await call(viewer, 'PUT', `/api/organizations/${secrets[0]}/benchmark-consent`, { allowed: true });
    expect(asViewer.status).toBe(403);
    const asOutsider = await call(lead, 'PUT', `/api/organizations/${secrets[0]}/benchmark-consent`, { allowed: true });
    expect(asOutsider.status).toBe(404);
    for (const secret of secrets) expect((await ok(stranger, 'PUT', `/api/organizations/${secret}/benchmark-consent`, { allowed: true })).team.benchmark_consent).toBe(true);
    // their Final reports now count (the open clients' still do not)
    const five = await benchmark(lead, mine);
    expect(five).toMatchObject({ available: true, count: 5 });
    expect(five.dimensions[0]).toMatchObject({ dimension: 'Financial Performance', median: 30, q1: 20, q3: 40 });
    // and leave again when a lead withdraws it
    await ok(stranger, 'PUT', `/api/organizations/${secrets[0]}/benchmark-consent`, { allowed: false });
    expect(await benchmark(lead, mine)).toMatchObject({ available: false, count: 0 });
  });

  it('a report that became Final while its lead changed consent is brought in step with the setting that landed', async () => {
    // Prepare: 5 consenting confidential clients' Finals (enough for the geography's own benchmark), and another
    // confidential client's Final made while consent was off (so not counted)
    const geography = `Bergen ${randomUUID().slice(0, 8)}`;
    const mine = await scoredReport(lead, await client(lead, 'manufacturing', geography), [50]);
    for (const v of [40, 50, 60, 70, 80]) await peer(stranger, 'manufacturing', geography, [v]);
    const secret = await client(stranger, 'manufacturing', geography, true);
    const late = await scoredReport(stranger, secret, [30]);
    await setStatus(stranger, late, 'Final');
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

describe('the migration to benchmarks that count clients', () => {
  it('takes an open client’s legacy contribution out and counts a consenting confidential client’s with its client; again it changes nothing', async () => {
    // Prepare: two Final reports whose contributions were stored before clients were counted (no client in them,
    // the aggregate moved alone), one of an open client, one of a consenting confidential client
    const geography = `Tromso ${randomUUID().slice(0, 8)}`;
    const open = await client(stranger, 'retail', geography);
    const secret = await client(stranger, 'retail', geography, true);
    await ok(stranger, 'PUT', `/api/organizations/${secret}/benchmark-consent`, { allowed: true });
    const [openReport, secretReport] = await Promise.all([scoredReport(stranger, open, [20]), scoredReport(stranger, secret, [80])]);
    for (const id of [openReport, secretReport]) await setStatus(stranger, id, 'Final');
    const table = tableClient(stack);
    const geo = encodeURIComponent(geography.toLowerCase());
    const agg = (g: string) => ({ PK: `BENCH#retail#${g}`, SK: 'AGG' });
    const read = async (g: string) => (await table.send(new GetCommand({ TableName: stack.tableName, Key: agg(g), ConsistentRead: true }))).Item ?? {};
    // the confidential one counts already (with its client): take it out as the legacy write never put it in
    for (const g of ['*', geo]) {
      await table.send(new UpdateCommand({ TableName: stack.tableName, Key: agg(g), UpdateExpression: 'ADD k :m, k0 :m, n :m, n0 :m, h0_80 :m', ExpressionAttributeValues: { ':m': -1 } }));
      await table.send(new DeleteCommand({ TableName: stack.tableName, Key: { PK: `BENCH#retail#${g}`, SK: `CLIENT#${secret}` } }));
      await table.send(new UpdateCommand({ TableName: stack.tableName, Key: agg(g), UpdateExpression: 'ADD n :two, n0 :two, h0_80 :one, h0_20 :one', ExpressionAttributeValues: { ':one': 1, ':two': 2 } }));
    }
    for (const [id, score] of [[openReport, 20], [secretReport, 80]] as const) {
      const legacy = { sector: 'retail', geography: geography.toLowerCase(), scores: { 'Financial Performance': score } };
      await table.send(new UpdateCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${id}`, SK: 'META' }, UpdateExpression: 'SET bench_contrib = :c, bench_final = :c', ExpressionAttributeValues: { ':c': legacy } }));
    }
    const before = await read(geo);
    expect(before).toMatchObject({ n: 2, h0_20: 1, h0_80: 1 });

    // Act
    const first = await consent.recountBenchmarks();
    const second = await consent.recountBenchmarks();

    // Assess: the open client's report is out, the confidential one counted with its client (a client counter moved)
    const after = await read(geo);
    expect(after).toMatchObject({ n: 1, k: 1, k0: 1, h0_20: 0, h0_80: 1 });
    const own = (await table.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `BENCH#retail#${geo}`, SK: `CLIENT#${secret}` }, ConsistentRead: true }))).Item;
    expect(own).toMatchObject({ n: 1, h0_80: 1 });
    expect(first.reports).toBeGreaterThanOrEqual(2);
    expect(second.reports).toBe(0);
  });
});
