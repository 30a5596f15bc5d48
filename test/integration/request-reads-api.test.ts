/**
 * What one operation reads from the table, counted through the SDK's middleware (the harness's command log,
 * `/__harness/commands`, infra/local/command-log.ts): the access check reads the report and its client once and
 * hands them to the operation (the request's context), and a workflow reads each item once and passes it down.
 *
 * A read is one request of GetItem, BatchGetItem, Query, Scan or TransactGetItems; it counts once for each kind
 * of item it names (a BatchGetItem of a client and a membership is one organization read and one membership read).
 * One read of a report's progress is one GetItem of its `PROGRESS` item (`progress`) and one Query of its
 * `STEP#` items (`steps`), sent side by side.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForExport } from '../helpers/export-wait';
import { http, registerAndLogin } from '../helpers/http';
import { type Command, recorded } from '../helpers/harness-commands';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;

const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

type Kind = 'report' | 'progress' | 'steps' | 'sections' | 'organization' | 'membership' | 'session' | 'other';

/** The kind of item a recorded key names, for the report `reportId` (another report's items are `other`). */
function kindOf(key: string, reportId: string): Kind {
  const index = /^([A-Za-z]+):/.exec(key)?.[1];
  const [pk = '', sk = ''] = (index ? key.slice(index.length + 1) : key).split(' ');
  if (pk === `REPORT#${reportId}`) {
    if (sk === 'META') return 'report';
    if (sk === 'PROGRESS') return 'progress';
    if (sk.startsWith('STEP#')) return 'steps';
    if (sk.startsWith('SECTION#')) return 'sections';
    return 'other';
  }
  if (pk.startsWith('ORG#') && sk === 'META') return 'organization';
  if ((pk.startsWith('ORG#') && sk.startsWith('MEMBER#')) || pk.startsWith('TEAMS#') || (index === 'ByKind' && pk.startsWith('USER#'))) return 'membership';
  if (pk.startsWith('SESSIONS#') || (pk.startsWith('USER#') && sk === 'PROFILE')) return 'session';
  return 'other';
}

/** Reads per kind of item (see the file's comment), of the calls `sources` made. */
function readsByKind(commands: readonly Command[], reportId: string, sources: readonly string[]): Record<Kind, number> {
  const out: Record<Kind, number> = { report: 0, progress: 0, steps: 0, sections: 0, organization: 0, membership: 0, session: 0, other: 0 };
  for (const c of commands) {
    if (c.service !== 'dynamodb' || !READS.has(c.operation) || !c.source || !sources.includes(c.source)) continue;
    for (const kind of new Set(c.keys.map((k) => kindOf(k, reportId)))) out[kind]++;
  }
  return out;
}

async function ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await http<T>(gw, method, path, { token, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

const newOrganization = async () => (await ok('POST', '/api/organizations', { name: `Reads Co ${randomUUID().slice(0, 6)}`, sector: 'retail', geography: 'UK' })).id as string;
const newReport = async (organizationId: string) => (await ok('POST', '/api/reports', { title: `Reads ${randomUUID().slice(0, 6)}`, organization_id: organizationId, owner: 'Ann' })).id as string;

beforeAll(async () => {
  ({ token } = await registerAndLogin(gw, 'reads'));
});

describe('what one operation reads', () => {
  it('complete step: the report once (the access check\'s), the progress once, the client once', async () => {
    // Prepare: a report with a saved step besides the one completed
    const reportId = await newReport(await newOrganization());
    await ok('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { context: { companyBackground: 'A retailer.' } }, completed_steps: [], current_step: 2 });
    const objectives = { purpose: 'Assess the operating model.', inScope: 'UK', outOfScope: '', methodology: 'Interviews' };
    // Act
    const commands = await recorded(gw, async () => {
      const res = await ok('POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: objectives, version: 0 });
      expect(res.composed).toContain('introduction');
    });
    // Assess
    const reads = readsByKind(commands, reportId, ['completeStep']);
    expect(reads).toMatchObject({ report: 1, progress: 1, steps: 1, organization: 1, membership: 1, session: 1 });
  });

  it('export, start and worker: the report once in each, the progress once, the baseline\'s report and progress once', async () => {
    // Prepare: a re-assessment with a written section, exported with the comparison and the benchmark
    const organizationId = await newOrganization();
    const baselineId = await newReport(organizationId);
    await ok('POST', '/api/wizard-progress', { report_id: baselineId, wizard_data: { objectives: { purpose: 'Baseline.' } }, completed_steps: [], current_step: 2 });
    const reportId = (await ok('POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: `k-${randomUUID()}` })).id as string;
    const section = await ok('GET', `/api/reports/${reportId}/sections/findings`);
    await ok('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Delivery improved over the year.', citations: [], version: section.version });
    // Act
    const commands = await recorded(gw, async () => {
      const started = await ok('POST', `/api/reports/${reportId}/exports`, { format: 'docx', sections: ['findings'], extras: ['comparison', 'benchmark'] });
      const { job } = await waitForExport(gw, token, reportId, started.export_id);
      expect(job.status, job.error).toBe('done');
    });
    // Assess
    expect(readsByKind(commands, reportId, ['createExport'])).toMatchObject({ report: 1, progress: 0, steps: 0 });
    expect(readsByKind(commands, reportId, ['exportReport'])).toMatchObject({ report: 1, progress: 1, steps: 1 });
    expect(readsByKind(commands, baselineId, ['createExport', 'exportReport'])).toMatchObject({ report: 1, progress: 1, steps: 1 });
  });
});
