/**
 * The local stack a developer runs (`npm start`, `npm run preview`): the emulators and the gateway on stable ports,
 * their data kept under .local/ between runs, the migrations applied; and its stopping on Ctrl-C or SIGTERM.
 */
import { resolve } from 'node:path';
import { runLocalMigrations } from './migrations';
import { startLocalStack, type LocalStack } from './stack';

const ROOT = resolve(import.meta.dirname, '../..');

/** Starts the stack (with the SPA's build served as CloudFront would when `staticDir` is given). */
export async function startDevStack(opts: { staticDir?: string } = {}): Promise<LocalStack> {
  const log = (line: string) => console.log(`  ${line}`);
  const stack = await startLocalStack({ dataDir: resolve(ROOT, '.local'), stablePorts: true, ...opts, log });
  await runLocalMigrations(log);
  return stack;
}

/** On Ctrl-C or SIGTERM, once: runs the steps in order (the stack's stop last), then exits. */
export function stopOnSignal(...steps: (() => Promise<unknown>)[]): void {
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    for (const step of steps) await step();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
