/**
 * `npm test` wall time and the time of each step, from test-reports/timing.json that scripts/run-tests.ts
 * writes. Runs `npm test` itself (minus the dependency check), or with BENCH_TEST_TIMING=reuse reads the
 * timing of the last run. Compared with the suite before the workers had stacks of their own (BEFORE).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, type SuiteResult } from '../lib';

interface Timing {
  finishedAt: string;
  cpus: number;
  loadAverage?: number;
  wallSeconds: number;
  ok: boolean;
  failures: string[];
  steps: { name: string; seconds: number; ok: boolean; startedAt: number }[];
}

/**
 * `npm test` of commit 32fc122 (one vitest worker, integration files one after another, one Playwright worker;
 * 694 vitest and 42 Playwright tests), on this 2-CPU machine on 2026-11-23 with nothing else running: 460.3 s
 * (`time npm test` in a worktree of that commit after `npm ci`): the figures this suite compares with.
 */
export const BEFORE = {
  commit: '32fc122',
  wallSeconds: 460.3,
  tests: { vitest: 694, playwright: 42 },
  steps: [
    { name: 'type check tsconfig.json', seconds: 13.6 },
    { name: 'type check frontend/tsconfig.json', seconds: 8.0 },
    { name: 'type check test/e2e/tsconfig.json', seconds: 3.7 },
    { name: 'lint (ESLint, typescript-eslint)', seconds: 13.2 },
    { name: 'unit, infra and HTTP integration tests (vitest)', seconds: 224.6 },
    { name: 'browser tests in Chromium (Playwright)', seconds: 196.5 },
  ],
};

const TIMING = resolve(ROOT, 'test-reports/timing.json');
const s = (seconds: number) => `${seconds.toFixed(1)} s`;

export async function run(): Promise<SuiteResult> {
  if (process.env.BENCH_TEST_TIMING !== 'reuse') {
    spawnSync(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'scripts/run-tests.ts')], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!existsSync(TIMING)) throw new Error(`${TIMING} not found: npm test did not get far enough to write it`);
  const timing = JSON.parse(readFileSync(TIMING, 'utf8')) as Timing;
  const goal = BEFORE.wallSeconds / 2;
  const count = (file: string, read: (report: never) => number) => {
    const path = resolve(ROOT, 'test-reports', file);
    return existsSync(path) ? read(JSON.parse(readFileSync(path, 'utf8')) as never) : undefined;
  };
  const vitestTests = count('vitest.json', (r: { numTotalTests: number }) => r.numTotalTests);
  const browserTests = count('e2e-report.json', (r: { stats: { expected: number; unexpected: number; flaky: number } }) => r.stats.expected + r.stats.unexpected + r.stats.flaky);
  return {
    suite: 'test-suite',
    table: [
      { figure: `npm test wall time (before: ${s(BEFORE.wallSeconds)} at ${BEFORE.commit}${timing.loadAverage === undefined ? '' : `; load average at the end ${timing.loadAverage} on ${timing.cpus} CPUs`})`, value: `${s(timing.wallSeconds)}${timing.ok ? '' : ` (FAILED: ${timing.failures.join(', ')})`}`, goal: `≤ ${s(goal)}`, ok: timing.ok && timing.wallSeconds <= goal },
      { figure: `tests run (before: ${BEFORE.tests.vitest} vitest + ${BEFORE.tests.playwright} Playwright)`, value: `${vitestTests ?? '?'} vitest + ${browserTests ?? '?'} Playwright` },
      ...timing.steps.map((step) => {
        const before = BEFORE.steps.find((b) => b.name === step.name);
        return {
          figure: `${step.name} (from ${s(step.startedAt)}${before ? `; before ${s(before.seconds)}` : ''})`,
          value: `${s(step.seconds)}${step.ok ? '' : ' (failed)'}`,
        };
      }),
    ],
    data: { before: BEFORE, after: timing },
  };
}
