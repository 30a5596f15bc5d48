/** `npm run build`: every Lambda bundle (dist/functions) and the SPA (frontend/dist). */
import { resolve } from 'node:path';
import { build } from 'vite';
import { buildFunctions } from './build-functions';

const ROOT = resolve(import.meta.dirname, '..');
const started = Date.now();
const meta = await buildFunctions({ quiet: true });
console.log(`functions: ${Object.keys(meta.outputs).filter((f) => f.endsWith('.mjs')).length} bundles in dist/functions`);
await build({ configFile: resolve(ROOT, 'frontend/vite.config.ts'), logLevel: 'warn' });
console.log(`SPA: frontend/dist (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
