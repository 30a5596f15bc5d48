/**
 * Which reports, clients (organizations) and wizard placeholders a request names, found from the route table
 * alone, wherever they arrive:
 * - the path: a path under `/api/reports/{id}` and any `{report_id}` parameter name a report, a path under
 *   `/api/organizations/{id}` a client;
 * - the query and the body (a multipart route's form fields are its body): every field named `report_id` or
 *   `reportId` names a report, `organization_id` or `organizationId` a client, `placeholder_id` a placeholder,
 *   wherever the route's schema has it (nested objects and lists included, such as the setup's `setup`);
 * - fields the route declares (`scope` in its definition) for ids under other names.
 * A report id that is a wizard placeholder (`temp-<uuid>`) names its creator's pending evidence: an id inside
 * the id. The API middleware checks every one of them with the access policy before the handler runs, so a route
 * added to the table is covered without a line in its handler; test/unit/access-scope.test.ts fails on an
 * id-shaped field no rule accounts for, and test/integration/access-api.test.ts walks every position.
 */
import { isPlaceholder } from '../domain/placeholder';
import type { RouteDef } from './route-types';

export type ScopeKind = 'report' | 'organization' | 'placeholder';

/**
 * What the route answers for an id that does not exist, so that one the caller may not see gets the very same:
 * `report` 404 "Report not found", `evidence` 404 "Evidence not found" (a placeholder's item), `organization` 404
 * "Organization not found", `organization_id` 400 "organization_id does not match any organization".
 */
export type MissingAnswer = 'report' | 'evidence' | 'organization' | 'organization_id';

export interface PathScope {
  kind: 'report' | 'organization';
  /** the path parameter that holds the id */
  param: string;
}

/** The scopes a route's path declares. */
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
  /** where it came from: a path names the thing the route is about; a field refers to it */
  from: 'path' | 'input';
  missing: MissingAnswer;
}

type Schema = NonNullable<RouteDef['body']>;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: readonly Schema[];
  in?: Schema;
  left?: Schema;
  right?: Schema;
  valueType?: Schema;
}
const defOf = (schema: Schema): Def | undefined => (schema as unknown as { _zod?: { def?: Def } })._zod?.def;

/** Schemas that only wrap another (the value keeps the inner schema's shape). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/**
 * Every field a schema names, as paths: a list's items are `[]`, a record's values `*`. Fields under an
 * `unknown` (free data a route stores as given) are not named, and are never read.
 */
export function schemaFields(schema: Schema | undefined, depth = 0): string[][] {
  const def = schema && depth < 12 ? defOf(schema) : undefined;
  if (!def) return [];
  if (WRAPPERS.has(def.type)) return schemaFields(def.innerType, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([name, field]) => [[name], ...schemaFields(field, depth + 1).map((p) => [name, ...p])]);
    case 'array':
      return schemaFields(def.element, depth + 1).map((p) => ['[]', ...p]);
    case 'record':
      return schemaFields(def.valueType, depth + 1).map((p) => ['*', ...p]);
    case 'pipe':
      return schemaFields(def.in, depth + 1);
    case 'union':
      return (def.options ?? []).flatMap((o) => schemaFields(o, depth + 1));
    case 'intersection':
      return [...schemaFields(def.left, depth + 1), ...schemaFields(def.right, depth + 1)];
    default:
      return [];
  }
}

/** The field names the default rule reads, and what each names. */
const DEFAULT_FIELDS: Record<string, { kind: ScopeKind; missing: MissingAnswer }> = {
  report_id: { kind: 'report', missing: 'report' },
  reportId: { kind: 'report', missing: 'report' },
  organization_id: { kind: 'organization', missing: 'organization_id' },
  organizationId: { kind: 'organization', missing: 'organization' },
  placeholder_id: { kind: 'placeholder', missing: 'evidence' },
};

/** An input field that names a report, a client or a placeholder (or, `checked: false`, an id declared to name nothing to check). */
export interface IdField {
  section: 'query' | 'body';
  path: string[];
  kind: ScopeKind;
  missing: MissingAnswer;
  /** false: declared in the route's `scope.unchecked`, with its reason */
  checked: boolean;
}

const fieldsOfRoute = new WeakMap<object, IdField[]>();

/** The id fields of a route's query and body: the default rule's and the route's declared ones (computed once per route). */
export function routeIdFields(route: Pick<RouteDef, 'query' | 'body' | 'scope'>): IdField[] {
  const known = fieldsOfRoute.get(route);
  if (known) return known;
  const declared = new Map<string, { kind: ScopeKind; missing: MissingAnswer } | 'unchecked'>();
  for (const f of route.scope?.report ?? []) declared.set(f, { kind: 'report', missing: 'report' });
  for (const f of route.scope?.organization ?? []) declared.set(f, { kind: 'organization', missing: 'organization' });
  for (const f of Object.keys(route.scope?.unchecked ?? {})) declared.set(f, 'unchecked');
  const out: IdField[] = [];
  for (const section of ['query', 'body'] as const) {
    for (const path of schemaFields(route[section])) {
      const rule = declared.get(path.join('.')) ?? DEFAULT_FIELDS[path.at(-1)!];
      if (rule === 'unchecked') out.push({ section, path, kind: 'report', missing: 'report', checked: false });
      else if (rule) out.push({ section, path, ...rule, checked: true });
    }
  }
  fieldsOfRoute.set(route, out);
  return out;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** The strings at a path of a value (a list of strings at the end gives each). */
function valuesAt(value: unknown, path: readonly string[]): string[] {
  if (!path.length) return typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const [head, ...rest] = path;
  if (head === '[]') return Array.isArray(value) ? value.flatMap((v) => valuesAt(v, rest)) : [];
  const record = asRecord(value);
  if (!record) return [];
  if (head === '*') return Object.values(record).flatMap((v) => valuesAt(v, rest));
  return Object.hasOwn(record, head!) ? valuesAt(record[head!], rest) : [];
}

/** A report id that is a placeholder names the placeholder; a placeholder field names nothing else. */
function refOf(kind: ScopeKind, id: string, from: ScopeRef['from'], missing: MissingAnswer): ScopeRef | undefined {
  if (kind === 'report' && isPlaceholder(id)) return { kind: 'placeholder', id, from, missing };
  if (kind === 'placeholder' && !isPlaceholder(id)) return { kind: 'report', id, from, missing: 'report' };
  return { kind, id, from, missing };
}

type RouteForScopes = Pick<RouteDef, 'path' | 'query' | 'body' | 'scope'>;

/**
 * The reports, clients and placeholders one request names, in order (the path, then the query's and the body's
 * fields): the validated input read at the route's id fields. Each once.
 */
export function requestScopes(route: RouteForScopes, input: { params?: unknown; body?: unknown; query?: unknown }): ScopeRef[] {
  const refs: (ScopeRef | undefined)[] = [];
  const item = route.path.includes('{evidence_id}');
  for (const scope of pathScopes(route)) {
    const id = asRecord(input.params)?.[scope.param];
    if (typeof id === 'string' && id) refs.push(refOf(scope.kind, id, 'path', scope.kind === 'organization' ? 'organization' : item && isPlaceholder(id) ? 'evidence' : 'report'));
  }
  for (const field of routeIdFields(route)) {
    if (!field.checked) continue;
    for (const id of valuesAt(input[field.section], field.path)) if (id) refs.push(refOf(field.kind, id, 'input', field.missing));
  }
  const seen = new Set<string>();
  return refs.filter((r): r is ScopeRef => {
    if (!r) return false;
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
