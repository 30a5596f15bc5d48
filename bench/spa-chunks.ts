/** Sizes of the SPA's chunks per page, from the Vite manifest of a production build (frontend/dist). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const DIST = resolve(ROOT, 'frontend/dist');

export function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(resolve(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

const gz = (file: string) => gzipSync(readFileSync(resolve(DIST, file))).length;

/** The entry's JS (what every page downloads first), gzipped. */
export function entryGzip(manifest = readManifest()): number {
  const entry = Object.values(manifest).find((c) => c.isEntry)!;
  const seen = new Set<string>();
  const walk = (key: string): number => {
    if (seen.has(key)) return 0;
    seen.add(key);
    const c = manifest[key]!;
    return gz(c.file) + (c.imports ?? []).reduce((s, k) => s + walk(k), 0);
  };
  const key = Object.keys(manifest).find((k) => manifest[k] === entry)!;
  return walk(key);
}

/**
 * What a page adds beyond the entry, gzipped: the page module's chunk and the static imports it needs that the
 * entry does not already bring. `page` is the source path in the manifest (e.g. src/features/editor/index.ts).
 */
export function pageGzip(page: string, manifest = readManifest()): number {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const inEntry = new Set<string>();
  const mark = (k: string) => {
    if (inEntry.has(k)) return;
    inEntry.add(k);
    for (const i of manifest[k]!.imports ?? []) mark(i);
  };
  mark(entryKey);
  const seen = new Set<string>();
  const walk = (k: string): number => {
    if (seen.has(k) || inEntry.has(k)) return 0;
    seen.add(k);
    const c = manifest[k]!;
    return gz(c.file) + (c.imports ?? []).reduce((s, i) => s + walk(i), 0);
  };
  const key = Object.keys(manifest).find((k) => k.endsWith(page));
  if (!key) throw new Error(`${page} is not a chunk of the build`);
  return walk(key);
}
