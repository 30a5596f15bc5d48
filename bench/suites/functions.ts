/**
 * Every Lambda bundle: size (minified, gzipped) and cold import time — a fresh `node` process
 * importing the bundle, timed inside the process around the import, median of 10.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeList } from '@shared/api/routes';
import { buildFunctions, FUNCTIONS_OUT } from '../../scripts/build-functions';
import { kb, median, ms, type SuiteResult } from '../lib';

const MAX_BYTES = 300 * 1024;
const MAX_IMPORT_MS = 150;
const RUNS = 10;

/** Configuration a function validates at cold start; values only need to be well-formed. */
const COLD_START_ENV = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'assay',
  EVIDENCE_BUCKET: 'assay-evidence',
  USER_POOL_ID: 'us-east-1_example',
  USER_POOL_CLIENT_ID: 'exampleclientid',
  COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example',
  MAIL_FROM: 'no-reply@example.com',
  BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0',
  BEDROCK_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

function coldImportMs(file: string): number {
  const code = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, ...COLD_START_ENV } });
  if (run.status !== 0) throw new Error(`importing ${file} failed:\n${run.stderr}`);
  return Number(run.stdout);
}

export async function run(): Promise<SuiteResult> {
  await buildFunctions({ quiet: true });
  const rows = routeList.map((route) => {
    const file = resolve(FUNCTIONS_OUT, route.id, 'index.mjs');
    const bytes = readFileSync(file);
    const times = Array.from({ length: RUNS }, () => coldImportMs(file));
    return { id: route.id, minified: bytes.length, gzipped: gzipSync(bytes).length, coldImportMedianMs: median(times), coldImportRunsMs: times };
  });
  const largest = rows.reduce((a, b) => (b.minified > a.minified ? b : a));
  const slowest = rows.reduce((a, b) => (b.coldImportMedianMs > a.coldImportMedianMs ? b : a));
  return {
    suite: 'functions',
    table: [
      ...rows.map((r) => ({
        figure: `${r.id}: minified / gzipped / cold import (median of ${RUNS})`,
        value: `${kb(r.minified)} / ${kb(r.gzipped)} / ${ms(r.coldImportMedianMs)}`,
        goal: '≤ 300 KB, ≤ 150 ms',
        ok: r.minified <= MAX_BYTES && r.coldImportMedianMs <= MAX_IMPORT_MS,
      })),
      { figure: 'largest bundle', value: `${largest.id}: ${kb(largest.minified)}`, goal: '≤ 300 KB', ok: largest.minified <= MAX_BYTES },
      { figure: 'slowest cold import', value: `${slowest.id}: ${ms(slowest.coldImportMedianMs)}`, goal: '≤ 150 ms', ok: slowest.coldImportMedianMs <= MAX_IMPORT_MS },
    ],
    data: rows,
  };
}
