/**
 * Spawns an isolated local stack (infra/local/serve.ts) on free ports and waits for its
 * ASSAY_LOCAL_READY line. Used by the vitest and Playwright global setups and by the benchmarks.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

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

const ROOT = resolve(import.meta.dirname, '../..');

export function spawnLocalStack(opts: { staticDir?: string; env?: Record<string, string>; verbose?: boolean } = {}): Promise<SpawnedStack> {
  const args = [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'infra/local/serve.ts'), '--watch-stdin'];
  if (opts.staticDir) args.push('--static', opts.staticDir);
  for (const [k, v] of Object.entries(opts.env ?? {})) args.push('--env', `${k}=${v}`);
  if (opts.verbose) args.push('--verbose');
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors: string[] = [];
  child.stderr.on('data', (d: Buffer) => {
    const text = d.toString();
    if (opts.verbose) process.stderr.write(text);
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
      if (!line.startsWith('ASSAY_LOCAL_READY ')) return;
      clearTimeout(timer);
      const info = JSON.parse(line.slice('ASSAY_LOCAL_READY '.length)) as StackInfo;
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
