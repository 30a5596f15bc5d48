import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { spawnLocalStack } from '../helpers/local-stack';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Builds the SPA, starts a local stack that serves it (as CloudFront would) and hands its URLs to the
 * tests through the environment. Returns the teardown.
 */
export default async function globalSetup() {
  if (process.env.ASSAY_SKIP_SPA_BUILD !== '1') {
    execFileSync(process.execPath, [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const stack = await spawnLocalStack({ staticDir: resolve(ROOT, 'frontend/dist'), env: { ASSAY_HARNESS_FAULTS: 'true' } });
  const { stop, ...info } = stack;
  process.env.ASSAY_STACK = JSON.stringify(info);
  return async () => {
    await stop();
  };
}
