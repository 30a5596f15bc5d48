/** Probe: the list handlers invoked in this process (as the gateway invokes them), 10 at a time, for a CPU profile. */
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { spawnLocalStack } from '../test/helpers/local-stack';
import { registerAndLogin } from '../test/helpers/http';
import { pointAtLocalTable, ROOT } from './lib';
import { seed } from './suites/dashboard';
import { buildContext, buildEvent, stringifyClaims } from '../infra/local/event';

const stack = await spawnLocalStack({ staticDir: resolve(ROOT, 'frontend/dist'), env: { VALIDATE_RESPONSES: 'false' } });
try {
  const seeded = await seed(stack);
  const session = await registerAndLogin(stack.urls.gateway, 'bench');
  await seeded.joinTeams(session.user.username);
  pointAtLocalTable(stack, { VALIDATE_RESPONSES: 'false', METER_DYNAMODB: 'true', LOG_LEVEL: 'warn', EVIDENCE_BUCKET: 'probe-unused' });
  const { reportRoutes } = await import('@shared/api/routes/reports');
  const { organizationRoutes } = await import('@shared/api/routes/organizations');
  // how many DynamoDB calls one call of each handler makes
  const { documentClient } = await import('../functions/data/table-client');
  const client = documentClient();
  let calls = 0;
  const send = client.send.bind(client) as (...a: unknown[]) => Promise<unknown>;
  (client as unknown as { send: typeof send }).send = (...a: unknown[]) => (calls++, send(...a));
  const claims = stringifyClaims(JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>);
  for (const [name, route, url] of [
    ['reports', reportRoutes.listReports, '/api/reports?limit=24'],
    ['organizations', organizationRoutes.listOrganizations, '/api/organizations?limit=1'],
    ['report-order', reportRoutes.getReportOrder, '/api/me/report-order'],
    ['organizations', organizationRoutes.listOrganizations, '/api/organizations?limit=25'],
  ] as const) {
    const { handler } = (await import(resolve(ROOT, 'functions/http', `${route.handler}.ts`))) as { handler: (e: unknown, c: unknown) => Promise<{ statusCode: number }> };
    const call = async () => {
      const event = buildEvent({ method: 'GET', url, headers: { authorization: `Bearer ${session.token}`, host: '127.0.0.1' }, body: Buffer.alloc(0), sourceIp: '127.0.0.1' }, route, {}, claims);
      const r = await handler(event, buildContext('x', 30000));
      if (r.statusCode !== 200) throw new Error(JSON.stringify(r));
      return r as { headers?: Record<string, string>; body?: string };
    };
    calls = 0;
    const first = await call();
    const body = JSON.parse(first.body ?? '{}') as { total?: number };
    console.log(`${name}: ${calls} DynamoDB calls, ${first.headers?.['x-assay-consumed-rcu']} RCU, total ${body.total}, ${first.body?.length} bytes`);
    for (let i = 0; i < 50; i++) await call();
    const prof = new Session();
    if (process.env.PROF) {
      prof.connect();
      await prof.post('Profiler.enable');
      await prof.post('Profiler.start');
    }
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const n = Number(process.env.N ?? 200);
    await Promise.all(Array.from({ length: 10 }, async () => { for (let i = 0; i < n / 10; i++) await call(); }));
    const cpu = process.cpuUsage(cpu0);
    if (process.env.PROF) {
      const { profile } = await prof.post('Profiler.stop');
      writeFileSync(`${process.env.PROF}/${name}.cpuprofile`, JSON.stringify(profile));
      prof.disconnect();
    }
    console.log(`${name}: ${((performance.now() - t) / n).toFixed(2)} ms wall/call at 10 in flight; this process ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms CPU/call`);
  }
} finally {
  await stack.stop();
}
