/**
 * `npm start`: the whole product locally. Emulators and the gateway (data kept under .local/ between
 * runs), then the Vite dev server for the SPA, proxying /api to the gateway. Ctrl-C stops everything.
 */
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { assertPrerequisites } from './prerequisites';
import { runLocalMigrations } from './migrations';
import { startLocalStack } from './stack';

const ROOT = resolve(import.meta.dirname, '../..');
assertPrerequisites({ java: true });

console.log('Starting Assay locally (DynamoDB Local, s3rver, cognito-local, aws-ses-v2-local)…');
const stack = await startLocalStack({
  dataDir: resolve(ROOT, '.local'),
  stablePorts: true,
  log: (line) => console.log(`  ${line}`),
});
await runLocalMigrations((line) => console.log(`  ${line}`));

process.env.ASSAY_GATEWAY_URL = stack.urls.gateway;
const vite = await createServer({ configFile: resolve(ROOT, 'frontend/vite.config.ts'), server: { strictPort: false } });
await vite.listen();
const appUrl = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://127.0.0.1:${vite.config.server.port}`;

console.log(`
  Assay is running.

    App:      ${appUrl}/login
    Mailbox:  ${stack.urls.mailbox}   (confirmation codes, password-reset emails)
    API:      ${stack.urls.gateway}/api/health

  Data is kept in .local/ between runs (delete it to start afresh). Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await vite.close().catch(() => undefined);
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
