/**
 * Spawns an isolated local stack (infra/local/serve.ts) on free ports and waits for its
 * ASSAY_LOCAL_READY line. Used by the vitest and Playwright global setups and by the benchmarks.
 *
 * The test runs start the emulators once (spawnLocalEmulators) and one stack per worker on them: each has its
 * own gateway process, table, bucket and user pool, so workers never see each other's data. A stack spawned
 * while ASSAY_EMULATORS is set (the test runs set it) attaches to those emulators the same way.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

export interface EmulatorUrls {
  dynamodb: string;
  s3: string;
  cognito: string;
  ses: string;
}

export interface StackInfo {
  urls: { gateway: string; dynamodb: string; s3: string; cognito: string; ses: string; mailbox: string };
  userPoolId: string;
  clientId: string;
  tableName: string;
  bucketName: string;
}

export interface SpawnedStack extends StackInfo {
  stop(): Promise<void>;
}

export interface SpawnedEmulators {
  urls: EmulatorUrls;
  stop(): Promise<void>;
}

export interface SpawnStackOptions {
  staticDir?: string;
  env?: Record<string, string>;
  verbose?: boolean;
  /**
   * Shared emulators to attach to (own table, bucket and user pool). Default: those in ASSAY_EMULATORS when
   * set, else the stack starts its own; `null` always starts its own.
   */
  emulators?: EmulatorUrls | null;
  /** names this stack's table, bucket and user pool in shared emulators (default: random) */
  namespace?: string;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** The shared emulators of this test run, if its global setup started them. */
export function sharedEmulators(): EmulatorUrls | undefined {
  return process.env.ASSAY_EMULATORS ? (JSON.parse(process.env.ASSAY_EMULATORS) as EmulatorUrls) : undefined;
}

export function spawnLocalStack(opts: SpawnStackOptions = {}): Promise<SpawnedStack> {
  const args: string[] = [];
  if (opts.staticDir) args.push('--static', opts.staticDir);
  for (const [k, v] of Object.entries(opts.env ?? {})) args.push('--env', `${k}=${v}`);
  const emulators = opts.emulators === undefined ? sharedEmulators() : opts.emulators;
  if (emulators) args.push('--emulators', JSON.stringify(emulators));
  if (opts.namespace) args.push('--namespace', opts.namespace);
  return spawnServe<StackInfo>(args, 'ASSAY_LOCAL_READY ', opts.verbose);
}

/**
 * One stack per test worker on shared emulators, `stack(i)` saying how worker i's is spawned. All or none: when
 * one fails to start, those that started are stopped and the failure is thrown.
 */
export async function spawnWorkerStacks(count: number, stack: (index: number) => SpawnStackOptions): Promise<SpawnedStack[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => spawnLocalStack(stack(i))));
  const stacks = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(stacks.map((s) => s.stop()));
    throw failed.reason;
  }
  return stacks;
}

/** DynamoDB Local, s3rver, cognito-local and the SES emulator in one process, for several stacks to share. */
export function spawnLocalEmulators(opts: { verbose?: boolean } = {}): Promise<SpawnedEmulators> {
  return spawnServe<{ urls: EmulatorUrls }>(['--emulators-only'], 'ASSAY_EMULATORS_READY ', opts.verbose, (urls) => ({ urls: urls as unknown as EmulatorUrls }));
}

function spawnServe<T extends object>(
  extra: string[],
  readyPrefix: string,
  verbose = false,
  parse: (json: Record<string, unknown>) => T = (json) => json as T,
): Promise<T & { stop(): Promise<void> }> {
  const args = [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'infra/local/serve.ts'), '--watch-stdin', ...extra];
  if (verbose) args.push('--verbose');
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors: string[] = [];
  child.stderr.on('data', (d: Buffer) => {
    const text = d.toString();
    if (verbose) process.stderr.write(text);
    errors.push(text);
    if (errors.length > 50) errors.shift();
  });

  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`local stack did not start in 120s:\n${errors.join('')}`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code} before it was ready:\n${errors.join('')}`));
    });
    lines.on('line', (line) => {
      if (!line.startsWith(readyPrefix)) return;
      clearTimeout(timer);
      const info = parse(JSON.parse(line.slice(readyPrefix.length)) as Record<string, unknown>);
      resolvePromise({
        ...info,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
