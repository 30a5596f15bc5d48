/**
 * `npm start`: the whole product locally. Emulators and the gateway (data kept under .local/ between
 * runs), then the Vite dev server for the SPA, proxying /api to the gateway. Ctrl-C stops everything.
 */
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { assertPrerequisites } from './prerequisites';
import { startDevStack, stopOnSignal } from './dev-stack';

const ROOT = resolve(import.meta.dirname, '../..');
assertPrerequisites({ java: true });

console.log('Starting Assay locally (DynamoDB Local, s3rver, cognito-local, aws-ses-v2-local)…');
const stack = await startDevStack();

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

stopOnSignal(
  () => vite.close().catch(() => undefined),
  () => stack.stop(),
);
