import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { spawnLocalEmulators, spawnWorkerStacks, type SpawnedStack } from '../helpers/local-stack';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Builds the SPA, starts the emulators once and one local stack per worker on them that serves it (as
 * CloudFront would), and hands their URLs to the tests through the environment: ASSAY_STACKS (one per
 * worker, test/e2e/fixtures.ts picks by TEST_PARALLEL_INDEX), ASSAY_STACK (the first) and ASSAY_EMULATORS
 * (a stack a test spawns attaches to them). Returns the teardown.
 */
export default async function globalSetup(config: FullConfig) {
  if (process.env.ASSAY_SKIP_SPA_BUILD !== '1') {
    execFileSync(process.execPath, [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const emulators = await spawnLocalEmulators();
  const stacks: SpawnedStack[] = [];
  const stopAll = async () => {
    await Promise.all(stacks.map((s) => s.stop()));
    await emulators.stop();
  };
  try {
    stacks.push(
      ...(await spawnWorkerStacks(Math.max(config.workers, 1), (i) => ({
        staticDir: resolve(ROOT, 'frontend/dist'),
        emulators: emulators.urls,
        namespace: `e${i + 1}`,
        env: { ASSAY_HARNESS_FAULTS: 'true' },
      }))),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  const infos = stacks.map(({ stop: _stop, ...info }) => info);
  process.env.ASSAY_STACKS = JSON.stringify(infos);
  process.env.ASSAY_STACK = JSON.stringify(infos[0]);
  process.env.ASSAY_EMULATORS = JSON.stringify(emulators.urls);
  return stopAll;
}
