/**
 * Production builds ship no source maps: neither the Lambda bundles (scripts/build-functions.ts, built fresh by
 * this project's global setup) nor the SPA (frontend/vite.config.ts) emit a .map file or point to one.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_OUT } from '../../scripts/build-functions';

const ROOT = resolve(import.meta.dirname, '../..');
const SPA_OUT = resolve(ROOT, 'frontend/dist');

/** A source-map URL comment (the `//#` and old `//@` forms, and CSS's), spelled so this file holds none itself. */
const MAP_COMMENT = new RegExp(`[#@]\\s*${'source'}MappingURL=`);

/** Every file under dir, relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

/** Files that are source maps, or scripts and styles whose last comment points to one. */
function sourceMapLeaks(dir: string): string[] {
  const leaks: string[] = [];
  for (const file of filesUnder(dir)) {
    if (/\.map$/i.test(file)) leaks.push(file);
    else if (/\.(m?js|cjs|css|html)$/i.test(file) && MAP_COMMENT.test(readFileSync(join(dir, file), 'utf8'))) leaks.push(`${file} (sourceMappingURL)`);
  }
  return leaks;
}

describe('no source maps in what is deployed', () => {
  it('the function bundles (and their code-split workers) carry no map and no sourceMappingURL', () => {
    const files = filesUnder(FUNCTIONS_OUT);
    expect(files.filter((f) => f.endsWith('.mjs')).length).toBeGreaterThan(10);
    expect(sourceMapLeaks(FUNCTIONS_OUT)).toEqual([]);
  });

  it('the SPA build is configured without source maps, and its output has none', async () => {
    const config = await resolveConfig({ configFile: resolve(ROOT, 'frontend/vite.config.ts'), logLevel: 'silent' }, 'build', 'production', 'production');
    expect(config.build.sourcemap).toBe(false);
    expect(config.css.devSourcemap).toBeFalsy();
    expect(filesUnder(SPA_OUT)).toContain('index.html');
    expect(sourceMapLeaks(SPA_OUT)).toEqual([]);
  });

  it('finds a leak when there is one (the check itself works)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-source-maps-'));
    mkdirSync(join(dir, 'a'), { recursive: true });
    writeFileSync(join(dir, 'a', 'index.mjs'), `export const x = 1;\n//# ${'source'}MappingURL=index.mjs.map\n`);
    writeFileSync(join(dir, 'a', 'index.mjs.map'), '{}');
    writeFileSync(join(dir, 'clean.js'), 'export const y = 2;\n');
    expect(sourceMapLeaks(dir).sort()).toEqual(['a/index.mjs (sourceMappingURL)', 'a/index.mjs.map']);
    rmSync(dir, { recursive: true, force: true });
  });
});
