/**
 * Every route of the route table, fuzzed from its own schemas through the gateway: bodies and queries shaped like
 * what the route accepts, with one hostile change (a field of the wrong type, 200,000 digits, huge and
 * unrepresentable numbers, long and malformed Unicode strings, prototype keys, missing and unknown fields), sent
 * in hostile envelopes (wrong content types, truncated or garbled bytes, nesting 33 to 200,000 levels deep;
 * for multipart routes truncated and garbled forms, bad boundaries, prototype field names, too many fields),
 * with path parameters that exist and ones that do not. Whatever is sent, the answer is a success or a 4xx with
 * a `detail` that says what is wrong: never a 5xx, never a stack trace, never slower than 5 s, and the gateway
 * still answers its health check after each route's batch.
 *
 * `npm test` runs a fixed seed. `npm run fuzz` (FUZZ_RUNS requests per route, a fresh seed unless FUZZ_SEED is
 * set) writes the figures to bench/results/fuzz.json and fuzz.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillPath, type RouteDef } from '@shared/api/route-types';
import { routeList } from '@shared/api/routes';
import { http, registerAndLogin } from '../helpers/http';
import { attack, deepJson, jsonText, shaped, unicodeStrings, unraw } from '../helpers/schema-arbitrary';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
const real: Record<string, string> = {};

const LONG_RUN = process.env.FUZZ_RUNS !== undefined;
const SEED = Number(process.env.FUZZ_SEED ?? (LONG_RUN ? Date.now() % 2 ** 31 : 20261123));
const MAX_RESPONSE_MS = 5000;

/** Fewer runs where a success costs more (mail, AI drafting, fetching) or is rate-limited per address. */
function runsFor(route: RouteDef): number {
  const share = route.throttle === 'auth' ? 0.4 : route.size === 'large' ? 0.55 : 1;
  return Math.max(1, Math.round((LONG_RUN ? Number(process.env.FUZZ_RUNS) : 15) * share));
}

/** Per route: requests sent, 5xx seen, the slowest answer. */
const figures = new Map<string, { requests: number; serverErrors: number; slowestMs: number; statuses: Record<string, number> }>();

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'fuzz')).token;
  const org = await http(gw, 'POST', '/api/organizations', { token, body: { name: `Fuzz Org ${randomUUID().slice(0, 6)}` } });
  const report = await http(gw, 'POST', '/api/reports', { token, body: { title: 'Fuzz', organization_id: org.body.id, owner: 'Ann' } });
  Object.assign(real, { id: report.body.id, report_id: report.body.id, key: 'findings', version: '1' });
});

function paramsArbitrary(route: RouteDef): fc.Arbitrary<Record<string, string>> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant({});
  const unknown = fc.record(
    Object.fromEntries(names.map((n) => [n, fc.oneof(fc.uuid(), fc.constantFrom('x', '0', '..', '%00', '9'.repeat(300), '__proto__', 'constructor', '-0', '1e999'), unicodeStrings)])),
  );
  // the ids of a report that exists (deleting it would leave the other routes nothing to find)
  const existing = fc.constant(Object.fromEntries(names.map((n) => [n, real[n] ?? randomUUID()])));
  const fromSchema = route.params ? shaped(route.params).map((p) => Object.fromEntries(names.map((n) => [n, unraw(String((p as Record<string, unknown>)?.[n] ?? 'x'))]))) : unknown;
  return route.method === 'DELETE' ? fc.oneof(unknown, fromSchema) : fc.oneof(existing, unknown, fromSchema);
}

function queryArbitrary(route: RouteDef): fc.Arbitrary<string> {
  if (!route.query) return fc.constant('');
  return attack(route.query).map((q) => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) return `?q=${encodeURIComponent(unraw(String(q)).toWellFormed())}`;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) search.append(k, typeof v === 'string' ? unraw(v) : jsonText(v));
    return `?${search.toString()}`;
  });
}

interface Sent {
  body?: string | Buffer;
  headers: Record<string, string>;
  label: string;
}

const WRONG_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/json; charset=utf-16', 'application/xml', 'application/json, text/plain', 'application/jsonx', ''];

/** A JSON payload in an envelope: as JSON, under a wrong content type, cut short, with invalid UTF-8, or nested absurdly deep. */
function jsonEnvelope(payload: fc.Arbitrary<unknown>): fc.Arbitrary<Sent> {
  const json = { 'content-type': 'application/json' };
  return fc.oneof(
    { weight: 5, arbitrary: payload.map((p): Sent => ({ body: jsonText(p), headers: json, label: 'json' })) },
    fc.tuple(payload, fc.constantFrom(...WRONG_TYPES)).map(([p, type]): Sent => ({ body: jsonText(p), headers: type ? { 'content-type': type } : {}, label: `content-type ${type || 'none'}` })),
    fc.tuple(payload, fc.nat()).map(([p, at]): Sent => {
      const text = jsonText(p);
      return { body: text.slice(0, at % Math.max(1, text.length)), headers: json, label: 'truncated' };
    }),
    fc.tuple(payload, fc.nat(), fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x00])).map(([p, at, bytes]): Sent => {
      const text = Buffer.from(jsonText(p));
      const cut = at % Math.max(1, text.length);
      return { body: Buffer.concat([text.subarray(0, cut), Buffer.from(bytes), text.subarray(cut)]), headers: json, label: 'garbled' };
    }),
    fc.tuple(fc.constantFrom(33, 1000, 200_000), fc.boolean()).map(([depth, array]): Sent => ({
      body: array ? deepJson(depth, '[', ']') : deepJson(depth),
      headers: json,
      label: `nested ${depth}`,
    })),
    fc.constantFrom<Sent>({ body: '', headers: json, label: 'empty' }, { body: 'null', headers: json, label: 'null' }, { body: '{"a":1,"a":2}', headers: json, label: 'duplicate keys' }),
  );
}

const PROTOTYPE_FIELDS = ['constructor[]', '__proto__[]', 'hasOwnProperty[]', 'prototype', '__proto__', 'toString', 'valueOf[x]'];

function multipartText(boundary: string, fields: Array<[string, string]>, file?: { field: string; name: string; content: string }): string {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.content}\r\n`);
  return `${parts.join('')}--${boundary}--\r\n`;
}

/** Forms for multipart routes: well formed with hostile values, cut short, with a boundary that does not match, prototype field names, too many fields. */
const multipartEnvelope: fc.Arbitrary<Sent> = fc
  .record({
    reportId: fc.oneof(fc.constant('REAL'), fc.uuid(), fc.constantFrom('', '__proto__', '9'.repeat(300)), unicodeStrings),
    storage: fc.constantFrom('local', 'cloud', '', 'constructor'),
    extra: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_FIELDS), fc.string({ maxLength: 12 }), unicodeStrings), fc.string({ maxLength: 20 })), { maxLength: 3 }),
    fileName: fc.constantFrom('notes.txt', 'a.pdf', 'run.exe', '../../etc/passwd.txt', 'x'.repeat(300) + '.txt', '€.csv', ''),
    content: fc.oneof(fc.constant('Revenue grew 12% and the margin improved to 14%.'), fc.string({ maxLength: 200 }), fc.constant('%PDF-1.7\n'), fc.constant('PK\u0003\u0004')),
    fileField: fc.constantFrom('file', 'file', 'file', 'other', '__proto__', 'constructor[]'),
    shape: fc.constantFrom('whole', 'whole', 'truncated', 'wrong boundary', 'no boundary', 'mixed', 'many fields', 'json'),
    cut: fc.nat(),
  })
  .map(({ reportId, storage, extra, fileName, content, fileField, shape, cut }): Sent => {
    const boundary = `----fuzz${cut % 100000}`;
    const fields: Array<[string, string]> = [['report_id', reportId === 'REAL' ? real.id! : reportId], ['storage_type', storage], ...extra];
    if (shape === 'many fields') for (let i = 0; i < 25; i++) fields.push([`f${i}`, 'x']);
    const text = multipartText(boundary, fields, { field: fileField, name: fileName, content });
    const type = `multipart/form-data; boundary=${boundary}`;
    switch (shape) {
      case 'truncated':
        return { body: text.slice(0, cut % text.length), headers: { 'content-type': type }, label: 'multipart truncated' };
      case 'wrong boundary':
        return { body: text, headers: { 'content-type': 'multipart/form-data; boundary=other' }, label: 'multipart wrong boundary' };
      case 'no boundary':
        return { body: text, headers: { 'content-type': 'multipart/form-data' }, label: 'multipart no boundary' };
      case 'mixed':
        return { body: text, headers: { 'content-type': `multipart/mixed; boundary=${boundary}` }, label: 'multipart/mixed' };
      case 'json':
        return { body: JSON.stringify({ report_id: real.id, file: content }), headers: { 'content-type': 'application/json' }, label: 'json to a multipart route' };
      default:
        return { body: text, headers: { 'content-type': type }, label: `multipart ${shape}` };
    }
  });

function bodyArbitrary(route: RouteDef): fc.Arbitrary<Sent> {
  if (route.method === 'GET') return fc.constant({ headers: {}, label: 'no body' });
  if (route.bodyType === 'multipart') return multipartEnvelope;
  if (route.body) return jsonEnvelope(attack(route.body));
  // routes that take no body get one anyway, sometimes
  return fc.oneof(
    fc.constant<Sent>({ headers: {}, label: 'no body' }),
    jsonEnvelope(fc.oneof(fc.string({ maxLength: 20 }), fc.constant({ __proto__: { admin: true } }))),
  );
}

function record(route: RouteDef, status: number, ms: number): void {
  const key = `${route.method} ${route.path}`;
  const entry = figures.get(key) ?? { requests: 0, serverErrors: 0, slowestMs: 0, statuses: {} };
  entry.requests++;
  if (status >= 500) entry.serverErrors++;
  entry.slowestMs = Math.max(entry.slowestMs, Math.round(ms));
  entry.statuses[String(status)] = (entry.statuses[String(status)] ?? 0) + 1;
  figures.set(key, entry);
}

describe('fuzzing every route from its schemas', () => {
  it.each(routeList.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 2xx or a 4xx with a detail',
    async (_name, route) => {
      // the handler's first request imports its module (a cold start, seconds for the chart renderer on a busy
      // machine): made once, untimed, so the 5 s limit measures stalls, not module loading
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      // sign out everywhere ends every session of its user: it gets a user of its own, so the others keep theirs
      const bearer = route.id === 'logoutAll' ? (await registerAndLogin(gw, 'fuzz-out')).token : token;
      const warm = await http(gw, route.method, fillPath(route.path, Object.fromEntries(names.map((n) => [n, real[n] ?? randomUUID()]))), { token: bearer });
      expect(warm.status).toBeLessThan(500);
      await fc.assert(
        fc.asyncProperty(paramsArbitrary(route), queryArbitrary(route), bodyArbitrary(route), async (params, query, sent) => {
          // Act
          // a lone surrogate cannot be percent-encoded: the client sends U+FFFD in its place, as a browser would
          const path = `${fillPath(route.path, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v.toWellFormed()])))}${query}`;
          const started = performance.now();
          const res = await http(gw, route.method, path, { token: bearer, headers: sent.headers, ...(sent.body === undefined ? {} : { raw: sent.body }) });
          const ms = performance.now() - started;
          record(route, res.status, ms);
          // Assess
          const what = `${route.method} ${path} (${sent.label}) → ${res.status}`;
          expect(res.status, `${what} ${res.text.slice(0, 300)}`).toBeLessThan(500);
          expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(MAX_RESPONSE_MS);
          expect(res.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
          if (res.status >= 400) {
            const detail = (res.body as { detail?: unknown; message?: unknown })?.detail ?? (res.body as { message?: unknown })?.message;
            expect(typeof detail, `${what}: ${res.text.slice(0, 200)}`).toBe('string');
          }
        }),
        { numRuns: runsFor(route), seed: SEED, endOnFailure: true },
      );
      // the batch is over: the gateway still serves
      const health = await http(gw, 'GET', '/api/health');
      expect(health.status).toBe(200);
    },
    Math.max(...routeList.map(runsFor)) * MAX_RESPONSE_MS + 30_000,
  );
});

afterAll(() => {
  if (!LONG_RUN) return;
  const routes = Object.fromEntries([...figures].sort(([a], [b]) => a.localeCompare(b)));
  const all = [...figures.values()];
  const total = all.reduce((n, f) => n + f.requests, 0);
  const serverErrors = all.reduce((n, f) => n + f.serverErrors, 0);
  const slowest = [...figures].reduce<[string, number]>((best, [k, f]) => (f.slowestMs > best[1] ? [k, f.slowestMs] : best), ['', 0]);
  const summary = { date: new Date().toISOString(), seed: SEED, runsPerRoute: Number(process.env.FUZZ_RUNS), routes: figures.size, requests: total, serverErrors, slowestMs: slowest[1], slowestRoute: slowest[0] };
  const dir = resolve(import.meta.dirname, '../../bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, 'fuzz.json'), `${JSON.stringify({ ...summary, perRoute: routes }, null, 2)}\n`);
  const rows = Object.entries(routes).map(([k, f]) => `| \`${k}\` | ${f.requests} | ${f.serverErrors} | ${f.slowestMs} | ${Object.entries(f.statuses).map(([s, n]) => `${s}×${n}`).join(' ')} |`);
  writeFileSync(
    resolve(dir, 'fuzz.md'),
    [
      '# Fuzzing every route (npm run fuzz)',
      '',
      `${summary.date}, seed ${SEED}, ${summary.runsPerRoute} runs per route (fewer on the auth and large routes): **${total} requests over ${figures.size} routes, ${serverErrors} answers 5xx, slowest ${slowest[1]} ms** (${slowest[0]}).`,
      '',
      '| route | requests | 5xx | slowest ms | statuses |',
      '|---|---:|---:|---:|---|',
      ...rows,
      '',
    ].join('\n'),
  );
});
