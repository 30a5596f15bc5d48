import type { TestProject } from 'vitest/node';
import { spawnLocalStack } from './local-stack';

/** One local stack for the whole integration run; tests get its description through inject('stack'). */
export default async function setup(project: TestProject) {
  const stack = await spawnLocalStack({ verbose: process.env.ASSAY_VERBOSE === '1' });
  const { stop, ...info } = stack;
  project.provide('stack', info);
  return async () => {
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: import('./local-stack').StackInfo;
  }
}
