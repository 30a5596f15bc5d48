/**
 * Where the access check finds the ids a request carries (shared/api/access-scope.ts): the path, and every field
 * of the query and the body (a multipart route's form fields included) that names a report, a client or a wizard
 * placeholder, wherever the route's schema has it. The route table is read field by field: an id-shaped field
 * that neither the default rule nor the route's `scope` accounts for fails here, so a new route cannot slip through.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { requestScopes, routeIdFields, schemaFields, type ScopeRef } from '@shared/api/access-scope';
import type { RouteDef } from '@shared/api/route-types';
import { routeList, routes } from '@shared/api/routes';

/** A field whose name says it holds the id of a report, a client or a placeholder (one or a list). */
const ID_SHAPED = /^(report|organization|org|client|placeholder)(_?ids?)?$/i;

/** The id-shaped fields of a route's query and body that no rule finds and no declaration names: must be none. */
function unaccounted(route: Pick<RouteDef, 'query' | 'body' | 'scope'>): string[] {
  const found = new Set(routeIdFields(route).map((f) => `${f.section}.${f.path.join('.')}`));
  return (['query', 'body'] as const).flatMap((section) =>
    schemaFields(route[section])
      .filter((path) => ID_SHAPED.test(path.at(-1)!))
      .map((path) => `${section}.${path.join('.')}`)
      .filter((name) => !found.has(name)),
  );
}

/** A value shaped like a validated input with `id` at `path` (`[]`: a list of one, `*`: a record of one). */
function placed(path: readonly string[], id: string): unknown {
  if (!path.length) return id;
  const [head, ...rest] = path;
  if (head === '[]') return [placed(rest, id)];
  return { [head === '*' ? 'k' : head!]: placed(rest, id) };
}

const UUID = '0b7f2a4e-8d1c-4c1e-9a59-9f0a2f7f3b11';
const PLACEHOLDER = `temp-${UUID}`;

describe('the route table accounts for every id a request can carry', () => {
  it('has no id-shaped field that neither the default rule nor the route declares', () => {
    // Act
    const missing = routeList.flatMap((r) => unaccounted(r).map((f) => `${r.id}: ${f}`));
    // Assess
    expect(missing).toEqual([]);
  });

  it('would fail on a new route with an undeclared id field, and passes once it is declared', () => {
    // Prepare: a route whose body names clients under a name the default rule does not read
    const body = z.object({ client_ids: z.array(z.string()), nested: z.object({ report: z.string() }) });
    // Act + Assess
    expect(unaccounted({ body })).toEqual(['body.client_ids', 'body.nested.report']);
    expect(unaccounted({ body, scope: { organization: ['client_ids'], unchecked: { 'nested.report': 'a title, not an id' } } })).toEqual([]);
  });

  it('declares nothing that is not in the route\'s schemas, and gives every unchecked field a reason', () => {
    for (const route of routeList) {
      const fields = new Set((['query', 'body'] as const).flatMap((s) => schemaFields(route[s]).map((p) => p.join('.'))));
      const declared = [...(route.scope?.report ?? []), ...(route.scope?.organization ?? []), ...Object.keys(route.scope?.unchecked ?? {})];
      for (const name of declared) expect(fields.has(name), `${route.id} declares ${name}`).toBe(true);
      for (const reason of Object.values(route.scope?.unchecked ?? {})) expect(reason.length, route.id).toBeGreaterThan(20);
    }
  });

  it('reads each checked field back from a request that carries an id there, in every route', () => {
    let positions = 0;
    for (const route of routeList) {
      for (const field of routeIdFields(route)) {
        // Prepare: the id at this field alone
        const id = field.kind === 'placeholder' ? PLACEHOLDER : UUID;
        const input = { [field.section]: placed(field.path, id) };
        // Act
        const refs = requestScopes(route, input);
        // Assess
        if (field.checked) {
          expect(refs, `${route.id} ${field.section}.${field.path.join('.')}`).toEqual([{ kind: field.kind, id, from: 'input', missing: field.missing }]);
          positions++;
        } else expect(refs, `${route.id} ${field.path.join('.')}`).toEqual([]);
      }
    }
    expect(positions).toBeGreaterThanOrEqual(15);
  });

  it('reads the multipart upload\'s form field, the nested setup ids and a declared query field', () => {
    expect(requestScopes(routes.uploadFile, { body: { report_id: UUID, storage_type: 'local' } })).toEqual([{ kind: 'report', id: UUID, from: 'input', missing: 'report' }]);
    expect(requestScopes(routes.completeSetup, { body: { setup: { organizationId: 'o1', reportId: 'r1' }, placeholder_id: PLACEHOLDER } })).toEqual([
      { kind: 'organization', id: 'o1', from: 'input', missing: 'organization' },
      { kind: 'report', id: 'r1', from: 'input', missing: 'report' },
      { kind: 'placeholder', id: PLACEHOLDER, from: 'input', missing: 'evidence' },
    ]);
    expect(requestScopes(routes.saveProgress, { body: { report_id: 'r1', wizard_data: { setup: { organizationId: 'o1', reportId: 'r1' }, finalize: { cover: { client: 'Acme' } } } } })).toEqual([
      { kind: 'report', id: 'r1', from: 'input', missing: 'report' },
      { kind: 'organization', id: 'o1', from: 'input', missing: 'organization' },
    ]);
    expect(requestScopes(routes.listClientEvidence, { params: { id: 'o1' }, query: { report: 'r1' } })).toEqual([
      { kind: 'organization', id: 'o1', from: 'path', missing: 'organization' },
      { kind: 'report', id: 'r1', from: 'input', missing: 'report' },
    ]);
  });
});

describe('ids inside an id: a wizard placeholder', () => {
  it('is a placeholder wherever a report id may be one, answered as a placeholder with nothing in it', () => {
    const ref = (kind: ScopeRef['kind'], missing: ScopeRef['missing'], from: ScopeRef['from'] = 'path'): ScopeRef => ({ kind, id: PLACEHOLDER, from, missing });
    expect(requestScopes(routes.listEvidence, { params: { id: PLACEHOLDER } })).toEqual([ref('placeholder', 'report')]);
    expect(requestScopes(routes.getEvidence, { params: { id: PLACEHOLDER, evidence_id: UUID } })).toEqual([ref('placeholder', 'evidence')]);
    expect(requestScopes(routes.deleteEvidence, { params: { id: PLACEHOLDER, evidence_id: UUID } })).toEqual([ref('placeholder', 'evidence')]);
    expect(requestScopes(routes.uploadFile, { body: { report_id: PLACEHOLDER } })).toEqual([ref('placeholder', 'report', 'input')]);
    expect(requestScopes(routes.presignUpload, { body: { report_id: PLACEHOLDER } })).toEqual([ref('placeholder', 'report', 'input')]);
    // the claim: the report in the path, the placeholder in the body, both checked
    expect(requestScopes(routes.claimEvidence, { params: { id: UUID }, body: { placeholder_id: PLACEHOLDER } })).toEqual([
      { kind: 'report', id: UUID, from: 'path', missing: 'report' },
      ref('placeholder', 'evidence', 'input'),
    ]);
  });

  it('refuses a report id where only a placeholder may go (the claim and the setup)', () => {
    expect(z.safeParse(routes.claimEvidence.body, { placeholder_id: UUID }).success).toBe(false);
    expect(z.safeParse(routes.claimEvidence.body, { placeholder_id: PLACEHOLDER }).success).toBe(true);
    expect(z.safeParse(routes.completeSetup.body, { idempotency_key: 'key-12345', setup: {}, placeholder_id: UUID }).success).toBe(false);
    // and were one to arrive all the same, it is checked as the report it names
    expect(requestScopes({ path: '/api/x', body: z.object({ placeholder_id: z.string() }) }, { body: { placeholder_id: UUID } })).toEqual([{ kind: 'report', id: UUID, from: 'input', missing: 'report' }]);
  });
});

describe('what a request names, in order and once', () => {
  it('lists the path first, then the query, then the body, each id once', () => {
    const refs = requestScopes(routes.listClientEvidence, { params: { id: 'O1' }, query: { report: 'o1' } });
    expect(refs.map((r) => [r.kind, r.from])).toEqual([
      ['organization', 'path'],
      ['report', 'input'],
    ]);
    expect(requestScopes(routes.saveProgress, { body: { report_id: 'r1', wizard_data: { setup: { reportId: 'R1' } } } })).toHaveLength(1);
  });

  it('never reads inside free data a route stores as given', () => {
    expect(requestScopes(routes.saveReportFile, { params: { report_id: 'r1' }, body: { data: { report_id: 'r2', organization_id: 'o2' } } })).toEqual([{ kind: 'report', id: 'r1', from: 'path', missing: 'report' }]);
  });
});
