import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import { startFixtureWeb } from './fixture-web';
import { spawnLocalEmulators, spawnWorkerStacks, type EmulatorUrls, type SpawnedStack, type StackInfo } from './local-stack';

/**
 * The emulators once for the whole integration run, one local stack on them per worker (its own gateway
 * process, table, bucket and user pool: files running at the same time never see each other's data, firm-wide
 * totals included), and a fixture web server whose address (and only it) the stacks' URL fetcher may reach.
 * Tests get their worker's stack through inject('stack') (test/helpers/worker-stack.ts picks it) and the
 * fixture server through inject('fixtureWeb').
 */
export default async function setup(project: TestProject) {
  const verbose = process.env.ASSAY_VERBOSE === '1';
  const web = await startFixtureWeb();
  const emulators = await spawnLocalEmulators({ verbose });
  const stacks: SpawnedStack[] = [];
  const stopAll = async () => {
    await Promise.all(stacks.map((s) => s.stop()));
    await emulators.stop();
    await web.stop();
  };
  try {
    stacks.push(
      ...(await spawnWorkerStacks(workerCount(project), (i) => ({
        emulators: emulators.urls,
        namespace: `w${i + 1}`,
        verbose,
        env: { URL_FETCH_ALLOW_HOSTS: `127.0.0.1:${web.port}`, ASSAY_HARNESS_FAULTS: 'true' },
      }))),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  const infos = stacks.map(({ stop: _stop, ...info }) => info);
  project.provide('stacks', infos);
  project.provide('stack', infos[0]!);
  project.provide('emulators', emulators.urls);
  project.provide('fixtureWeb', web.url);
  return stopAll;
}

/** As many stacks as files can run at once (VITEST_POOL_ID runs from 1 to maxWorkers). */
function workerCount(project: TestProject): number {
  const configured: unknown = project.config.maxWorkers || project.vitest.config.maxWorkers;
  const cpus = availableParallelism();
  const count =
    typeof configured === 'number' && configured > 0 ? configured
    : typeof configured === 'string' && configured.endsWith('%') ? Math.round((cpus * Number.parseFloat(configured)) / 100)
    : Math.max(cpus - 1, 1);
  return Math.min(Math.max(count, 1), 8);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** this worker's stack (set per worker by test/helpers/worker-stack.ts) */
    stack: StackInfo;
    /** one stack per worker, index VITEST_POOL_ID - 1 */
    stacks: StackInfo[];
    /** the emulators the stacks share; a stack a test spawns itself attaches to them too */
    emulators: EmulatorUrls;
    fixtureWeb: string;
  }
}
