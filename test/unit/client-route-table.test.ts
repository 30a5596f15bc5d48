/**
 * The SPA's copy of the route table (frontend/route-table-plugin.ts): every route module, read by the plugin, gives
 * the SPA each route's id, method, path, auth and body type exactly as the real table says, and no schemas; a
 * module the plugin could misread stops the build with the place named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_FIELDS, clientRouteTable, clientRouteTables } from '../../frontend/route-table-plugin';
import type { RouteDef } from '@shared/api/route-types';

const dir = resolve(__dirname, '../../shared/api/routes');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

/** What the SPA reads of a route, from the real table. */
const clientFields = (route: RouteDef) => Object.fromEntries(CLIENT_ROUTE_FIELDS.filter((k) => route[k] !== undefined).map((k) => [k, route[k]]));

describe("the SPA's route table", () => {
  it.each(files)('%s: the same routes, ids, methods, paths, auth and body types as the real table', async (file) => {
    const real = (await import(resolve(dir, file))) as Record<string, Record<string, RouteDef>>;
    const copy = clientRouteTables(readFileSync(resolve(dir, file), 'utf8'), file);
    expect(Object.keys(copy).sort()).toEqual(Object.keys(real).sort());
    for (const [name, table] of Object.entries(real)) {
      expect(Object.keys(copy[name]!)).toEqual(Object.keys(table));
      for (const [key, route] of Object.entries(table)) expect(copy[name]![key], `${name}.${key}`).toEqual(clientFields(route));
    }
  });

  it('keeps every route field the SPA reads', () => {
    const read = new Set<string>();
    const walk = (d: string) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const path = resolve(d, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          // `route.method` in the API client, `authRoutes.refresh.path` where a page names a route
          for (const m of text.matchAll(/\broute\.(\w+)|\b\w+Routes\.\w+\.(\w+)/g)) read.add((m[1] ?? m[2])!);
        }
      }
    };
    walk(resolve(__dirname, '../../frontend/src'));
    expect(read.size).toBeGreaterThan(2);
    expect([...read].filter((field) => !(CLIENT_ROUTE_FIELDS as readonly string[]).includes(field))).toEqual([]);
  });

  it('the module the SPA gets is plain data: no import, no zod', () => {
    const plugin = clientRouteTable();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
    const id = resolve(dir, 'reports.ts');
    const out = transform.call({ error: (m: string) => { throw new Error(m); } }, readFileSync(id, 'utf8'), id);
    expect(out!.code).not.toMatch(/\bimport\b|zod|defineRoute|response|access/);
    expect(out!.code).toContain('"listReports":{"id":"listReports","method":"GET","path":"/api/reports","auth":"user","bodyType":"none"}');
    // other modules pass through untouched
    expect(transform.call({}, 'export const x = 1;', resolve(__dirname, '../../shared/schemas/reports.ts'))).toBeNull();
  });

  it.each([
    ['a route built by a function', "export const r = { a: makeRoute({ id: 'a' }) };", 'r.a is not defineRoute({...})'],
    ['a path that is not a literal', "const P = '/x'; export const r = { a: defineRoute({ id: 'a', method: 'GET', path: P }) };", 'r.a.path must be a string literal'],
    ['a spread table', 'export const r = { ...other };', "r has a member that is not `key: defineRoute({...})`"],
    ['an export that is not a table', 'export function f() {}', 'a route module exports only route tables'],
  ])('refuses %s, naming the place', (_what, source, message) => {
    expect(() => clientRouteTables(source, 'x.ts')).toThrow(message);
  });
});
