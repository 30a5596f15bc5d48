/** The CDK app packages real assets: bundle the functions, and build the SPA if it is not built yet. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildFunctions } from '../../scripts/build-functions';

const ROOT = resolve(import.meta.dirname, '../..');

export async function ensureAssets(): Promise<void> {
  await buildFunctions({ quiet: true });
  if (!existsSync(resolve(ROOT, 'frontend/dist/index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: resolve(ROOT, 'frontend/vite.config.ts'), logLevel: 'warn' });
  }
}
