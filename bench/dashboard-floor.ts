/**
 * Probe (not a suite): the harness floor under the dashboard bench's load, and the phases of the reports list.
 *   tsx bench/dashboard-floor.ts [route ...]
 */
import { resolve } from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { spawnLocalStack } from '../test/helpers/local-stack';
import { registerAndLogin } from '../test/helpers/http';
import { pointAtLocalTable, ROOT } from './lib';
import { seed } from './suites/dashboard';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const DURATION = Number(process.env.PROBE_SECONDS ?? 8);

/** every process under this one, with its CPU time so far (ms) */
function descendants(): Map<number, { name: string; cpuMs: number }> {
  const all = new Map<number, { ppid: number; name: string; cpuMs: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const args = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      const name = args.some((a) => a.includes('DynamoDBLocal')) ? 'dynamodb-local' : args.some((a) => a.includes('serve.ts')) ? 'gateway(serve.ts)' : args.some((a) => a.includes('cognito')) ? 'cognito' : args[0]!.split('/').pop()!;
      all.set(Number(d), { ppid: Number(rest[1]), name, cpuMs: ((Number(rest[11]) + Number(rest[12])) * 1000) / 100 });
    } catch {
      // gone
    }
  }
  const out = new Map<number, { name: string; cpuMs: number }>();
  const walk = (pid: number) => {
    for (const [p, v] of all) if (v.ppid === pid) { out.set(p, v); walk(p); }
  };
  walk(process.pid);
  return out;
}

const stack = await spawnLocalStack({ staticDir: resolve(ROOT, 'frontend/dist'), env: { VALIDATE_RESPONSES: 'false' } });
try {
  const seeded = await seed(stack);
  const session = await registerAndLogin(stack.urls.gateway, 'bench');
  await seeded.joinTeams(session.user.username);
  const gw = stack.urls.gateway;
  const wanted = process.argv.slice(2);
  const routes = wanted.length ? wanted : ['/api/health', '/api/auth/verify', '/api/me/report-order', '/api/reports?limit=24', '/api/organizations?limit=25'];
  for (const path of routes) {
    const opts = { url: `${gw}${path}`, connections: 10, headers: { authorization: `Bearer ${session.token}` } };
    await autocannon({ ...opts, duration: 4 });
    const before = descendants();
    const selfBefore = process.cpuUsage();
    const r = await autocannon({ ...opts, duration: DURATION });
    const self = process.cpuUsage(selfBefore);
    const after = descendants();
    const n = r.requests.total;
    const cpu = [...after].map(([pid, v]) => [v.name, (v.cpuMs - (before.get(pid)?.cpuMs ?? 0)) / n] as const).filter(([, c]) => c > 0.05);
    console.log(`${path.padEnd(28)} p50 ${r.latency.p50} p99 ${r.latency.p99} rps ${r.requests.average} non2xx ${r.non2xx} errors ${r.errors}; CPU ms/request: ${cpu.map(([k, c]) => `${k} ${c.toFixed(2)}`).join(', ')}, autocannon ${((self.user + self.system) / 1000 / n).toFixed(2)}`);
  }

  if (process.env.PROBE_PHASES !== 'false') {
    // the phases in this process, one at a time, then 10 at a time
    // (the organizations domain deletes a client's library files: its object store wants a bucket name, never used here)
    pointAtLocalTable(stack, { EVIDENCE_BUCKET: 'probe-unused' });
    const { sessionState } = await import('../functions/data/sessions-repo');
    const { listingScope } = await import('../functions/data/listing-scope-repo');
    const { listReports } = await import('../functions/data/reports-repo');
    const domain = await import('../functions/domain/reports/reports');
    const orgs = await import('../functions/domain/organizations/organizations');
    const u = session.user.username;
    const time = async (name: string, fn: () => Promise<unknown>) => {
      for (let i = 0; i < 30; i++) await fn();
      const t = performance.now();
      const n = 200;
      for (let i = 0; i < n; i++) await fn();
      const serial = (performance.now() - t) / n;
      const t2 = performance.now();
      await Promise.all(Array.from({ length: 10 }, async () => { for (let i = 0; i < 20; i++) await fn(); }));
      const parallel = (performance.now() - t2) / 200;
      console.log(`${name.padEnd(40)} serial ${serial.toFixed(2)} ms/call; 10 at a time ${parallel.toFixed(2)} ms/call throughput`);
    };
    const scope = await listingScope(u);
    await time('sessionState (BatchGet)', () => sessionState(u));
    await time('listingScope (GetItem + Query)', () => listingScope(u));
    await time('reports-repo listReports (6 partitions)', () => listReports(24, undefined, undefined, { hidden: new Set(scope.hidden), own: scope.own }));
    await time('reports-repo listReports (open only)', () => listReports(24, undefined, undefined, { hidden: new Set(scope.hidden), own: [] }));
    await time('domain listReports', () => domain.listReports(u, 24));
    await time('domain listOrganizations', () => orgs.listOrganizations(u, 25));
    const page = await domain.listReports(u, 24);
    const t = performance.now();
    for (let i = 0; i < 1000; i++) JSON.stringify(page);
    console.log(`JSON reports page ${JSON.stringify(page).length} bytes, stringify ${((performance.now() - t) / 1000).toFixed(3)} ms`);
  }
} finally {
  await stack.stop();
}
