/**
 * Which client (organization) or report a request is about, found from the route table alone:
 * - a path under `/api/reports/{id}` and any `{report_id}` path parameter name a report;
 * - a path under `/api/organizations/{id}` names an organization;
 * - a validated body or query field `report_id` names a report (unless it is a wizard placeholder), and a
 *   field `organization_id` an organization (also `reportId` / `organizationId` in the setup's `setup` object).
 * The API middleware checks every one of them with the access policy before the handler runs, so a route
 * added to the table is covered without a line in its handler; test/integration/access-api.test.ts
 * walks the table with the same function.
 */
import { isPlaceholder } from '../domain/placeholder';
import type { RouteDef } from './route-types';

export type ScopeKind = 'report' | 'organization';

export interface PathScope {
  kind: ScopeKind;
  /** the path parameter that holds the id */
  param: string;
}

/** The scopes a route's path declares (what the outsider test walks). */
export function pathScopes(route: Pick<RouteDef, 'path'>): PathScope[] {
  const out: PathScope[] = [];
  if (/^\/api\/reports\/\{id\}(\/|$)/.test(route.path)) out.push({ kind: 'report', param: 'id' });
  if (/^\/api\/organizations\/\{id\}(\/|$)/.test(route.path)) out.push({ kind: 'organization', param: 'id' });
  if (route.path.includes('{report_id}')) out.push({ kind: 'report', param: 'report_id' });
  return out;
}

export interface ScopeRef {
  kind: ScopeKind;
  id: string;
  /** where it came from: a path names the thing the route is about (unknown: 404); a field refers to it */
  from: 'path' | 'input';
}

const asRecord = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** The reports and organizations one request is about (path parameters, then validated input fields). */
export function requestScopes(route: Pick<RouteDef, 'path'>, input: { params?: unknown; body?: unknown; query?: unknown }): ScopeRef[] {
  const refs: ScopeRef[] = [];
  for (const scope of pathScopes(route)) {
    const id = asRecord(input.params)?.[scope.param];
    // a wizard placeholder (`temp-<uuid>`) is evidence filed before setup made the report: no client yet
    if (typeof id === 'string' && id && !(scope.kind === 'report' && isPlaceholder(id))) refs.push({ kind: scope.kind, id, from: 'path' });
  }
  const body = asRecord(input.body);
  // the wizard's setup names them inside its `setup` object, in the SPA's spelling
  for (const source of [body, asRecord(body?.setup), asRecord(input.query)]) {
    if (!source) continue;
    const report = source.report_id ?? source.reportId;
    if (typeof report === 'string' && report && !isPlaceholder(report)) refs.push({ kind: 'report', id: report, from: 'input' });
    const org = source.organization_id ?? source.organizationId;
    if (typeof org === 'string' && org) refs.push({ kind: 'organization', id: org, from: 'input' });
  }
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.kind}:${r.id.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The policy action of a route: declared, or read for GET and edit for everything else. */
export function routeAction(route: Pick<RouteDef, 'method' | 'clientAction'>): NonNullable<RouteDef['clientAction']> {
  return route.clientAction ?? (route.method === 'GET' ? 'read' : 'edit');
}
