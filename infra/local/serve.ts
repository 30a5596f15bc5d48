/**
 * Runs a local stack for the tests (and the benchmarks) and prints one line that starts with
 * ASSAY_LOCAL_READY followed by its JSON description. Stops everything on SIGTERM/SIGINT or when
 * (with --watch-stdin) when its parent goes away and stdin closes.
 *   tsx infra/local/serve.ts [--static frontend/dist] [--env KEY=VALUE ...]
 */
import { parseArgs } from 'node:util';
import { startLocalStack } from './stack';
import { assertPrerequisites } from './prerequisites';

const { values } = parseArgs({
  options: {
    static: { type: 'string' },
    env: { type: 'string', multiple: true },
    'gateway-port': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    /** stop when stdin closes: the spawning test process went away */
    'watch-stdin': { type: 'boolean', default: false },
  },
});

assertPrerequisites({ java: true });

const env = Object.fromEntries((values.env ?? []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const stack = await startLocalStack({
  staticDir: values.static,
  env,
  gatewayPort: values['gateway-port'] ? Number(values['gateway-port']) : undefined,
  log: values.verbose ? (line) => console.error(line) : undefined,
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
console.log(`ASSAY_LOCAL_READY ${JSON.stringify(description)}`);
