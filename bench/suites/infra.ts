/**
 * The deployable: `cdk synth` time (the CLI, median of 3), the resources of each stack (nested ones included;
 * CloudFormation allows 500), the total asset size, the largest function bundle.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { routeList } from '@shared/api/routes';
import { buildFunctions, FUNCTIONS_OUT } from '../../scripts/build-functions';
import { kb, median, ms, ROOT, type SuiteResult } from '../lib';

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(path) : statSync(path).size;
  }
  return total;
}

export async function run(): Promise<SuiteResult> {
  await buildFunctions({ quiet: true });
  const vite = spawnSync(process.execPath, [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'error'], { cwd: ROOT });
  if (vite.status !== 0) throw new Error('SPA build failed');

  const times: number[] = [];
  let out = '';
  for (let i = 0; i < 3; i++) {
    out = mkdtempSync(join(tmpdir(), 'assay-synth-'));
    const started = Date.now();
    const run = spawnSync(process.execPath, [resolve(ROOT, 'node_modules/aws-cdk/bin/cdk'), 'synth', '--quiet', '--no-notices', '-o', out, '-c', 'allowedEmailDomains=example.com'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
    });
    if (run.status !== 0) throw new Error(`cdk synth failed: ${run.stderr.slice(-2000)}`);
    times.push(Date.now() - started);
    if (i < 2) rmSync(out, { recursive: true, force: true });
  }
  const templates = readdirSync(out).filter((f) => f.endsWith('.template.json'));
  const resources = Object.fromEntries(
    templates.map((f) => [f.replace(/\.template\.json$/, ''), Object.keys((JSON.parse(readFileSync(join(out, f), 'utf8')) as { Resources?: object }).Resources ?? {}).length]),
  );
  const nested = templates.filter((f) => f.endsWith('.nested.template.json')).length;
  const [largestStack, largestCount] = Object.entries(resources).reduce((a, b) => (b[1] > a[1] ? b : a));
  const assetDirs = readdirSync(out).filter((f) => f.startsWith('asset.'));
  const assets = assetDirs.reduce((sum, d) => sum + (statSync(join(out, d)).isDirectory() ? dirSize(join(out, d)) : statSync(join(out, d)).size), 0);
  rmSync(out, { recursive: true, force: true });

  const bundles = routeList.map((r) => ({ id: r.id, index: statSync(resolve(FUNCTIONS_OUT, r.id, 'index.mjs')).size, dir: dirSize(resolve(FUNCTIONS_OUT, r.id)) }));
  const largestIndex = bundles.reduce((a, b) => (b.index > a.index ? b : a));
  const largestDir = bundles.reduce((a, b) => (b.dir > a.dir ? b : a));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return {
    suite: 'infra',
    table: [
      { figure: `cdk synth (CLI, ${templates.length - nested} stacks and ${nested} nested area stacks, median of 3)`, value: ms(median(times)) },
      { figure: 'largest stack (resources; CloudFormation allows 500)', value: `${largestStack}: ${largestCount}` },
      { figure: `total asset size (${assetDirs.length} assets: ${routeList.length} functions, SPA, CDK handlers)`, value: mb(assets) },
      { figure: 'largest function bundle (index.mjs)', value: `${largestIndex.id}: ${kb(largestIndex.index)}` },
      { figure: 'largest function asset (with extraction worker and OCR data)', value: `${largestDir.id}: ${mb(largestDir.dir)}` },
      { figure: 'SPA build', value: mb(dirSize(resolve(ROOT, 'frontend/dist'))) },
    ],
    data: { synthMs: times, assetBytes: assets, resources, bundles },
  };
}
