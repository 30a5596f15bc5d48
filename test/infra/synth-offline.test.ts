/**
 * `cdk synth` with the production context needs no network and no credentials: the real CLI runs with
 * every AWS variable removed, no ~/.aws, EC2 metadata disabled and all traffic pointed at a dead proxy. It
 * writes the five stacks and the Api stack's nested stack of each area.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { routesByArea } from '../../infra/stacks/api-area-stack';

const ROOT = resolve(import.meta.dirname, '../..');
const home = mkdtempSync(join(tmpdir(), 'assay-synth-home-'));
const out = mkdtempSync(join(tmpdir(), 'assay-synth-out-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

it('synthesizes the production app offline, without credentials', () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_') && !k.startsWith('CDK_')));
  const run = spawnSync(
    process.execPath,
    [resolve(ROOT, 'node_modules/aws-cdk/bin/cdk'), 'synth', '--quiet', '--no-notices', '-o', out, '-c', 'stage=prod', '-c', 'allowedEmailDomains=firm.example', '-c', 'sesFromAddress=no-reply@firm.example'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...env,
        HOME: home,
        AWS_EC2_METADATA_DISABLED: 'true',
        HTTP_PROXY: 'http://127.0.0.1:9',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        http_proxy: 'http://127.0.0.1:9',
        https_proxy: 'http://127.0.0.1:9',
        NO_PROXY: '',
        CDK_DISABLE_CLI_TELEMETRY: 'true',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      timeout: 180_000,
    },
  );
  expect(run.stderr.replace(/npm warn.*\n?/g, '')).not.toMatch(/Error/);
  expect(run.status).toBe(0);
  const templates = readdirSync(out).filter((f) => f.endsWith('.template.json') && !f.endsWith('.nested.template.json')).sort();
  expect(templates).toEqual(['Assay-prod-Api', 'Assay-prod-Auth', 'Assay-prod-Data', 'Assay-prod-Monitoring', 'Assay-prod-Web'].map((s) => `${s}.template.json`));
  // and the Api stack's nested stacks, one per area of the route table
  const nested = readdirSync(out).filter((f) => f.endsWith('.nested.template.json'));
  const areas = [...routesByArea(routeList).keys()];
  expect(nested).toHaveLength(areas.length);
  for (const area of areas) expect(nested.filter((f) => new RegExp(`Area${area.replace(/[^A-Za-z0-9]/g, '')}[0-9A-F]{8}\\.nested\\.`).test(f)), area).toHaveLength(1);
  expect(existsSync(join(out, 'manifest.json'))).toBe(true);
});
