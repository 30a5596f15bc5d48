import type { TestProject } from 'vitest/node';
import { startFixtureWeb } from './fixture-web';
import { spawnLocalStack } from './local-stack';

/**
 * One local stack for the whole integration run, and a fixture web server whose address (and only it) the
 * stack's URL fetcher may reach. Tests get both through inject('stack') and inject('fixtureWeb').
 */
export default async function setup(project: TestProject) {
  const web = await startFixtureWeb();
  const stack = await spawnLocalStack({
    verbose: process.env.ASSAY_VERBOSE === '1',
    env: { URL_FETCH_ALLOW_HOSTS: `127.0.0.1:${web.port}`, ASSAY_HARNESS_FAULTS: 'true' },
  });
  const { stop, ...info } = stack;
  project.provide('stack', info);
  project.provide('fixtureWeb', web.url);
  return async () => {
    await stop();
    await web.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: import('./local-stack').StackInfo;
    fixtureWeb: string;
  }
}
