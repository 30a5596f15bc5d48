/**
 * `npm test`: type checks and lint, then unit + infra + HTTP integration tests (vitest), then the browser
 * tests in Chromium (Playwright). Fails when anything fails, and when any test was skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertPrerequisites } from '../infra/local/prerequisites';

const ROOT = resolve(import.meta.dirname, '..');
const bin = (pkg: string, file: string) => resolve(ROOT, 'node_modules', pkg, file);
const results = resolve(ROOT, 'test-reports');

// LibreOffice and poppler (export fidelity) are installed here when missing and the run is root, as in CI
assertPrerequisites({ java: true, chromium: true, office: true });
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function step(name: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  console.log(`━━ ${name}: ${ok ? 'passed' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

const failures: string[] = [];
const typecheck = (project: string) => step(`type check ${project}`, [bin('typescript', 'bin/tsc'), '-p', project]);
for (const project of ['tsconfig.json', 'frontend/tsconfig.json', 'test/e2e/tsconfig.json']) if (!typecheck(project)) failures.push(`tsc -p ${project}`);
if (!step('lint (ESLint, typescript-eslint)', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '40'])) failures.push('eslint');

const vitestJson = resolve(results, 'vitest.json');
if (!step('unit, infra and HTTP integration tests (vitest)', [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`])) {
  failures.push('vitest');
}
if (!step('browser tests in Chromium (Playwright)', [bin('@playwright/test', 'cli.js'), 'test'])) failures.push('playwright');

// A skipped test is a failure here.
const skipped: string[] = [];
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPendingTests: number; numTodoTests: number; numTotalTests: number };
  if (report.numPendingTests + report.numTodoTests > 0) skipped.push(`vitest: ${report.numPendingTests} skipped, ${report.numTodoTests} todo`);
  console.log(`vitest: ${report.numTotalTests} tests`);
} else if (!failures.includes('vitest')) failures.push('vitest (no report)');
const e2eJson = resolve(results, 'e2e-report.json');
if (existsSync(e2eJson)) {
  const report = JSON.parse(readFileSync(e2eJson, 'utf8')) as { stats: { expected: number; skipped: number; unexpected: number; flaky: number } };
  if (report.stats.skipped > 0) skipped.push(`playwright: ${report.stats.skipped} skipped`);
  console.log(`playwright: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky} flaky`);
} else if (!failures.includes('playwright')) failures.push('playwright (no report)');

if (skipped.length) failures.push(`skipped tests (${skipped.join('; ')})`);
if (failures.length) {
  console.error(`\nnpm test FAILED: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed.');
