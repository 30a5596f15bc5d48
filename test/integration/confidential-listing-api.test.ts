/**
 * The dashboard's lists and counts with confidential clients kept apart ("the dashboard stays O(1)
 * reads per page"): a confidential client and its reports live in list partitions of their own, which only its
 * team's pages merge in; their counts sit in the list of confidential clients. Walked page by page, an outsider
 * sees none of them and a member sees all of them, in order, once; counts follow creates, status changes and
 * deletes; making the client open or confidential again moves its reports; a client made confidential before
 * this layout (its reports still in the open list, no counts in the list) is right before and after catching up.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';
import { runMigration } from '../helpers/migrations';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
type Listed = { id: string; updated_at: string; organization_id: string; status: string };
let lead: Session;
let outsider: Session;

const tag = () => randomUUID().slice(0, 6);

async function call(session: Session, method: string, path: string, body?: unknown) {
  const res = await http(gw, method, path, { token: session.token, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.body;
}

async function newClient(name: string, reports: number): Promise<{ orgId: string; reportIds: string[] }> {
  const org = await call(lead, 'POST', '/api/organizations', { name: `${PREFIX}${name}` });
  const reportIds: string[] = [];
  for (let i = 0; i < reports; i++) reportIds.push((await call(lead, 'POST', '/api/reports', { title: `${name} ${i}`, organization_id: org.id, owner: 'Ann' })).id);
  return { orgId: org.id, reportIds };
}

const setConfidential = (id: string, confidential: boolean) => call(lead, 'PUT', `/api/organizations/${id}/confidential`, { confidential });

/** This file's reports are the newest on the stack (files run one at a time per stack): the walks stop past them. */
let since: string;

/**
 * The reports the user's list shows, page by page (`limit` a page), down to the first one older than this
 * file's (all of them when there are fewer); checking the order and that none repeats.
 */
async function walkReports(session: Session, limit: number, status?: string): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}), ...(status ? { status } : {}) });
    const page = await call(session, 'GET', `/api/reports?${q.toString()}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    all.push(...(page.items as Listed[]));
    cursor = page.next_cursor;
    if (all.length && all[all.length - 1]!.updated_at < since) break;
  } while (cursor);
  const keysInOrder = all.map((r) => `${r.updated_at}#${r.id}`);
  expect(keysInOrder).toEqual([...keysInOrder].sort().reverse());
  expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  return all;
}

/** This file's clients' names start with this, which sorts before the names other tests give: the walks stop past them. */
const PREFIX = '000 ';

async function walkOrganizations(session: Session, limit: number): Promise<string[]> {
  const names: string[] = [];
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page = await call(session, 'GET', `/api/organizations?${q.toString()}`);
    for (const o of page.items as { id: string; name: string }[]) {
      ids.push(o.id);
      names.push(o.name.toLowerCase());
    }
    cursor = page.next_cursor;
    if (names.length && !names[names.length - 1]!.startsWith(PREFIX) && names[names.length - 1]! > PREFIX) break;
  } while (cursor);
  expect(new Set(ids).size).toBe(ids.length);
  expect(names).toEqual([...names].sort());
  return ids;
}

/** How many more reports (in all, and per status) the lead's counts hold than the outsider's. */
async function gap() {
  const [m, o] = await Promise.all([counts(lead), counts(outsider)]);
  return { total: m.total - o.total, Draft: m.Draft - o.Draft, Final: m.Final - o.Final };
}

const counts = async (session: Session) => (await call(session, 'GET', '/api/reports?limit=1')).counts as Record<'total' | 'Draft' | 'In Review' | 'Final', number>;
const orgTotal = async (session: Session) => (await call(session, 'GET', '/api/organizations?limit=1')).total as number;
const ofClient = (rows: Listed[], orgId: string) => rows.filter((r) => r.organization_id === orgId).map((r) => r.id).sort();

beforeAll(async () => {
  [lead, outsider] = await Promise.all([registerAndLogin(gw, 'lead'), registerAndLogin(gw, 'outsider')]);
  since = new Date(Date.now() - 1000).toISOString();
});

describe('confidential clients kept apart in the lists', () => {
  it('merges a member\'s confidential clients into every page and leaves them out of an outsider\'s; counts follow creates, status changes and deletes', async () => {
    // Prepare: an open client and a confidential one, two of whose reports come after it was made confidential
    const before = await gap();
    const orgGap = (await orgTotal(lead)) - (await orgTotal(outsider));
    const open = await newClient(`Open ${tag()}`, 4);
    const secret = await newClient(`Secret ${tag()}`, 2);
    await setConfidential(secret.orgId, true);
    for (let i = 2; i < 4; i++) secret.reportIds.push((await call(lead, 'POST', '/api/reports', { title: `Secret later ${i}`, organization_id: secret.orgId, owner: 'Ann' })).id);
    // the reports are listed under their client, not in the open list
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${secret.reportIds[0]}`, SK: 'META' } }));
    expect(item.Item?.GSI1PK).toBe(`REPORTS#C#${secret.orgId}`);
    expect(item.Item?.GSI3PK).toBe(`REPORTS#Draft#C#${secret.orgId}`);

    // Act: both walk the lists, three to a page
    const [mine, theirs] = await Promise.all([walkReports(lead, 3), walkReports(outsider, 3)]);
    const [myDrafts, theirDrafts] = await Promise.all([walkReports(lead, 2, 'Draft'), walkReports(outsider, 2, 'Draft')]);
    const [myOrgs, theirOrgs] = await Promise.all([walkOrganizations(lead, 2), walkOrganizations(outsider, 2)]);

    // Assess: the member sees every report once and in order, the outsider none of the confidential client's
    expect(ofClient(mine, secret.orgId)).toEqual([...secret.reportIds].sort());
    expect(ofClient(mine, open.orgId)).toEqual([...open.reportIds].sort());
    expect(ofClient(theirs, secret.orgId)).toEqual([]);
    expect(ofClient(theirs, open.orgId)).toEqual([...open.reportIds].sort());
    expect(ofClient(myDrafts, secret.orgId)).toHaveLength(4);
    expect(ofClient(theirDrafts, secret.orgId)).toEqual([]);
    expect(myOrgs).toContain(secret.orgId);
    expect(theirOrgs).not.toContain(secret.orgId);
    expect(theirOrgs).toContain(open.orgId);
    // (not `mine.length - theirs.length`: other test files' reports, written during the walks, move between pages)
    expect(mine.filter((r) => r.organization_id === secret.orgId)).toHaveLength(4);
    expect((await orgTotal(lead)) - (await orgTotal(outsider))).toBe(orgGap + 1);
    expect(await gap()).toEqual({ total: before.total + 4, Draft: before.Draft + 4, Final: before.Final });

    // Act: one confidential report to Final (then listed in its client's own Final partition), one deleted
    const status = await http(gw, 'PUT', `/api/reports/${secret.reportIds[1]}/status?status=Final&override_reason=fixture`, { token: lead.token });
    expect(status.status, status.text).toBe(200);
    const moved = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${secret.reportIds[1]}`, SK: 'META' } }));
    expect(moved.Item?.GSI3PK).toBe(`REPORTS#Final#C#${secret.orgId}`);
    const del = await http(gw, 'DELETE', `/api/reports/${secret.reportIds[2]}`, { token: lead.token });
    expect(del.status, del.text).toBe(200);

    // Assess: the outsider's counts still leave exactly the client's reports out
    expect(await gap()).toEqual({ total: before.total + 3, Draft: before.Draft + 2, Final: before.Final + 1 });
    const myFinals = await walkReports(lead, 2, 'Final');
    expect(ofClient(myFinals, secret.orgId)).toEqual([secret.reportIds[1]]);
    expect(ofClient(await walkReports(outsider, 2, 'Final'), secret.orgId)).toEqual([]);
  });

  it('moves the reports back to the open lists when the client is made open, and out again when it is made confidential', async () => {
    // Prepare
    const before = await gap();
    const secret = await newClient(`Flip ${tag()}`, 3);
    await setConfidential(secret.orgId, true);
    expect(ofClient(await walkReports(outsider, 5), secret.orgId)).toEqual([]);

    // Act: open again
    await setConfidential(secret.orgId, false);

    // Assess: everyone sees them, in the open partitions, counted for all
    expect(ofClient(await walkReports(outsider, 5), secret.orgId)).toEqual([...secret.reportIds].sort());
    expect(await walkOrganizations(outsider, 5)).toContain(secret.orgId);
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${secret.reportIds[0]}`, SK: 'META' } }));
    expect(item.Item?.GSI1PK).toBe('REPORTS');
    expect(item.Item?.GSI3PK).toBe('REPORTS#Draft');
    expect(await gap()).toEqual(before);

    // Act: confidential again
    await setConfidential(secret.orgId, true);

    // Assess
    expect(ofClient(await walkReports(outsider, 5), secret.orgId)).toEqual([]);
    expect(ofClient(await walkReports(lead, 5), secret.orgId)).toEqual([...secret.reportIds].sort());
    expect(await gap()).toEqual({ ...before, total: before.total + 3, Draft: before.Draft + 3 });
  });

  it('skips a member\'s confidential client whose reports are all older than the page, and reads it again when one of them moves up', async () => {
    // Prepare: a confidential client with two reports, then three newer open reports (more than a page of two)
    const secret = await newClient(`Older ${tag()}`, 2);
    await setConfidential(secret.orgId, true);
    const kept = async () => String((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' } }))).Item?.[`u:${secret.orgId}`]);
    const madeConfidential = await kept();
    const listed = async (id: string) => (await call(lead, 'GET', `/api/reports/${id}`)) as Listed & { version: number };
    for (const id of secret.reportIds) expect((await listed(id)).updated_at <= madeConfidential).toBe(true);
    const open = await newClient(`Newer ${tag()}`, 3);

    // Act + Assess: walked two to a page, the member sees the open reports first, then the client's, each once
    const walked = await walkReports(lead, 2);
    expect(walked.slice(0, 3).map((r) => r.id).sort()).toEqual([...open.reportIds].sort());
    expect(ofClient(walked, secret.orgId)).toEqual([...secret.reportIds].sort());
    expect(ofClient(await walkReports(outsider, 2), secret.orgId)).toEqual([]);

    // Act: one of its reports renamed, the other moved to In Review
    const renamed = await listed(secret.reportIds[0]!);
    const put = await http(gw, 'PUT', `/api/reports/${renamed.id}`, { token: lead.token, body: { title: 'Older renamed', owner: 'Ann', version: renamed.version } });
    expect(put.status, put.text).toBe(200);
    const first = await call(lead, 'GET', '/api/reports?limit=2');

    // Assess: the kept time moved up with it, and it tops the first page
    expect(await kept()).toBe((await listed(renamed.id)).updated_at);
    expect(first.items[0].id).toBe(renamed.id);
    const status = await http(gw, 'PUT', `/api/reports/${secret.reportIds[1]}/status?status=${encodeURIComponent('In Review')}`, { token: lead.token });
    expect(status.status, status.text).toBe(200);
    expect((await call(lead, 'GET', '/api/reports?limit=2')).items[0].id).toBe(secret.reportIds[1]);
    expect((await call(lead, 'GET', `/api/reports?limit=1&status=${encodeURIComponent('In Review')}`)).items[0].id).toBe(secret.reportIds[1]);
    expect(await kept()).toBe((await listed(secret.reportIds[1]!)).updated_at);
    expect(ofClient(await walkReports(outsider, 2), secret.orgId)).toEqual([]);
  });

  it('lists and counts a report made through the wizard\'s setup for a confidential client under that client', async () => {
    // Prepare
    const before = await gap();
    const secret = await newClient(`Setup ${tag()}`, 0);
    await setConfidential(secret.orgId, true);

    // Act: the wizard's Complete Setup with this client
    const res = await http(gw, 'POST', '/api/wizard/setup', {
      token: lead.token,
      body: { idempotency_key: randomUUID(), setup: { organizationId: secret.orgId, organizationName: `${PREFIX}Setup renamed ${tag()}`, reportTitle: 'Through setup', reportOwner: 'Ann', sector: 'retail', geography: 'UK' } },
    });
    expect(res.status, res.text).toBe(200);
    const reportId = res.body.report_id as string;

    // Assess
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'META' } }));
    expect(item.Item?.GSI1PK).toBe(`REPORTS#C#${secret.orgId}`);
    expect(ofClient(await walkReports(outsider, 4), secret.orgId)).toEqual([]);
    expect(ofClient(await walkReports(lead, 4), secret.orgId)).toEqual([reportId]);
    expect(await gap()).toEqual({ ...before, total: before.total + 1, Draft: before.Draft + 1 });
  });

  it('reads only the member\'s confidential clients that can reach the page, by where the list of confidential clients keeps them, and moves one with its rename', async () => {
    // Prepare: four confidential clients among three open ones, names interleaved
    const t = tag();
    const made = [] as { orgId: string; name: string; confidential: boolean }[];
    for (const [name, confidential] of [['Bb', true], ['Cc', false], ['Dd', true], ['Ee', false], ['Ff', true], ['Gg', false], ['Hh', true]] as const) {
      const { orgId } = await newClient(`Place ${name} ${t}`, 0);
      if (confidential) await setConfidential(orgId, true);
      made.push({ orgId, name, confidential });
    }
    const secret = made.filter((m) => m.confidential);
    const state = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' } }));
    for (const m of secret) {
      const org = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `ORG#${m.orgId}`, SK: 'META' } }));
      expect(state.Item?.[`s:${m.orgId}`]).toBe(org.Item?.GSI1SK);
    }
    const ours = (ids: string[]) => ids.filter((id) => made.some((m) => m.orgId === id));

    // Act + Assess: walked one, two and three to a page, the member sees all seven in order, once; the outsider the open ones
    const expected = made.map((m) => m.orgId);
    for (const limit of [1, 2, 3]) expect(ours(await walkOrganizations(lead, limit))).toEqual(expected);
    expect(ours(await walkOrganizations(outsider, 2))).toEqual(made.filter((m) => !m.confidential).map((m) => m.orgId));

    // Act: the last confidential client renamed to sort first
    const last = secret[secret.length - 1]!;
    const org = await call(lead, 'GET', `/api/organizations/${last.orgId}`);
    const renamed = await http(gw, 'PUT', `/api/organizations/${last.orgId}`, { token: lead.token, body: { name: `${PREFIX}Place Aa ${t}`, version: org.version } });
    expect(renamed.status, renamed.text).toBe(200);

    // Assess: kept in step, and listed at its new place
    const after = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' } }));
    const moved = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `ORG#${last.orgId}`, SK: 'META' } }));
    expect(after.Item?.[`s:${last.orgId}`]).toBe(moved.Item?.GSI1SK);
    const reordered = [last.orgId, ...expected.filter((id) => id !== last.orgId)];
    for (const limit of [1, 3]) expect(ours(await walkOrganizations(lead, limit))).toEqual(reordered);

    // Act: made open again: no longer kept in the list, listed in the open list
    await setConfidential(last.orgId, false);
    const opened = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' } }));
    expect(opened.Item?.[`s:${last.orgId}`]).toBeUndefined();
    expect(ours(await walkOrganizations(lead, 2))).toEqual(reordered);
    expect(ours(await walkOrganizations(outsider, 2))).toEqual([last.orgId, ...made.filter((m) => !m.confidential).map((m) => m.orgId)]);
  });

  it('keeps a client made confidential before this layout out of an outsider\'s lists and counts, before and after it is brought up to date', async () => {
    // Prepare: confidential the old way (the flag and the list of ids only; its reports in the open list, no counts kept)
    const before = await gap();
    const legacy = await newClient(`Legacy ${tag()}`, 2);
    await db.send(
      new UpdateCommand({ TableName: stack.tableName, Key: { PK: `ORG#${legacy.orgId}`, SK: 'META' }, UpdateExpression: 'SET confidential = :t', ExpressionAttributeValues: { ':t': true } }),
    );
    await db.send(new UpdateCommand({ TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' }, UpdateExpression: 'ADD ids :id', ExpressionAttributeValues: { ':id': new Set([legacy.orgId]) } }));

    // Assess: left out all the same (its rows dropped from the open list, its counts read from its own item)
    expect(ofClient(await walkReports(outsider, 3), legacy.orgId)).toEqual([]);
    expect(await walkOrganizations(outsider, 3)).not.toContain(legacy.orgId);
    expect(ofClient(await walkReports(lead, 3), legacy.orgId)).toEqual([...legacy.reportIds].sort());
    expect((await gap()).total).toBe(before.total + 2);
    // a report created now is counted in step
    legacy.reportIds.push((await call(lead, 'POST', '/api/reports', { title: 'Legacy later', organization_id: legacy.orgId, owner: 'Ann' })).id);
    expect((await gap()).total).toBe(before.total + 3);

    // Act: its lead sets it confidential again, which brings it up to date
    await setConfidential(legacy.orgId, true);

    // Assess: its counts are kept in the list, its reports in its own partitions, and the lists are as before
    const state = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' } }));
    expect(state.Item?.[`n:${legacy.orgId}`]).toEqual([3, 3, 0, 0]);
    for (const id of legacy.reportIds) {
      const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${id}`, SK: 'META' } }));
      expect(item.Item?.GSI1PK).toBe(`REPORTS#C#${legacy.orgId}`);
    }
    expect(ofClient(await walkReports(outsider, 3), legacy.orgId)).toEqual([]);
    expect(ofClient(await walkReports(lead, 3), legacy.orgId)).toEqual([...legacy.reportIds].sort());
    expect(await gap()).toEqual({ ...before, total: before.total + 3, Draft: before.Draft + 3 });
  });
});

/** The ids a user's clients item holds (the key builder's spelling: TEAMS#<user> / CLIENTS), none without one. */
async function keptClients(session: Session): Promise<string[]> {
  const out = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `TEAMS#${session.user.username}`, SK: 'CLIENTS' }, ConsistentRead: true }));
  const ids = out.Item?.ids as Set<string> | undefined;
  return ids ? [...ids].sort() : [];
}

describe("each user's clients kept by key: a list's session check reads them in its one batch", () => {
  it("keeps a member's clients in step with joining, leaving and the client's deletion; the lists follow them", async () => {
    // Prepare: a confidential client of the lead, with one report; a colleague not on its team
    const colleague = await registerAndLogin(gw, 'colleague');
    const secret = await newClient(`Kept ${tag()}`, 1);
    await setConfidential(secret.orgId, true);
    expect(await keptClients(lead)).toContain(secret.orgId);
    expect(await keptClients(colleague)).toEqual([]);
    expect(ofClient(await walkReports(colleague, 5), secret.orgId)).toEqual([]);

    // Act: the lead puts the colleague on the team
    const added = await http(gw, 'POST', `/api/organizations/${secret.orgId}/team`, { token: lead.token, body: { username: colleague.user.username, role: 'viewer' } });
    expect(added.status, added.text).toBe(200);

    // Assess: the colleague's item holds the client, and their lists show it
    expect(await keptClients(colleague)).toEqual([secret.orgId]);
    expect(ofClient(await walkReports(colleague, 5), secret.orgId)).toEqual(secret.reportIds);
    expect(await walkOrganizations(colleague, 5)).toContain(secret.orgId);

    // Act: taken off the team again
    const removed = await http(gw, 'DELETE', `/api/organizations/${secret.orgId}/team/${colleague.user.username}`, { token: lead.token });
    expect(removed.status, removed.text).toBe(200);

    // Assess: gone from the item and from every list
    expect(await keptClients(colleague)).toEqual([]);
    expect(ofClient(await walkReports(colleague, 5), secret.orgId)).toEqual([]);
    expect(await walkOrganizations(colleague, 5)).not.toContain(secret.orgId);

    // Act: the client deleted (its report first)
    expect((await http(gw, 'DELETE', `/api/reports/${secret.reportIds[0]}`, { token: lead.token })).status).toBe(200);
    const gone = await http(gw, 'DELETE', `/api/organizations/${secret.orgId}`, { token: lead.token });
    expect(gone.status, gone.text).toBe(200);

    // Assess: its lead's item no longer holds it
    expect(await keptClients(lead)).not.toContain(secret.orgId);
  });

  it('keeps every one of 20 parallel team changes of one user in their clients item', async () => {
    // Prepare: 20 clients of the lead, and a colleague on none of them
    const colleague = await registerAndLogin(gw, 'parallel');
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => newClient(`Parallel ${i} ${tag()}`, 0)));
    // Act: the colleague put on all 20 teams at once (every write touches their one clients item)
    const added = await Promise.all(clients.map((c) => http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: lead.token, body: { username: colleague.user.username, role: 'viewer' } })));
    // Assess: every change answered and kept
    expect(added.map((r) => r.status)).toEqual(clients.map(() => 200));
    expect(await keptClients(colleague)).toEqual(clients.map((c) => c.orgId).sort());
    expect((await keptClients(lead)).filter((id) => clients.some((c) => c.orgId === id))).toHaveLength(20);
    // Act: taken off all 20 at once
    const removed = await Promise.all(clients.map((c) => http(gw, 'DELETE', `/api/organizations/${c.orgId}/team/${colleague.user.username}`, { token: lead.token })));
    // Assess
    expect(removed.map((r) => r.status)).toEqual(clients.map(() => 200));
    expect(await keptClients(colleague)).toEqual([]);
  });

  it('on a table older than the items the lists read the index, until the migration fills the items and marks the table; a second run does nothing', async () => {
    // Prepare: a confidential client with a viewer; then the items and the mark taken away, as on a table older than them
    const viewer = await registerAndLogin(gw, 'viewer');
    const secret = await newClient(`Older table ${tag()}`, 2);
    await setConfidential(secret.orgId, true);
    const added = await http(gw, 'POST', `/api/organizations/${secret.orgId}/team`, { token: lead.token, body: { username: viewer.user.username, role: 'viewer' } });
    expect(added.status, added.text).toBe(200);
    const marks = { TableName: stack.tableName, Key: { PK: 'STATS', SK: 'CONFIDENTIAL' } };
    await db.send(new UpdateCommand({ ...marks, UpdateExpression: 'REMOVE user_clients_kept' }));
    try {
      for (const s of [lead, viewer]) await db.send(new DeleteCommand({ TableName: stack.tableName, Key: { PK: `TEAMS#${s.user.username}`, SK: 'CLIENTS' } }));

      // Assess: without the items, the team still sees the client (read from the index) and the outsider does not
      expect(ofClient(await walkReports(viewer, 5), secret.orgId)).toEqual([...secret.reportIds].sort());
      expect(await walkOrganizations(viewer, 5)).toContain(secret.orgId);
      expect(ofClient(await walkReports(outsider, 5), secret.orgId)).toEqual([]);

      // Act: the migration, as npm start (and `npm run migrate`) runs it, twice
      const run = () => runMigration(stack, 'scripts/migrate-user-clients.ts');
      const first = await run();
      const second = await run();

      // Assess: both items hold the client, the table is marked, the lists are as before
      expect(first.stdout).toMatch(/users' clients kept: \d+ users/);
      expect(second.stdout).toContain("users' clients: already kept");
      expect(await keptClients(viewer)).toEqual([secret.orgId]);
      expect(await keptClients(lead)).toContain(secret.orgId);
      expect((await db.send(new GetCommand({ ...marks, ConsistentRead: true }))).Item?.user_clients_kept).toBe(true);
      expect(ofClient(await walkReports(viewer, 5), secret.orgId)).toEqual([...secret.reportIds].sort());
      expect(ofClient(await walkReports(outsider, 5), secret.orgId)).toEqual([]);
    } finally {
      // whatever happened, the stack's other files find the table as a new one is
      await db.send(new UpdateCommand({ ...marks, UpdateExpression: 'SET user_clients_kept = :t', ExpressionAttributeValues: { ':t': true } }));
    }
  });
});
