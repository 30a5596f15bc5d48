/**
 * The dashboard at the scale of a whole firm: 10,000 reports over 2,000 organizations in the local
 * stack, 50 of them confidential, read by a user on the teams of 5 of those (the other 45 and
 * their reports are left out of the lists and counts); API latency under 10 concurrent connections;
 * DynamoDB read capacity of one dashboard load; time until the dashboard shows its cards in Chromium.
 */
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { REPORT_STATUSES, SECTORS, type ReportStatus } from '@shared/domain/options';
import { spawnLocalStack, type SpawnedStack } from '../../test/helpers/local-stack';
import { http, registerAndLogin } from '../../test/helpers/http';
import { CHROMIUM_PATH } from '../../infra/local/prerequisites';
import { median, ms, ROOT, type SuiteResult } from '../lib';

const REPORTS = 10_000;
const ORGS = 2_000;
/** the first CONFIDENTIAL organizations are confidential; the bench user is on the teams of the first TEAMS */
const CONFIDENTIAL = 50;
const TEAMS = 5;

export async function seed(stack: SpawnedStack) {
  process.env.TABLE_NAME = stack.tableName; // the repositories read it at import
  const { organizationItem } = await import('../../functions/data/organizations-repo');
  const { reportItem } = await import('../../functions/data/reports-repo');
  const { keys, statusCounter, USER_CLIENTS_KEPT } = await import('../../functions/data/keys');
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.urls.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }));

  const start = Date.parse('2024-01-01T00:00:00Z');
  const orgs = Array.from({ length: ORGS }, (_, i) => ({
    id: randomUUID(),
    name: `Client ${String(i).padStart(4, '0')} ${SECTORS[i % SECTORS.length]}`,
    count: 0,
    newest: '',
    byStatus: { Draft: 0, 'In Review': 0, Final: 0 },
  }));
  const counts: Record<ReportStatus, number> = { Draft: 0, 'In Review': 0, Final: 0 };
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < REPORTS; i++) {
    const org = orgs[i % ORGS]!;
    org.count++;
    const status = REPORT_STATUSES[i % 3]!;
    org.byStatus[status]++;
    counts[status]++;
    const now = new Date(start + i * 60_000).toISOString();
    org.newest = now;
    // a confidential client's reports are listed under it (keys.reportListing)
    const confidential = i % ORGS < CONFIDENTIAL;
    items.push(reportItem({ id: randomUUID(), title: `Assessment ${i} for ${org.name}`, owner: `Consultant ${i % 50}`, organization_id: org.id, by: 'bench', now, status, confidential }));
  }
  for (const org of orgs) {
    items.push({
      ...organizationItem({ id: org.id, name: org.name, sector: SECTORS[orgs.indexOf(org) % SECTORS.length]!, geography: 'UK', fy_start: 'april', currency: 'GBP', brand_settings: {}, by: 'bench', now: new Date(start).toISOString() }),
      report_count: org.count,
      [statusCounter.Draft]: org.byStatus.Draft,
      [statusCounter['In Review']]: org.byStatus['In Review'],
      [statusCounter.Final]: org.byStatus.Final,
      // a confidential client leaves the open list, its counts are kept in the list of confidential clients
      ...(orgs.indexOf(org) < CONFIDENTIAL ? { confidential: true, counts_listed: true, GSI1PK: keys.organizationListing(org.id, true) } : { confidential: false }),
    });
  }
  const hidden = orgs.slice(TEAMS, CONFIDENTIAL);
  const { membershipPuts } = await import('../../functions/data/teams-repo');
  items.push({
    ...keys.confidentialClients(),
    // as on every table created with the users' clients items (shared/resources/table.ts newTableItems)
    [USER_CLIENTS_KEPT]: true,
    ids: new Set(orgs.slice(0, CONFIDENTIAL).map((o) => o.id)),
    ...Object.fromEntries(orgs.slice(0, CONFIDENTIAL).map((o) => [keys.confidentialCounts(o.id), [o.count, o.byStatus.Draft, o.byStatus['In Review'], o.byStatus.Final]])),
    ...Object.fromEntries(orgs.slice(0, CONFIDENTIAL).map((o) => [keys.confidentialSortKey(o.id), keys.organizationByName(o.name, o.id).GSI1SK])),
    // as a client made confidential keeps it: no report of its own newer than this
    ...Object.fromEntries(orgs.slice(0, CONFIDENTIAL).map((o) => [keys.confidentialNewest(o.id), o.newest])),
  });
  const batches = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (let i = 0; i < batches.length; i += 8) {
    await Promise.all(
      batches.slice(i, i + 8).map(async (batch) => {
        let pending: unknown[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
        while (pending?.length) {
          const out: BatchWriteCommandOutput = await db.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: pending as never } }));
          pending = out.UnprocessedItems?.[stack.tableName];
        }
      }),
    );
  }
  await db.send(new PutCommand({ TableName: stack.tableName, Item: { ...keys.reportStats(), ...keys.reportStatsInIndex(), total: REPORTS, [statusCounter.Draft]: counts.Draft, [statusCounter['In Review']]: counts['In Review'], [statusCounter.Final]: counts.Final } }));
  await db.send(new PutCommand({ TableName: stack.tableName, Item: { ...keys.organizationStats(), ...keys.organizationStatsInIndex(), total: ORGS } }));
  return {
    /** puts a user on the teams of the first TEAMS (confidential) organizations */
    joinTeams: async (username: string) => {
      // the membership item and the user's clients, as the team routes write them (one transaction each)
      for (const org of orgs.slice(0, TEAMS)) {
        const TransactItems = membershipPuts({ organizationId: org.id, username, name: username, email: `${username}@example.com`, role: 'editor', by: 'bench', now: new Date(start).toISOString() });
        await db.send(new TransactWriteCommand({ TransactItems }));
      }
    },
    /** what that user sees */
    visible: { reports: REPORTS - hidden.reduce((n, o) => n + o.count, 0), organizations: ORGS - hidden.length },
  };
}

async function load(url: string, token: string) {
  const opts = { url, connections: 10, headers: { authorization: `Bearer ${token}` } };
  // warm-up: JIT in the gateway and in DynamoDB Local, 30 s by default: a shorter one leaves DynamoDB Local's JIT
  // compiling through the measurement, which then reads slower than the code is
  await autocannon({ ...opts, duration: Number(process.env.DASHBOARD_WARMUP_SECONDS ?? 30) });
  const r = await autocannon({ ...opts, duration: 10 });
  return { p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, errors: r.errors, non2xx: r.non2xx, rps: r.requests.average };
}

export async function run(): Promise<SuiteResult> {
  // production-like: no response validation (the tests keep that on)
  const stack = await spawnLocalStack({ staticDir: resolve(ROOT, 'frontend/dist'), env: { VALIDATE_RESPONSES: 'false' } });
  try {
    const seedStarted = Date.now();
    const seeded = await seed(stack);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const session = await registerAndLogin(stack.urls.gateway, 'bench');
    await seeded.joinTeams(session.user.username);
    const gw = stack.urls.gateway;

    // one dashboard load = the three calls the SPA makes on arrival
    const calls = ['/api/reports?limit=24', '/api/organizations?limit=1', '/api/me/report-order'];
    const answers = await Promise.all(calls.map((p) => http(gw, 'GET', p, { token: session.token })));
    const rcu = answers.reduce((sum, a) => sum + Number(a.headers.get('x-assay-consumed-rcu') ?? 'NaN'), 0);
    const totalsOk = answers[0]!.body.total === seeded.visible.reports && answers[1]!.body.total === seeded.visible.organizations;

    const reports = await load(`${gw}/api/reports?limit=24`, session.token);
    const organizations = await load(`${gw}/api/organizations?limit=25`, session.token);

    // time until the cards show, in Chromium: from navigation to the first report card visible
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const times: number[] = [];
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${gw}/login`);
      const user = { username: session.user.username, name: session.user.name, email: session.user.email };
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(session.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});`);
      for (let i = 0; i < 6; i++) {
        const started = Date.now();
        await page.goto(`${gw}/assay`);
        await page.getByTestId('report-card').first().waitFor({ state: 'visible' });
        if (i > 0) times.push(Date.now() - started); // the first load warms the server's handlers
      }
    } finally {
      await browser.close();
    }
    const cards = median(times);
    const ok = (r: typeof reports) => r.p99 <= 60 && r.errors === 0 && r.non2xx === 0;
    return {
      suite: 'dashboard',
      table: [
        {
          figure: `seeded (reports / organizations; ${CONFIDENTIAL} confidential, the user on ${TEAMS} of their teams)`,
          value: `${REPORTS} / ${ORGS} in ${seedSeconds.toFixed(1)} s; the user's totals (${seeded.visible.reports} / ${seeded.visible.organizations}) read back ${totalsOk ? 'correct' : 'WRONG'}`,
          ok: totalsOk,
        },
        { figure: 'GET /api/reports first page: p50 / p99 (10 connections)', value: `${ms(reports.p50)} / ${ms(reports.p99)}`, goal: 'p99 ≤ 60 ms', ok: ok(reports) },
        { figure: 'GET /api/reports errors / non-2xx / requests', value: `${reports.errors} / ${reports.non2xx} / ${reports.requests}`, goal: '0 errors', ok: reports.errors === 0 && reports.non2xx === 0 },
        { figure: 'GET /api/organizations: p50 / p99 (10 connections)', value: `${ms(organizations.p50)} / ${ms(organizations.p99)}`, goal: 'p99 ≤ 60 ms', ok: ok(organizations) },
        { figure: 'GET /api/organizations errors / non-2xx / requests', value: `${organizations.errors} / ${organizations.non2xx} / ${organizations.requests}`, goal: '0 errors', ok: organizations.errors === 0 && organizations.non2xx === 0 },
        { figure: 'read capacity of one dashboard load (3 calls)', value: `${rcu.toFixed(1)} RCU`, goal: '≤ 10 RCU', ok: rcu <= 10 },
        { figure: 'time until the dashboard shows its cards (median of 5)', value: ms(cards), goal: '≤ 1,500 ms', ok: cards <= 1500 },
      ],
      data: { reports, organizations, rcuPerLoad: rcu, perCall: calls.map((c, i) => ({ call: c, rcu: answers[i]!.headers.get('x-assay-consumed-rcu') })), cardsVisibleMs: times, seedSeconds },
    };
  } finally {
    await stack.stop();
  }
}
