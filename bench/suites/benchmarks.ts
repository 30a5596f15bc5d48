/**
 * What a sector benchmark costs to read: GET /api/reports/{id}/benchmark against 5 other clients' Final reports
 * in the same sector and geography, on the local stack (METER_DYNAMODB: each answer says the read capacity its
 * handler consumed). The figures come from maintained aggregates (BENCH#sector#geo), so the cost must not grow
 * with the number of Final reports: the suite reads it at 5 and again at 25 peers.
 */
import { randomUUID } from 'node:crypto';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { http, registerAndLogin } from '../../test/helpers/http';
import { median, ms, percentile, type SuiteResult } from '../lib';

const DIMS = ['Financial Performance', 'Operational Efficiency', 'Market & Customers'] as const;
const READS = 200;

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack({ env: { VALIDATE_RESPONSES: 'false' } });
  try {
    const gw = stack.urls.gateway;
    // (the peers are another lead's clients: a reader's own clients, and any it can read, never count in the benchmark it reads)
    const [s, other] = await Promise.all([registerAndLogin(gw, 'bench'), registerAndLogin(gw, 'peers')]);
    const ok = async (method: string, path: string, body?: unknown, as = s) => {
      const res = await http(gw, method, path, { token: as.token, body });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      return res;
    };
    // (peers are counted by client: each peer report belongs to a client of its own, in the same sector and geography)
    const geography = `Bench ${randomUUID().slice(0, 6)}`;
    // (a peer counts only as a confidential client whose lead consents; an open client, which anyone can read, never does)
    const client = async (as: typeof s) => {
      const id = (await ok('POST', '/api/organizations', { name: `Bench ${randomUUID().slice(0, 8)}`, sector: 'healthcare', geography }, as)).body.id as string;
      if (as === other) {
        await ok('PUT', `/api/organizations/${id}/confidential`, { confidential: true }, as);
        await ok('PUT', `/api/organizations/${id}/benchmark-consent`, { allowed: true }, as);
      }
      return id;
    };
    const scored = async (scores: number[], as = s) => {
      const report = (await ok('POST', '/api/reports', { title: `Assessment ${randomUUID().slice(0, 6)}`, organization_id: await client(as), owner: 'Ann Lee' }, as)).body;
      const dimensions = scores.map((score, i) => ({ dimension: DIMS[i]!, score, computed_score: null, basis: [], out_of_scope: false, note: '' }));
      await ok('POST', '/api/wizard-progress', { report_id: report.id, wizard_data: { findings: { dimensions, findings: [] } }, completed_steps: [], current_step: 4 }, as);
      return report.id as string;
    };
    const mine = await scored([65, 40, 90]);
    const read = async (peers: number) => {
      const answers = [];
      for (let i = 0; i < READS; i++) {
        const started = performance.now();
        const res = await ok('GET', `/api/reports/${mine}/benchmark`);
        answers.push({ ms: performance.now() - started, rcu: Number(res.headers.get('x-assay-consumed-rcu')), available: res.body.available as boolean });
      }
      if (!answers.every((a) => a.available)) throw new Error(`benchmark not shown at ${peers} peers`);
      return { p50: percentile(answers.map((a) => a.ms), 50), p99: percentile(answers.map((a) => a.ms), 99), rcu: median(answers.map((a) => a.rcu)) };
    };
    const finals = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const id = await scored([40 + ((i * 7) % 50), 20 + ((i * 11) % 60), 50 + ((i * 5) % 40)], other);
        // (Final by the lead's override: these reports have no sections to approve)
        await ok('PUT', `/api/reports/${id}/status?status=Final&override_reason=${encodeURIComponent('Benchmark fixture')}`, undefined, other);
      }
    };
    await finals(5);
    const at5 = await read(5);
    await finals(20);
    const at25 = await read(25);
    return {
      suite: 'benchmarks',
      table: [
        { figure: 'GET …/benchmark read capacity (handler, median), 5 Final peers', value: `${at5.rcu.toFixed(1)} RCU` },
        { figure: 'GET …/benchmark read capacity (handler, median), 25 Final peers', value: `${at25.rcu.toFixed(1)} RCU`, goal: 'same as at 5 (no scan)', ok: at25.rcu <= at5.rcu },
        { figure: `GET …/benchmark p50 / p99 (${READS} sequential, 5 peers)`, value: `${ms(at5.p50)} / ${ms(at5.p99)}` },
        { figure: `GET …/benchmark p50 / p99 (${READS} sequential, 25 peers)`, value: `${ms(at25.p50)} / ${ms(at25.p99)}` },
      ],
      data: { at5, at25 },
    };
  } finally {
    await stack.stop();
  }
}
