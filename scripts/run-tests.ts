/**
 * `npm test`: type checks, the house's checks and lint, the unit, infra and HTTP integration tests (vitest) and the
 * browser tests in Chromium (Playwright). Fails when anything fails, and when any test was skipped.
 *
 * Everything starts at once: the three type checks, the dependency rules (dependency-cruiser), ESLint, knip and
 * the SPA build; once the SPA is built (the infra tests package it, the browser tests serve it), vitest and
 * Playwright run side by side, each with two workers and a stack of its own per worker
 * (test/helpers/global-setup.ts, test/e2e/global-setup.ts). Output is shown as each step finishes. The type
 * checks are incremental (their build info in node_modules/.cache/assay: a second run re-checks only what changed
 * and what depends on it). Step times go to test-reports/timing.json (read by `npm run bench -- test-suite`).
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

/** Runs one step; its output streams when it runs alone, and is printed when it ends when others run beside it. */
function runStep(step: Step, together: boolean): Promise<string | null> {
  return new Promise<string | null>((done) => {
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
  });
}

type Lane = Step | Step[];

/**
 * Runs lanes side by side; a lane is one step or a chain of steps (each started when the one before it passed; a
 * chain stops at its first failure).
 */
async function runTogether(lanes: Lane[]): Promise<string[]> {
  const describe = (lane: Lane) => (Array.isArray(lane) ? lane.map((s) => s.name).join(' → ') : lane.name);
  const together = lanes.length > 1 || lanes.some((l) => Array.isArray(l));
  if (together) console.log(`\n━━ ${lanes.map(describe).join(' | ')} (side by side)`);
  const runLane = async (lane: Lane): Promise<string | null> => {
    for (const step of Array.isArray(lane) ? lane : [lane]) {
      const failure = await runStep(step, together);
      if (failure) return failure;
    }
    return null;
  };
  const failed = await Promise.all(lanes.map(runLane));
  return failed.filter((f): f is string => f !== null);
}

const failures: string[] = [];
const cache = resolve(ROOT, 'node_modules/.cache/assay');
mkdirSync(cache, { recursive: true });
const typecheck = (project: string): Step => ({
  name: `type check ${project}`,
  args: [bin('typescript', 'bin/tsc'), '-p', project, '--incremental', '--tsBuildInfoFile', resolve(cache, `tsc-${project.replace(/[^a-z0-9]+/gi, '-')}.tsbuildinfo`)],
  failure: `tsc -p ${project}`,
});
const vitestJson = resolve(results, 'vitest.json');
const workers = String(Math.max(2, Math.min(availableParallelism(), 4)));
const spaBuild: Step = {
  name: 'SPA build (Vite)',
  args: [bin('vite', 'bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
  failure: 'vite build',
};
const vitest: Step = {
  name: 'unit, infra and HTTP integration tests (vitest)',
  args: [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  env: { ASSAY_TEST_WORKERS: process.env.ASSAY_TEST_WORKERS ?? workers },
  failure: 'vitest',
};
const playwright: Step = {
  name: 'browser tests in Chromium (Playwright)',
  args: [bin('@playwright/test', 'cli.js'), 'test'],
  env: { ASSAY_SKIP_SPA_BUILD: '1', ASSAY_E2E_WORKERS: process.env.ASSAY_E2E_WORKERS ?? workers },
  failure: 'playwright',
};
failures.push(
  ...(await runTogether([
    ...['tsconfig.json', 'frontend/tsconfig.json', 'test/e2e/tsconfig.json'].map(typecheck),
    { name: 'dependency rules (dependency-cruiser)', args: [bin('tsx', 'dist/cli.mjs'), 'scripts/check-dependencies.ts'], failure: 'check-dependencies' },
    { name: 'lint (ESLint, typescript-eslint)', args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0'], failure: 'eslint' },
    // knip.config.ts: no unused file, export or dependency; then what ships imports only `dependencies`
    [
      { name: 'unused code (knip)', args: [bin('knip', 'bin/knip.js'), '--no-progress'], failure: 'knip' },
      {
        name: 'dependencies of what ships (knip --production)',
        args: [bin('knip', 'bin/knip.js'), '--no-progress', '--production', '--strict', '--include', 'dependencies,unlisted,unresolved'],
        failure: 'knip --production',
      },
    ],
    // the SPA build, then vitest (the infra tests package the SPA), then Playwright (it serves the SPA), beside the
    // checks above. On two cores vitest and Playwright side by side take longer than one after the other (each
    // starves the other's browser and emulators), so they run in turn
    [spaBuild, vitest, playwright],
  ])),
);

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
