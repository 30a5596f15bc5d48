/**
 * `npm run preview`: what users will get. The production build of the SPA (Vite build into frontend/dist),
 * served by the local gateway as CloudFront serves it (hashed assets cached for a year, index.html and
 * config.json not cached, routes without an extension rewritten to index.html, text compressed), with the
 * local API behind /api on the same origin. Data is kept in .local/ as with `npm start`. Ctrl-C stops it.
 */
import { resolve } from 'node:path';
import { build } from 'vite';
import { assertPrerequisites } from './prerequisites';
import { startDevStack, stopOnSignal } from './dev-stack';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = resolve(ROOT, 'frontend/dist');
assertPrerequisites({ java: true });

console.log('Building the SPA for production…');
await build({ configFile: resolve(ROOT, 'frontend/vite.config.ts'), logLevel: 'warn' });

console.log('Starting the local API (DynamoDB Local, s3rver, cognito-local, aws-ses-v2-local)…');
const stack = await startDevStack({ staticDir: DIST });

console.log(`
  Assay preview (production build) is running.

    App:      ${stack.urls.gateway}/login
    Mailbox:  ${stack.urls.mailbox}   (confirmation codes, password-reset emails)
    API:      ${stack.urls.gateway}/api/health

  Serving frontend/dist as CloudFront would; rebuild by restarting. Press Ctrl-C to stop.
`);

stopOnSignal(() => stack.stop());
