#!/usr/bin/env node
/**
 * Runs before `npm start`, `npm test`, `npm run build|bench|synth|deploy`: installs dependencies when
 * node_modules is missing or older than package.json / package-lock.json. Uses only Node built-ins,
 * because it runs before anything is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const installed = join(root, 'node_modules', '.package-lock.json');
const manifests = ['package.json', 'package-lock.json'].map((f) => join(root, f)).filter((f) => existsSync(f));

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 11)) {
  console.error(`Assay needs Node.js 20.11 or newer; this is ${process.version}. Install a newer Node.js (https://nodejs.org).`);
  process.exit(1);
}

const stale = !existsSync(installed) || manifests.some((f) => statSync(f).mtimeMs > statSync(installed).mtimeMs);
if (stale) {
  const hasLock = existsSync(join(root, 'package-lock.json'));
  const args = hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  console.log(`Installing dependencies (npm ${args[0]}): node_modules is ${existsSync(installed) ? 'out of date' : 'missing'}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('\nInstalling dependencies failed; see the npm output above.');
    process.exit(result.status ?? 1);
  }
}
