/**
 * Data migrations `npm start` and `npm run preview` run on the local data (.local/) once the stack is up, so
 * data kept from an earlier version works with this one. Each is a script of its own (scripts/migrate-*.ts, run
 * with the handlers' environment the stack has set: table, bucket, endpoints), safe to repeat, doing nothing
 * when there is nothing to move.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
// in this order: items the first moves into a library are listed in the duplicate index as they move
const MIGRATIONS = ['scripts/migrate-evidence-library.ts', 'scripts/migrate-duplicate-index.ts', 'scripts/migrate-user-clients.ts', 'scripts/migrate-benchmarks.ts', 'scripts/migrate-audit-clients.ts'];

export async function runLocalMigrations(log: (line: string) => void): Promise<void> {
  for (const script of MIGRATIONS) {
    const { stdout } = await promisify(execFile)(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, script)], { cwd: ROOT, env: process.env });
    for (const line of stdout.trim().split('\n').filter(Boolean)) log(line);
  }
}
