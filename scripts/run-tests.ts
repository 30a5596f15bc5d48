/**
 * `npm test`: type checks and lint, then unit + infra + HTTP integration tests (vitest), then the browser
 * tests in Chromium (Playwright). Fails when anything fails, and when any test was skipped.
 *
 * The checks that only read the source (three type checks, ESLint) and the SPA build for the browser tests run
 * side by side, their output shown as each finishes; then vitest and Playwright, each with two workers that
 * have a stack of their own (test/helpers/global-setup.ts, test/e2e/global-setup.ts). Step times go to
 * test-reports/timing.json (read by `npm run bench -- test-suite`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { assertPrerequisites } from '../infra/local/prerequisites';

const ROOT = resolve(import.meta.dirname, '..');
const bin = (pkg: string, file: string) => resolve(ROOT, 'node_modules', pkg, file);
const results = resolve(ROOT, 'test-reports');
const runStarted = Date.now();

// Java, Chromium, LibreOffice and poppler are installed here when missing and the run may (root or sudo -n)
assertPrerequisites({ java: true, chromium: true, office: true });
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** what goes in the failure list */
  failure: string;
}
interface StepTime {
  name: string;
  seconds: number;
  ok: boolean;
  /** seconds after the start of `npm test` */
  startedAt: number;
}
const timings: StepTime[] = [];
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Runs steps side by side; with one step its output streams, with several each one's is printed when it ends. */
async function runTogether(steps: Step[]): Promise<string[]> {
  const together = steps.length > 1;
  if (together) console.log(`\n━━ ${steps.map((s) => s.name).join(' | ')} (side by side)`);
  const failed = await Promise.all(
    steps.map(
      (step) =>
        new Promise<string | null>((done) => {
          if (!together) console.log(`\n━━ ${step.name}`);
          const started = Date.now();
          const child = spawn(process.execPath, step.args, {
            cwd: ROOT,
            stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit',
            env: { ...process.env, ...(together ? { FORCE_COLOR: '1' } : {}), ...step.env },
          });
          const output: Buffer[] = [];
          child.stdout?.on('data', (d: Buffer) => output.push(d));
          child.stderr?.on('data', (d: Buffer) => output.push(d));
          const finish = (ok: boolean) => {
            const took = (Date.now() - started) / 1000;
            timings.push({ name: step.name, seconds: seconds(took * 1000), ok, startedAt: seconds(started - runStarted) });
            if (together) {
              console.log(`\n━━ ${step.name}`);
              process.stdout.write(Buffer.concat(output));
            }
            console.log(`━━ ${step.name}: ${ok ? 'passed' : 'FAILED'} (${took.toFixed(1)} s)`);
            done(ok ? null : step.failure);
          };
          child.once('error', (error) => {
            output.push(Buffer.from(`${String(error)}\n`));
            finish(false);
          });
          child.once('exit', (code) => finish(code === 0));
        }),
    ),
  );
  return failed.filter((f): f is string => f !== null);
}

const failures: string[] = [];
const typecheck = (project: string): Step => ({ name: `type check ${project}`, args: [bin('typescript', 'bin/tsc'), '-p', project], failure: `tsc -p ${project}` });
failures.push(
  ...(await runTogether([
    ...['tsconfig.json', 'frontend/tsconfig.json', 'test/e2e/tsconfig.json'].map(typecheck),
    { name: 'lint (ESLint, typescript-eslint)', args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0'], failure: 'eslint' },
    {
      name: 'SPA build for the browser tests (Vite)',
      args: [bin('vite', 'bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
      failure: 'vite build',
    },
  ])),
);

const vitestJson = resolve(results, 'vitest.json');
const workers = String(Math.max(2, Math.min(availableParallelism(), 4)));
failures.push(
  ...(await runTogether([
    {
      name: 'unit, infra and HTTP integration tests (vitest)',
      args: [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
      env: { ASSAY_TEST_WORKERS: process.env.ASSAY_TEST_WORKERS ?? workers },
      failure: 'vitest',
    },
  ])),
);
// the SPA was built above
if (!failures.includes('vite build')) {
  failures.push(
    ...(await runTogether([
      {
        name: 'browser tests in Chromium (Playwright)',
        args: [bin('@playwright/test', 'cli.js'), 'test'],
        env: { ASSAY_SKIP_SPA_BUILD: '1', ASSAY_E2E_WORKERS: process.env.ASSAY_E2E_WORKERS ?? workers },
        failure: 'playwright',
      },
    ])),
  );
}

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

const wall = seconds(Date.now() - runStarted);
writeFileSync(
  resolve(results, 'timing.json'),
  // the 1-minute load average at the end: other work on the machine slows every step
  `${JSON.stringify({ finishedAt: new Date().toISOString(), cpus: availableParallelism(), loadAverage: Math.round(loadavg()[0]! * 10) / 10, wallSeconds: wall, ok: failures.length === 0, failures, steps: timings }, null, 2)}\n`,
);
console.log(`\nwall time ${wall.toFixed(1)} s; step times in test-reports/timing.json`);
if (failures.length) {
  console.error(`\nnpm test FAILED: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed.');
