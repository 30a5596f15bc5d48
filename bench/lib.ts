/** Small helpers shared by the benchmark suites. */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { COLD_START_ENV } from '../test/helpers/cold-start-env';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { localCredentials, localRegion } from '../infra/local/aws-env';

export const ROOT = resolve(import.meta.dirname, '..');
export const RESULTS = resolve(ROOT, 'bench/results');

export interface SuiteResult {
  suite: string;
  /** rows of the markdown table: [figure, value, goal?, verdict?] */
  table: { figure: string; value: string; goal?: string; ok?: boolean }[];
  data: unknown;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (v: number) => `${v.toFixed(1)} ms`;

export function machine(): Record<string, string> {
  const cpu = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  return { node: process.version, cpus: cpu, platform: `${process.platform}-${process.arch}`, date: new Date().toISOString() };
}

export function writeSuite(result: SuiteResult): void {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(resolve(RESULTS, `${result.suite}.json`), `${JSON.stringify({ suite: result.suite, machine: machine(), table: result.table, data: result.data }, null, 2)}\n`);
  const lines = [`# ${result.suite}`, '', `Measured ${new Date().toISOString()} on ${machine().cpus} CPUs, Node ${process.version}.`, '', '| Figure | Value | Goal | Met |', '|---|---|---|---|'];
  for (const row of result.table) lines.push(`| ${row.figure} | ${row.value} | ${row.goal ?? ''} | ${row.ok === undefined ? '' : row.ok ? 'yes' : '**no**'} |`);
  writeFileSync(resolve(RESULTS, `${result.suite}.md`), `${lines.join('\n')}\n`);
}

/** Milliseconds to import a built function bundle in a fresh Node process (a Lambda cold start's import). */
export function coldImportMs(file: string): number {
  const code = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, ...COLD_START_ENV } });
  if (run.status !== 0) throw new Error(`importing ${file} failed:\n${run.stderr}`);
  return Number(run.stdout);
}

/** Points this process's AWS SDK clients at a local stack's DynamoDB table, as the gateway's handlers are (for suites that run our code in process). */
export function pointAtLocalTable(stack: { urls: { dynamodb: string }; tableName: string }, extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    AWS_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: stack.urls.dynamodb,
    TABLE_NAME: stack.tableName,
    ...extra,
  });
}
