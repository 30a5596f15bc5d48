import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // files of all projects share this many workers (vitest's default on 2 cores is 1); ASSAY_TEST_WORKERS overrides
    maxWorkers: Number(process.env.ASSAY_TEST_WORKERS) || 2,
    projects: [
      {
        resolve: { alias },
        // the export and PNG renderers take ~2 s alone; beside the integration files on 2 CPUs, more than the 5 s default
        // (and a file that drafts a whole split in its beforeAll takes ~5 s alone, more than the 10 s hook default on a busy machine)
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          globalSetup: ['test/infra/global-setup.ts'],
          environment: 'node',
          // the files share their worker's modules: aws-cdk-lib loads and the function bundles are hashed once
          // per worker instead of once per file (each file builds its own App, so no state is shared)
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          // each worker gets its own stack (table, bucket, user pool, gateway) on shared emulators, so files run
          // side by side without seeing each other's data or firm-wide totals
          setupFiles: ['test/helpers/worker-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
