/**
 * Confidential clients, route by route and position by position, generated from the route table: every place a
 * route takes a report's or a client's id (its path, a query field, a JSON body field, a nested body field, a
 * multipart form field: shared/api/access-scope.ts) is sent the confidential client's id by someone outside its
 * team, who gets exactly the answer the route gives for an id that does not exist there (404 for a path; the
 * route's own missing-id answer for a field), and the table and the bucket hold afterwards what they held
 * before; a member gets past the check. A route added to the table is walked without a line here. Also: lists and
 * dashboard counts leave confidential clients out for outsiders, the last lead cannot leave, and every team or
 * confidentiality change is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pathScopes, routeIdFields, type MissingAnswer, type ScopeKind } from '@shared/api/access-scope';
import { fillPath, type RouteDef } from '@shared/api/route-types';
import { routeList } from '@shared/api/routes';
import { details } from '@shared/messages';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin, type HttpAnswer } from '../helpers/http';
import { shaped } from '../helpers/schema-arbitrary';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const s3 = s3Client(stack);

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let outsider: Session;
let orgId: string;
let reportId: string;
/** the outsider's own client and report: the ids a request carries besides the one walked */
let own: { report: string; organization: string };

async function newClient(session: Session, name: string): Promise<{ orgId: string; reportId: string }> {
  const org = await http(gw, 'POST', '/api/organizations', { token: session.token, body: { name } });
  expect(org.status, org.text).toBe(200);
  const report = await http(gw, 'POST', '/api/reports', { token: session.token, body: { title: `${name} assessment`, organization_id: org.body.id, owner: 'Ann' } });
  expect(report.status, report.text).toBe(200);
  return { orgId: org.body.id as string, reportId: report.body.id as string };
}

async function makeConfidential(session: Session, id: string, confidential = true) {
  const res = await http(gw, 'PUT', `/api/organizations/${id}/confidential`, { token: session.token, body: { confidential } });
  expect(res.status, res.text).toBe(200);
  return res;
}

beforeAll(async () => {
  [lead, outsider] = await Promise.all([registerAndLogin(gw, 'lead'), registerAndLogin(gw, 'outsider')]);
  ({ orgId, reportId } = await newClient(lead, `Confidential ${randomUUID().slice(0, 6)}`));
  await makeConfidential(lead, orgId);
  const mine = await newClient(outsider, `Outsider's own ${randomUUID().slice(0, 6)}`);
  own = { report: mine.reportId, organization: mine.orgId };
});

/**
 * A value for a schema that the schema accepts (sampled with a fixed seed, or `base`), with `fixed` set at their
 * paths (as one id, or as a list of one where the field is a list); the first candidate when none is accepted.
 */
function validSample(schema: z.core.$ZodType | undefined, fixed: ReadonlyMap<string, unknown> = new Map(), base?: unknown): unknown {
  if (!schema) return undefined;
  const candidates = base !== undefined ? [base] : [...fc.sample(shaped(schema), { seed: 20261124, numRuns: 400 }), {}];
  const asLists = new Map([...fixed].map(([k, v]) => [k, [v]]));
  for (const sample of candidates) {
    for (const values of [fixed, asLists]) {
      const candidate = setAll(sample, values);
      if (z.safeParse(schema, candidate).success) return candidate;
    }
  }
  return setAll(candidates[0], fixed);
}

/** A copy of `value` with each dotted path of `fixed` set (objects made on the way; a `[]` step: a list of one). */
function setAll(value: unknown, fixed: ReadonlyMap<string, unknown>): unknown {
  let out: unknown = structuredClone(value ?? {});
  for (const [path, v] of fixed) out = setPath(out, path.split('.'), v);
  return out;
}
function setPath(value: unknown, path: string[], v: unknown): unknown {
  if (!path.length) return v;
  const [head, ...rest] = path;
  if (head === '[]') return [setPath(Array.isArray(value) ? value[0] : undefined, rest, v)];
  const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { ...record, [head!]: setPath(record[head!], rest, v) };
}

/** Bodies the sampler does not hit by chance, or whose effect would spoil the walk (the client stays confidential). */
const BODIES: Record<string, unknown> = {
  setConfidential: { confidential: true },
  updateOrganization: { name: 'Renamed client', version: 1 },
  createVisual: { type: 'bar', title: 'Dimension scores', caption: 'Scores by dimension', binding: { source: 'dimension-scores' } },
  updateVisual: { type: 'bar', title: 'Dimension scores', caption: 'Scores by dimension', binding: { source: 'dimension-scores' }, version: 1 },
  requestReview: { sections: ['findings'], reviewers: ['nobody-on-the-team'], due: '2999-12-31', note: '' },
  decideReview: { decision: 'approve', comment: '' },
  createComment: { anchor: { section: 'executive-summary' }, body: 'A comment from the walk' },
  completeSetup: { idempotency_key: 'walk-setup-key', setup: { organizationName: 'Walk', reportTitle: 'Walk report', reportOwner: 'Ann' } },
  saveProgress: { wizard_data: {}, completed_steps: [], current_step: 0 },
};

/** One place a route takes a report's or a client's id. */
interface Position {
  route: RouteDef;
  where: 'path' | 'query' | 'body' | 'form';
  /** the path parameter, or the field's dotted path */
  name: string;
  kind: ScopeKind;
  /** false: declared to name nothing to check (the walk still compares the two answers) */
  checked: boolean;
  missing: MissingAnswer;
}

function positionsOf(route: RouteDef): Position[] {
  return [
    ...pathScopes(route).map((s): Position => ({ route, where: 'path', name: s.param, kind: s.kind, checked: true, missing: s.kind === 'organization' ? 'organization' : 'report' })),
    ...routeIdFields(route).map((f): Position => ({
      route,
      where: f.section === 'body' && route.bodyType === 'multipart' ? 'form' : f.section,
      name: f.path.join('.'),
      kind: f.kind,
      checked: f.checked,
      missing: f.missing,
    })),
  ];
}

interface Sent {
  path: string;
  query: string;
  body: unknown;
  form?: FormData;
}

/**
 * The request a position is walked with: `id` at the position, and every other id the route takes set to the
 * outsider's own (a fresh placeholder for a placeholder), so the walked id is the only one that can be refused.
 */
function requestAt(position: Position, id: string, username: string, ids: { report: string; organization: string } = own): Sent {
  const { route } = position;
  const fill = (kind: ScopeKind) => (kind === 'placeholder' ? `temp-${randomUUID()}` : kind === 'organization' ? ids.organization : ids.report);
  const params: Record<string, string> = {};
  const scopes = pathScopes(route);
  for (const m of route.path.matchAll(/\{(\w+)\}/g)) {
    const name = m[1]!;
    const scope = scopes.find((s) => s.param === name);
    if (position.where === 'path' && position.name === name) params[name] = id;
    else params[name] = scope ? fill(scope.kind) : name === 'key' || name === 'step' ? 'findings' : name === 'version' ? '1' : name === 'table_id' ? 't1' : name === 'username' ? username : randomUUID();
  }
  const fixed = (section: 'query' | 'body') =>
    new Map(
      routeIdFields(route)
        .filter((f) => f.section === section)
        .map((f) => {
          const name = f.path.join('.');
          const at = (position.where === section || (section === 'body' && position.where === 'form')) && position.name === name;
          return [name, at ? id : f.checked ? fill(f.kind) : randomUUID()] as const;
        }),
    );
  const query = (route.query && z.safeParse(route.query, setAll({}, fixed('query'))).success ? setAll({}, fixed('query')) : validSample(route.query, fixed('query'))) as Record<string, unknown> | undefined;
  const search = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
  const body = route.bodyType === 'none' ? undefined : validSample(route.body, fixed('body'), route.id in BODIES ? setAll(BODIES[route.id], fixed('body')) : undefined);
  let form: FormData | undefined;
  if (route.bodyType === 'multipart') {
    form = new FormData();
    for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) form.set(k, String(v));
    form.set('file', new Blob([new TextEncoder().encode('Revenue grew 12% in fiscal 2025 while margins improved.')]), 'walk.txt');
  }
  return { path: fillPath(route.path, params), query: search ? `?${search}` : '', body, ...(form ? { form } : {}) };
}

async function send(route: RouteDef, sent: Sent, token: string): Promise<HttpAnswer> {
  if (!sent.form) return http(gw, route.method, sent.path + sent.query, { token, body: sent.body });
  const res = await fetch(`${gw}${sent.path}${sent.query}`, { method: route.method, headers: { authorization: `Bearer ${token}` }, body: sent.form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers, text };
}

/** What the background jobs a member's earlier request started (exports, drafts) may still be writing meanwhile. */
const BACKGROUND = /^(EXPORT|DRAFT|PROV#)|\/exports\//;

/** What the table and the bucket hold of a client and its report (every item's key and version; every object). */
async function stored(ids: { report: string; organization: string }) {
  const items = async (pk: string) =>
    ((await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? [])
      .map((i) => `${i.SK}@${i.version ?? ''}`)
      .filter((k) => !BACKGROUND.test(k));
  const objects = async (prefix: string) => ((await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).filter((k) => !BACKGROUND.test(k));
  return { client: await items(`ORG#${ids.organization}`), report: await items(`REPORT#${ids.report}`), files: [...(await objects(`clients/${ids.organization}/`)), ...(await objects(`reports/${ids.report}/`))] };
}

/** Routes that take a report's or a client's id somewhere: the walk, position by position. DELETE of the report itself on a client of its own. */
const walked = routeList.filter((r) => r.auth === 'user').flatMap(positionsOf);
const answers = new Map<string, number>();

describe('every place a route takes a report or a client refuses an outsider of a confidential client as if the id did not exist', () => {
  it('walks a route table that has such places: paths, query fields, body fields, nested fields and a multipart field', () => {
    const routesWalked = new Set(walked.map((p) => p.route.id));
    expect(routesWalked.size).toBeGreaterThan(80);
    expect(new Set(walked.map((p) => p.where))).toEqual(new Set(['path', 'query', 'body', 'form']));
    expect(walked.some((p) => p.name.includes('.'))).toBe(true);
  });

  it.each(walked.map((p) => [`${p.route.method} ${p.route.path} ${p.where}${p.where === 'path' ? '' : ` ${p.name}`}`, p] as const))('%s', async (_, position) => {
    // Prepare: the same request with the confidential client's id there, and with an id that does not exist
    const { route } = position;
    const destructive = route.method === 'DELETE' && route.path === '/api/reports/{id}';
    const ids = destructive ? await newClient(lead, `Doomed ${randomUUID().slice(0, 6)}`).then(async (c) => (await makeConfidential(lead, c.orgId), { report: c.reportId, organization: c.orgId })) : { report: reportId, organization: orgId };
    // a placeholder's place is sent the confidential report's id (a report id is refused there)
    const at = position.kind === 'organization' ? ids.organization : ids.report;
    const real = requestAt(position, at, outsider.user.username);
    // a body the route accepts, or the walk would only see its validation answer
    if (route.body && route.bodyType !== 'multipart' && position.kind !== 'placeholder') expect(z.safeParse(route.body, real.body).success, `add a valid body for ${route.id} to BODIES`).toBe(true);
    const unknown = { ...real, ...requestAt(position, randomUUID(), outsider.user.username), ...(position.where === 'path' ? {} : { path: real.path }) };
    const before = route.method === 'GET' ? undefined : await stored(ids);
    // Act
    const asOutsider = await send(route, real, outsider.token);
    const asNobody = await send(route, unknown, outsider.token);
    const after = before && (await stored(ids));
    // Assess: the outsider's answer is the unknown id's, to the letter; nothing of the client changed
    expect({ status: asOutsider.status, detail: asOutsider.body?.detail }, asOutsider.text).toEqual({ status: asNobody.status, detail: asNobody.body?.detail });
    if (after) expect(after).toEqual(before);
    const key = `${asOutsider.status}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
    if (position.where === 'path') expect(asOutsider.status, asOutsider.text).toBe(404);
    else if (position.kind === 'placeholder') expect(asOutsider.status, asOutsider.text).toBe(400);
    else if (position.checked) expect(asOutsider.status, asOutsider.text).toBe(position.missing === 'organization_id' ? 400 : 404);
    if (!position.checked || position.kind === 'placeholder') return;
    // a member gets past the check: something else, never 403
    const asMember = await send(route, requestAt(position, at, outsider.user.username), lead.token);
    expect(asMember.status, asMember.text).not.toBe(403);
    expect(asMember.status, asMember.text).toBeLessThan(500);
    expect({ status: asMember.status, detail: asMember.body?.detail }, asMember.text).not.toEqual({ status: asOutsider.status, detail: asOutsider.body?.detail });
  });
});

afterAll(() => {
  const routes = new Set(walked.map((p) => p.route.id)).size;
  console.log(`route walk: ${routes} routes × their id positions = ${walked.length} positions (${walked.filter((p) => p.where === 'path').length} path, ${walked.filter((p) => p.where === 'query').length} query, ${walked.filter((p) => p.where === 'body').length} body, ${walked.filter((p) => p.where === 'form').length} multipart); outsiders' answers: ${JSON.stringify(Object.fromEntries(answers))}`);
});

describe('lists, counts, team changes and the audit log', () => {
  it('leaves a confidential client and its reports out of an outsider\'s lists and dashboard counts, and shows them once they are on the team', async () => {
    // Prepare: a second confidential client with two reports, one of them Final
    const c = await newClient(lead, `Secret ${randomUUID().slice(0, 6)}`);
    const second = await http(gw, 'POST', '/api/reports', { token: lead.token, body: { title: 'Second', organization_id: c.orgId, owner: 'Ann' } });
    expect((await http(gw, 'PUT', `/api/reports/${second.body.id}/status?status=Final&override_reason=fixture`, { token: lead.token })).status).toBe(200);
    await makeConfidential(lead, c.orgId);
    const hiddenIds = new Set([orgId, c.orgId]);
    const hiddenReports = new Set([reportId, c.reportId, second.body.id as string]);
    // Act: both read the dashboard at once (other tests may add reports meanwhile, but not to these clients)
    const read = (s: Session) =>
      Promise.all([http(gw, 'GET', '/api/reports?limit=100', { token: s.token }), http(gw, 'GET', '/api/reports?limit=100&status=Final', { token: s.token }), http(gw, 'GET', '/api/organizations?limit=100', { token: s.token })]);
    const [[outReports, outFinal, outOrgs], [inReports, , inOrgs]] = await Promise.all([read(outsider), read(lead)]);
    // Assess
    expect(outReports.body.items.filter((r: { id: string }) => hiddenReports.has(r.id))).toEqual([]);
    expect(outFinal.body.items.filter((r: { id: string }) => hiddenReports.has(r.id))).toEqual([]);
    expect(outOrgs.body.items.filter((o: { id: string }) => hiddenIds.has(o.id))).toEqual([]);
    expect(inReports.body.items.filter((r: { id: string }) => hiddenReports.has(r.id))).toHaveLength(3);
    expect(inOrgs.body.items.filter((o: { id: string }) => hiddenIds.has(o.id))).toHaveLength(2);
    // the walk's member call of "Start re-assessment" made re-assessments (Drafts) of the first client's report
    const walkMade = Number((await http(gw, 'GET', `/api/organizations/${orgId}`, { token: lead.token })).body.report_count) - 1;
    expect(inReports.body.counts.total - outReports.body.counts.total).toBe(3 + walkMade);
    expect(inReports.body.counts.Final - outReports.body.counts.Final).toBe(1);
    expect(inReports.body.counts.Draft - outReports.body.counts.Draft).toBe(2 + walkMade);
    // every confidential client here is the lead's (the walk above made some more): the totals differ by those
    const confidentialCount = (page: { body: { items: { confidential: boolean }[] } }) => page.body.items.filter((o) => o.confidential).length;
    expect(confidentialCount(outOrgs)).toBe(0);
    expect(inOrgs.body.total - outOrgs.body.total).toBe(confidentialCount(inOrgs));

    // Act: the lead puts the outsider on the second client's team as viewer
    const added = await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: lead.token, body: { username: outsider.user.username, role: 'viewer' } });
    expect(added.status, added.text).toBe(200);
    const [nowReports, nowOrgs, report, edit] = await Promise.all([
      http(gw, 'GET', '/api/reports?limit=100', { token: outsider.token }),
      http(gw, 'GET', '/api/organizations?limit=100', { token: outsider.token }),
      http(gw, 'GET', `/api/reports/${c.reportId}`, { token: outsider.token }),
      http(gw, 'PUT', `/api/reports/${c.reportId}/status?status=In%20Review`, { token: outsider.token }),
    ]);
    // Assess: they see it (and only it), may read but, as viewer, not edit (403: they know it exists)
    expect(nowReports.body.items.filter((r: { id: string }) => hiddenReports.has(r.id)).map((r: { id: string }) => r.id).sort()).toEqual([c.reportId, second.body.id].sort());
    expect(nowOrgs.body.items.filter((o: { id: string }) => hiddenIds.has(o.id)).map((o: { id: string }) => o.id)).toEqual([c.orgId]);
    expect(report.status).toBe(200);
    expect(edit.status, edit.text).toBe(403);
    expect(edit.body.detail).toBe(details.teamRoleCannot('viewer', 'edit it'));
  });

  it('keeps the last lead, lets only leads change the team, and writes every change to the audit log', async () => {
    // Prepare: an open client; the outsider is on no team
    const c = await newClient(lead, `Open ${randomUUID().slice(0, 6)}`);
    const team = await http(gw, 'GET', `/api/organizations/${c.orgId}/team`, { token: outsider.token });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ confidential: false, my_role: null, members: [{ username: lead.user.username, role: 'lead', name: lead.user.name, email: lead.user.email }] });
    // Act + Assess: a non-member may read an open client but not change its team
    const notLead = await http(gw, 'PUT', `/api/organizations/${c.orgId}/confidential`, { token: outsider.token, body: { confidential: true } });
    expect(notLead.status).toBe(403);
    expect(notLead.body.detail).toBe(details.teamLeadOnly);
    // the last lead can neither leave nor be demoted
    const leave = await http(gw, 'DELETE', `/api/organizations/${c.orgId}/team/${lead.user.username}`, { token: lead.token });
    expect(leave.status).toBe(409);
    expect(leave.body.detail).toBe(details.teamLastLead(lead.user.username));
    const demote = await http(gw, 'PUT', `/api/organizations/${c.orgId}/team/${lead.user.username}`, { token: lead.token, body: { role: 'editor' } });
    expect(demote.status).toBe(409);
    // with a second lead, the first may step down
    expect((await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: lead.token, body: { username: outsider.user.username, role: 'editor' } })).status).toBe(200);
    const again = await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: lead.token, body: { username: outsider.user.username, role: 'viewer' } });
    expect(again.status).toBe(409);
    expect((await http(gw, 'PUT', `/api/organizations/${c.orgId}/team/${outsider.user.username}`, { token: lead.token, body: { role: 'lead' } })).status).toBe(200);
    const stepDown = await http(gw, 'DELETE', `/api/organizations/${c.orgId}/team/${lead.user.username}`, { token: lead.token });
    expect(stepDown.status, stepDown.text).toBe(200);
    expect(stepDown.body.team.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([[outsider.user.username, 'lead']]);
    await makeConfidential(outsider, c.orgId);
    // the former lead is now an outsider of a confidential client
    expect((await http(gw, 'GET', `/api/organizations/${c.orgId}`, { token: lead.token })).status).toBe(404);
    // every change is in the client's audit log
    const audit = await http(gw, 'GET', `/api/organizations/${c.orgId}/audit`, { token: outsider.token });
    expect(audit.status).toBe(200);
    const entries = (audit.body.items as { action: string; detail: string; user: string }[]).map((e) => [e.action, e.detail, e.user]).reverse();
    expect(entries).toEqual([
      ['organization.team', `added ${outsider.user.username} as editor`, lead.user.username],
      ['organization.team', `${outsider.user.username}: editor → lead`, lead.user.username],
      ['organization.team', `removed ${lead.user.username} (was lead)`, lead.user.username],
      ['organization.confidential', 'made confidential', outsider.user.username],
    ]);
  });

  it('lets the creator of a client with no lead (made before teams existed) lead its team, and records them as lead when it becomes confidential', async () => {
    // Prepare: a client as one made before teams existed: no member items, no lead count
    const founder = await registerAndLogin(gw, 'founder');
    const c = await newClient(founder, `0000 Legacy ${randomUUID().slice(0, 6)}`); // first by name, on the first page of the lists
    await db.send(new DeleteCommand({ TableName: stack.tableName, Key: { PK: `ORG#${c.orgId}`, SK: `MEMBER#${founder.user.username}` } }));
    await db.send(new UpdateCommand({ TableName: stack.tableName, Key: { PK: `ORG#${c.orgId}`, SK: 'META' }, UpdateExpression: 'REMOVE lead_count' }));
    // Act: the creator and someone else read its team
    const [mine, theirs] = await Promise.all([
      http(gw, 'GET', `/api/organizations/${c.orgId}/team`, { token: founder.token }),
      http(gw, 'GET', `/api/organizations/${c.orgId}/team`, { token: outsider.token }),
    ]);
    // Assess: the creator counts as lead, nobody else gains a role
    expect(mine.body).toMatchObject({ my_role: 'lead', members: [] });
    expect(theirs.body).toMatchObject({ my_role: null, members: [] });
    const notCreator = await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: outsider.token, body: { username: outsider.user.username, role: 'lead' } });
    expect(notCreator.status).toBe(403);
    expect(notCreator.body.detail).toBe(details.teamLeadOnly);
    // Act: the creator manages the team and makes the client confidential
    const added = await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: founder.token, body: { username: outsider.user.username, role: 'viewer' } });
    expect(added.status, added.text).toBe(200);
    const made = await makeConfidential(founder, c.orgId);
    // Assess: the creator is now on the team as lead (so the client stays in their lists), and may read it
    expect(made.body.team.members.map((m: { username: string; role: string }) => [m.username, m.role]).sort()).toEqual(
      [[founder.user.username, 'lead'], [outsider.user.username, 'viewer']].sort(),
    );
    const orgs = await http(gw, 'GET', '/api/organizations?limit=100', { token: founder.token });
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toContain(c.orgId);
    expect((await http(gw, 'GET', `/api/reports/${c.reportId}`, { token: founder.token })).status).toBe(200);
    // with a lead on record, the creator is a lead like any other: the last lead still cannot leave
    const leave = await http(gw, 'DELETE', `/api/organizations/${c.orgId}/team/${founder.user.username}`, { token: founder.token });
    expect(leave.status).toBe(409);
  });

  it('finds staff by the start of their name, username or email, a bounded few', async () => {
    const first = outsider.user.name.split(' ')[0]!;
    const byName = await http(gw, 'GET', `/api/staff?q=${encodeURIComponent(outsider.user.name.split(' ').at(-1)!)}`, { token: lead.token });
    const byEmail = await http(gw, 'GET', `/api/staff?q=${encodeURIComponent(outsider.user.email.slice(0, 12))}`, { token: lead.token });
    const broad = await http(gw, 'GET', `/api/staff?q=${encodeURIComponent(first)}`, { token: lead.token });
    const empty = await http(gw, 'GET', '/api/staff?q=', { token: lead.token });
    expect(byName.body.items).toEqual([{ username: outsider.user.username, name: outsider.user.name, email: outsider.user.email }]);
    expect(byEmail.body.items.map((s: { username: string }) => s.username)).toContain(outsider.user.username);
    expect(broad.body.items.length).toBeLessThanOrEqual(10);
    expect(empty.status).toBe(400);
  });
});

// after the lists' test: the clients made here would change the counts it compares
describe('the small-file upload (multipart) checks the form\'s report_id', () => {
  const NOTES = 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%. Customer churn rose to 9% in the SME segment.';
  const upload = (token: string, ref: string, name: string) => {
    const form = new FormData();
    form.set('file', new Blob([new TextEncoder().encode(NOTES)]), name);
    form.set('report_id', ref);
    form.set('storage_type', 'local');
    return send(routeList.find((r) => r.id === 'uploadFile')!, { path: '/api/files/upload', query: '', body: undefined, form }, token);
  };
  const secretClient = async (name: string) => {
    const c = await newClient(lead, `${name} ${randomUUID().slice(0, 6)}`);
    await makeConfidential(lead, c.orgId);
    return { report: c.reportId, organization: c.orgId };
  };

  it('answers an outsider of a confidential report as for a missing report, stores nothing, and offers no other client\'s item as a duplicate', async () => {
    // Prepare: a confidential client whose library holds a file
    const secret = await secretClient('Upload secret');
    const kept = await upload(lead.token, secret.report, 'board.txt');
    expect(kept.status, kept.text).toBe(200);
    const before = await stored(secret);
    // Act
    const intoSecret = await upload(outsider.token, secret.report, 'board.txt');
    const intoNothing = await upload(outsider.token, randomUUID(), 'board.txt');
    const intoOwn = await upload(outsider.token, own.report, 'board.txt');
    // Assess: the missing report's answer, to the letter; nothing changed under the confidential client
    expect(intoSecret.status).toBe(404);
    expect(intoSecret.body).toEqual(intoNothing.body);
    expect(intoSecret.body).toEqual({ detail: details.reportNotFound });
    expect(await stored(secret)).toEqual(before);
    // the same file in the outsider's own report is stored there, and no duplicate of the other client's is offered
    expect(intoOwn.status, intoOwn.text).toBe(200);
    expect(intoOwn.body.duplicate).toBeUndefined();
    expect(intoOwn.text).not.toContain(kept.body.file_id);
  });

  it('refuses a viewer (who may not edit) with 403 and a detail, as the interview route does, and stores nothing', async () => {
    // Prepare
    const secret = await secretClient('Upload viewer');
    const viewer = await registerAndLogin(gw, 'viewer');
    expect((await http(gw, 'POST', `/api/organizations/${secret.organization}/team`, { token: lead.token, body: { username: viewer.user.username, role: 'viewer' } })).status).toBe(200);
    const before = await stored(secret);
    // Act
    const up = await upload(viewer.token, secret.report, 'notes.txt');
    const interview = await http(gw, 'POST', `/api/reports/${secret.report}/evidence/interview`, { token: viewer.token, body: { title: 'Notes', content: NOTES } });
    // Assess
    expect(up.status).toBe(403);
    expect(up.body).toEqual({ detail: details.teamRoleCannot('viewer', 'edit it') });
    expect({ status: interview.status, body: interview.body }).toEqual({ status: 403, body: up.body });
    expect(await stored(secret)).toEqual(before);
  });
});
