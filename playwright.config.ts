import { defineConfig } from '@playwright/test';

/** Browser tests in real Chromium (Debian's /usr/bin/chromium) against the built SPA on a local stack. */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: true,
  // each worker has its own stack (test/e2e/global-setup.ts), so the dashboards' firm-wide totals are its own
  workers: Number(process.env.ASSAY_E2E_WORKERS) || 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e-report.json' }]],
  use: {
    headless: true,
    // recording a trace of every test costs about a sixth of the run (dashboard + auth specs: 74 → 61 s); a
    // failure still leaves its screenshot and the page's accessibility snapshot (error-context.md), and
    // ASSAY_E2E_TRACE=1 records traces, kept for the tests that fail
    trace: process.env.ASSAY_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
