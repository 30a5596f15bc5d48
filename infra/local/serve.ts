/**
 * Runs a local stack for the tests (and the benchmarks) and prints one line that starts with
 * ASSAY_LOCAL_READY followed by its JSON description. Stops everything on SIGTERM/SIGINT or when
 * (with --watch-stdin) when its parent goes away and stdin closes.
 *   tsx infra/local/serve.ts [--static frontend/dist] [--env KEY=VALUE ...]
 * The tests share one set of emulators between several stacks (one per worker):
 *   tsx infra/local/serve.ts --emulators-only          prints ASSAY_EMULATORS_READY {dynamodb, s3, cognito, ses}
 *   tsx infra/local/serve.ts --emulators '<that JSON>' [--namespace w1]   a stack with its own table, bucket, pool
 */
import { parseArgs } from 'node:util';
import { startLocalEmulators, startLocalStack, type EmulatorUrls } from './stack';
import { assertPrerequisites } from './prerequisites';

const { values } = parseArgs({
  options: {
    static: { type: 'string' },
    env: { type: 'string', multiple: true },
    'gateway-port': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'emulators-only': { type: 'boolean', default: false },
    emulators: { type: 'string' },
    namespace: { type: 'string' },
    /** stop when stdin closes: the spawning test process went away */
    'watch-stdin': { type: 'boolean', default: false },
  },
});

assertPrerequisites({ java: !values.emulators }); // DynamoDB Local runs on Java; an attached stack starts none

const env = Object.fromEntries((values.env ?? []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const log = values.verbose ? (line: string) => console.error(line) : undefined;
const stack = values['emulators-only']
  ? await startLocalEmulators({ log })
  : await startLocalStack({
      staticDir: values.static,
      env,
      gatewayPort: values['gateway-port'] ? Number(values['gateway-port']) : undefined,
      emulators: values.emulators ? (JSON.parse(values.emulators) as EmulatorUrls) : undefined,
      namespace: values.namespace,
      log,
    });

let stopping = false;
async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(code);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
if (values['watch-stdin']) {
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
}

const { stop: _stop, ...description } = stack;
if (values['emulators-only']) console.log(`ASSAY_EMULATORS_READY ${JSON.stringify(stack.urls)}`);
else console.log(`ASSAY_LOCAL_READY ${JSON.stringify(description)}`);
