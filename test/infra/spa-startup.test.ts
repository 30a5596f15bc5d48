/**
 * What the SPA evaluates while a page starts (a slow phone): the dashboard's code, with everything it
 * imports, builds no zod schema. Building the route table's and the shared modules' schemas is start-up work a
 * slow phone feels, for a page that validates nothing (frontend/route-table-plugin.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../bench/spa-chunks';

const DIST = resolve(import.meta.dirname, '../../frontend/dist');
/** zod 4's core marks every schema with this property; no other code of ours or our libraries names it */
const ZOD_MARK = '_zod';

/** The chunks a module's static imports bring (with the entry's), by file. */
function startupChunks(page: string): string[] {
  const manifest = readManifest();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) walk(i);
  };
  const key = Object.keys(manifest).find((k) => k.endsWith(page));
  if (!key) throw new Error(`${page} is not a chunk of the build`);
  walk(key);
  walk(Object.keys(manifest).find((k) => manifest[k]!.isEntry)!);
  return [...seen].map((k) => manifest[k]!.file);
}

describe('the SPA starts a page without building schemas', () => {
  it.each([
    'src/features/dashboard/components/dashboard-page.tsx',
    'src/features/dashboard/components/dashboard-tabs.tsx',
    'src/features/dashboard/components/account-menu.tsx',
    'src/features/auth/components/auth-screen.tsx',
  ])('%s and its imports carry no zod', (page) => {
    const chunks = startupChunks(page);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.filter((file) => readFileSync(resolve(DIST, file), 'utf8').includes(ZOD_MARK))).toEqual([]);
  });

  it('the wizard, which validates its steps, still has zod (the check can see it)', () => {
    const chunks = startupChunks('src/features/wizard/components/wizard-page.tsx');
    expect(chunks.some((file) => readFileSync(resolve(DIST, file), 'utf8').includes(ZOD_MARK))).toBe(true);
  });
});
