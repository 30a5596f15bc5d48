/**
 * One list of areas (shared/api/areas.ts) and the four places an area lives stay in step: every layer an area
 * declares exists (and holds a file), and every route module and every folder of handlers, rules or SPA features
 * is a listed area that declares that layer (a feature folder may be a page instead). The check reads a tree,
 * so it is also run on trees made wrong on purpose: a layer taken away, a folder no list names, a layer the list
 * leaves out.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AreaDef, AREAS, type Layer, LAYER_PATHS, LAYERS, PAGES, RANKS } from '@shared/api/areas';

const ROOT = resolve(import.meta.dirname, '../..');

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
const isDir = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
/** A folder counts as a layer only with a file in it (an emptied folder is a layer taken away). */
const holdsFile = (dir: string): boolean => readdirSync(dir, { withFileTypes: true }).some((e) => (e.isFile() ? true : e.isDirectory() && holdsFile(join(dir, e.name))));

/** The places each layer's areas are found in, and how a name is read from an entry there. */
const PLACES: Record<Layer, { dir: string; name: (entry: string, root: string) => string | undefined }> = {
  routes: { dir: 'shared/api/routes', name: (e, root) => (e.endsWith('.ts') && isFile(join(root, 'shared/api/routes', e)) ? e.slice(0, -3) : undefined) },
  http: { dir: 'functions/http', name: (e, root) => (isDir(join(root, 'functions/http', e)) ? e : undefined) },
  domain: { dir: 'functions/domain', name: (e, root) => (isDir(join(root, 'functions/domain', e)) ? e : undefined) },
  feature: { dir: 'frontend/src/features', name: (e, root) => (isDir(join(root, 'frontend/src/features', e)) ? e : undefined) },
};

/** What does not match between the list and the tree at `root`; empty when they agree. */
function layerProblems(root: string, areas: Record<string, AreaDef>, pages: readonly string[]): string[] {
  const problems: string[] = [];
  for (const [area, def] of Object.entries(areas)) {
    for (const layer of def.layers) {
      const path = LAYER_PATHS[layer](area);
      const full = join(root, path);
      const there = layer === 'routes' ? isFile(full) : isDir(full) && holdsFile(full);
      if (!there) problems.push(`${area} declares its ${layer} layer, but ${path} is missing or empty`);
    }
  }
  for (const layer of LAYERS) {
    const { dir, name } = PLACES[layer];
    for (const entry of isDir(join(root, dir)) ? readdirSync(join(root, dir)) : []) {
      const area = name(entry, root);
      if (area === undefined) continue;
      if (layer === 'feature' && pages.includes(area)) continue;
      const def = areas[area];
      if (!def) problems.push(`${dir}/${entry} is not an area of shared/api/areas.ts`);
      else if (!def.layers.includes(layer)) problems.push(`${dir}/${entry}: ${area} does not declare its ${layer} layer`);
    }
  }
  for (const page of pages) {
    if (areas[page]) problems.push(`${page} is listed both as an area and as a page`);
    if (!isDir(join(root, LAYER_PATHS.feature(page)))) problems.push(`the page ${page} has no feature folder`);
  }
  return problems;
}

describe('the list of areas', () => {
  it('matches the repository: every declared layer exists, and every route module, handler, rule and feature folder is a listed area with that layer', () => {
    // Act
    const problems = layerProblems(ROOT, AREAS, PAGES);

    // Assess
    expect(problems).toEqual([]);
  });

  it('gives every area one of the ranks, and a page no layer but its feature', () => {
    // Act
    const ranks = Object.values(AREAS as Record<string, AreaDef>).map((a) => a.rank);
    const pageLayers = PAGES.filter((p) => ['routes', 'http', 'domain'].some((l) => statSync(join(ROOT, LAYER_PATHS[l as Layer](p)), { throwIfNoEntry: false })));

    // Assess
    expect(ranks.every((r) => RANKS.includes(r))).toBe(true);
    expect(pageLayers).toEqual([]);
  });

  it('names each route by its area: every handler of shared/api/routes/<area>.ts is functions/http/<area>/<operation>', async () => {
    // Prepare
    const areasWithRoutes = Object.entries(AREAS as Record<string, AreaDef>).filter(([, def]) => def.layers.includes('routes'));

    // Act
    const misplaced: string[] = [];
    for (const [area] of areasWithRoutes) {
      const module = (await import(`../../shared/api/routes/${area}.ts`)) as Record<string, Record<string, { id: string; handler: string }>>;
      for (const table of Object.values(module)) for (const route of Object.values(table)) if (!route.handler.startsWith(`${area}/`)) misplaced.push(`${route.id}: ${route.handler}`);
    }

    // Assess
    expect(misplaced).toEqual([]);
  });
});

describe('the check of the list against a tree', () => {
  let tree: string | undefined;
  afterEach(() => {
    if (tree) rmSync(tree, { recursive: true, force: true });
    tree = undefined;
  });

  /** A tree with every layer the list declares (one file each), and the pages' folders. */
  function treeOf(areas: Record<string, AreaDef>, pages: readonly string[]): string {
    const root = mkdtempSync(join(tmpdir(), 'assay-areas-'));
    const write = (path: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), 'export {};\n');
    };
    for (const [area, def] of Object.entries(areas)) for (const layer of def.layers) write(layer === 'routes' ? LAYER_PATHS.routes(area) : `${LAYER_PATHS[layer](area)}/index.ts`);
    for (const page of pages) write(`${LAYER_PATHS.feature(page)}/index.ts`);
    return root;
  }

  it('passes a tree that has exactly the listed layers', () => {
    // Prepare
    tree = treeOf(AREAS, PAGES);

    // Act
    const problems = layerProblems(tree, AREAS, PAGES);

    // Assess
    expect(problems).toEqual([]);
  });

  it.each(LAYERS.map((layer) => [layer] as const))('fails when an area loses its %s layer', (layer) => {
    // Prepare
    const area = Object.entries(AREAS as Record<string, AreaDef>).find(([, def]) => def.layers.includes(layer))![0];
    tree = treeOf(AREAS, PAGES);
    rmSync(join(tree, LAYER_PATHS[layer](area)), { recursive: true });

    // Act
    const problems = layerProblems(tree, AREAS, PAGES);

    // Assess
    expect(problems).toEqual([`${area} declares its ${layer} layer, but ${LAYER_PATHS[layer](area)} is missing or empty`]);
  });

  it('fails when a layer folder is left empty', () => {
    // Prepare
    tree = treeOf(AREAS, PAGES);
    rmSync(join(tree, LAYER_PATHS.domain('ai'), 'index.ts'));

    // Act
    const problems = layerProblems(tree, AREAS, PAGES);

    // Assess
    expect(problems).toEqual(['ai declares its domain layer, but functions/domain/ai is missing or empty']);
  });

  it.each(LAYERS.map((layer) => [layer] as const))('fails on a %s of an area the list does not name', (layer) => {
    // Prepare
    tree = treeOf(AREAS, PAGES);
    const path = layer === 'routes' ? LAYER_PATHS.routes('stray') : `${LAYER_PATHS[layer]('stray')}/index.ts`;
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), 'export {};\n');

    // Act
    const problems = layerProblems(tree, AREAS, PAGES);

    // Assess
    expect(problems).toEqual([`${PLACES[layer].dir}/${layer === 'routes' ? 'stray.ts' : 'stray'} is not an area of shared/api/areas.ts`]);
  });

  it('fails on a layer the list leaves out of an area', () => {
    // Prepare
    tree = treeOf(AREAS, PAGES);
    mkdirSync(join(tree, LAYER_PATHS.feature('limits')), { recursive: true });
    writeFileSync(join(tree, LAYER_PATHS.feature('limits'), 'index.ts'), 'export {};\n');

    // Act
    const problems = layerProblems(tree, AREAS, PAGES);

    // Assess
    expect(problems).toEqual(['frontend/src/features/limits: limits does not declare its feature layer']);
  });
});
