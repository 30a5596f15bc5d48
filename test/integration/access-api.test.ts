/**
 * Confidential clients, route by route, generated from the route table: for every route whose path
 * names a report or a client (shared/api/access-scope.ts), someone outside the team of a confidential client
 * gets exactly the answer the route gives for an id that does not exist (404, never 403: nothing leaks), and a
 * member gets past the check. A route added to the table is walked without a line here. Also: lists and
 * dashboard counts leave confidential clients out for outsiders, the last lead cannot leave, and every team or
 * confidentiality change is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pathScopes } from '@shared/api/access-scope';
import { fillPath, type RouteDef } from '@shared/api/route-types';
import { routeList } from '@shared/api/routes';
import { details } from '@shared/messages';
import { tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';
import { shaped } from '../helpers/schema-arbitrary';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let outsider: Session;
let orgId: string;
let reportId: string;

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
});

/** A value for a schema that the schema accepts (sampled with a fixed seed), or undefined when none was found. */
function validSample(schema: z.core.$ZodType | undefined, fixed: Record<string, unknown> = {}): unknown {
  if (!schema) return undefined;
  const samples = fc.sample(shaped(schema), { seed: 20261124, numRuns: 400 });
  for (const s of samples) {
    const candidate = s && typeof s === 'object' && !Array.isArray(s) ? { ...s, ...fixed } : s;
    if (z.safeParse(schema, candidate).success) return candidate;
  }
  return z.safeParse(schema, fixed).success ? fixed : undefined;
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
};

interface Request {
  path: string;
  query: string;
  body: unknown;
}

function requestFor(route: RouteDef, ids: { report: string; organization: string }, username: string): Request {
  const scopes = pathScopes(route);
  const params: Record<string, string> = {};
  for (const m of route.path.matchAll(/\{(\w+)\}/g)) {
    const name = m[1]!;
    const scope = scopes.find((s) => s.param === name);
    params[name] = scope ? ids[scope.kind] : name === 'key' || name === 'step' ? 'findings' : name === 'version' ? '1' : name === 'username' ? username : randomUUID();
  }
  const query = (route.query && z.safeParse(route.query, {}).success ? {} : validSample(route.query)) as Record<string, unknown> | undefined;
  const search = query ? `?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  const body = route.id in BODIES ? BODIES[route.id] : route.bodyType === 'none' || route.bodyType === 'multipart' ? undefined : validSample(route.body, { report_id: ids.report });
  return { path: fillPath(route.path, params), query: search === '?' ? '' : search, body };
}

/** Routes that name a report or a client in their path: the walk. DELETE of the report itself last (its own report). */
const walked = routeList.filter((r) => r.auth === 'user' && pathScopes(r).length > 0);

describe('every report- or client-scoped route refuses an outsider of a confidential client as if it did not exist', () => {
  it('walks a route table that has such routes', () => {
    expect(walked.length).toBeGreaterThan(40);
  });

  it.each(walked.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    // Prepare: the same request for the confidential client and for ids that do not exist
    const destructive = route.method === 'DELETE' && route.path === '/api/reports/{id}';
    const ids = destructive ? await newClient(lead, `Doomed ${randomUUID().slice(0, 6)}`).then(async (c) => (await makeConfidential(lead, c.orgId), { report: c.reportId, organization: c.orgId })) : { report: reportId, organization: orgId };
    const real = requestFor(route, ids, outsider.user.username);
    // a body the route accepts, or the walk would only see its validation answer
    if (route.body && (route.bodyType ?? 'json') === 'json') expect(z.safeParse(route.body, real.body).success, `add a valid body for ${route.id} to BODIES`).toBe(true);
    const unknown = requestFor(route, { report: randomUUID(), organization: randomUUID() }, outsider.user.username);
    unknown.body = real.body;
    unknown.query = real.query;
    // Act
    const asOutsider = await http(gw, route.method, real.path + real.query, { token: outsider.token, body: real.body });
    const asNobody = await http(gw, route.method, unknown.path + unknown.query, { token: outsider.token, body: unknown.body });
    const asMember = await http(gw, route.method, real.path + real.query, { token: lead.token, body: real.body });
    // Assess: the outsider's answer is the unknown id's, a 404; the member's is something else, never 403
    expect(asOutsider.status, asOutsider.text).toBe(404);
    expect({ status: asOutsider.status, detail: asOutsider.body?.detail }).toEqual({ status: asNobody.status, detail: asNobody.body?.detail });
    expect(asMember.status, asMember.text).not.toBe(403);
    expect(asMember.status, asMember.text).toBeLessThan(500);
    expect({ status: asMember.status, detail: asMember.body?.detail }, asMember.text).not.toEqual({ status: asOutsider.status, detail: asOutsider.body?.detail });
  });
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
