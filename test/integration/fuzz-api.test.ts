/**
 * Every route of the route table, fuzzed from its own schemas through the gateway: bodies and queries shaped like
 * what the route accepts, with one hostile change (a field of the wrong type, 200,000 digits, long strings,
 * prototype keys, missing and unknown fields), path parameters that exist and ones that do not. Whatever is sent,
 * the answer is a success or a 4xx with a `detail` that says what is wrong: never a 5xx, never a stack trace.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fillPath, type RouteDef } from '@shared/api/route-types';
import { routeList } from '@shared/api/routes';
import { http, registerAndLogin } from '../helpers/http';
import { attack, shaped } from '../helpers/schema-arbitrary';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
const real: Record<string, string> = {};

/** Fewer runs where a success costs more (mail, AI drafting, fetching) or is rate-limited per address. */
const runsFor = (route: RouteDef) => (route.throttle === 'auth' ? 6 : route.size === 'large' ? 8 : 15);

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'fuzz')).token;
  const org = await http(gw, 'POST', '/api/organizations', { token, body: { name: `Fuzz Org ${randomUUID().slice(0, 6)}` } });
  const report = await http(gw, 'POST', '/api/reports', { token, body: { title: 'Fuzz', organization_id: org.body.id, owner: 'Ann' } });
  Object.assign(real, { id: report.body.id, report_id: report.body.id, key: 'findings', version: '1' });
});

function paramsArbitrary(route: RouteDef): fc.Arbitrary<Record<string, string>> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant({});
  const unknown = fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.uuid(), fc.constantFrom('x', '0', '..', '%00', '9'.repeat(300), '__proto__'))])));
  // the ids of a report that exists (deleting it would leave the other routes nothing to find)
  const existing = fc.constant(Object.fromEntries(names.map((n) => [n, real[n] ?? randomUUID()])));
  const fromSchema = route.params ? shaped(route.params).map((p) => Object.fromEntries(names.map((n) => [n, String((p as Record<string, unknown>)?.[n] ?? 'x')]))) : unknown;
  return route.method === 'DELETE' ? fc.oneof(unknown, fromSchema) : fc.oneof(existing, unknown, fromSchema);
}

function queryArbitrary(route: RouteDef): fc.Arbitrary<string> {
  if (!route.query) return fc.constant('');
  return attack(route.query).map((q) => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) return `?q=${encodeURIComponent(String(q))}`;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) search.append(k, typeof v === 'string' ? v : JSON.stringify(v) ?? '');
    return `?${search}`;
  });
}

describe('fuzzing every route from its schemas', () => {
  it.each(routeList.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 2xx or a 4xx with a detail', async (_name, route) => {
    const body =
      route.body && route.bodyType !== 'multipart'
        ? attack(route.body)
        : route.method === 'GET'
          ? fc.constant(undefined)
          : fc.option(fc.string({ maxLength: 20 }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(paramsArbitrary(route), queryArbitrary(route), body, async (params, query, payload) => {
        // Act
        const path = `${fillPath(route.path, params)}${query}`;
        const res = await http(gw, route.method, path, { token, ...(payload === undefined ? {} : { raw: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }) });
        // Assess
        expect(res.status, `${route.method} ${path} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
        expect(res.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
        if (res.status >= 400) {
          const detail = (res.body as { detail?: unknown; message?: unknown })?.detail ?? (res.body as { message?: unknown })?.message;
          expect(typeof detail, `${route.method} ${path}: ${res.text.slice(0, 200)}`).toBe('string');
        }
      }),
      { numRuns: runsFor(route), seed: Number(process.env.FUZZ_SEED ?? 20261123), endOnFailure: true },
    );
  });
});
