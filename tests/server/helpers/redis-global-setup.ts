import type { TestProject } from 'vitest/node';
import { startRedisServer } from '../../../scripts/throwaway-redis';

/**
 * Global setup of the server projects: a throwaway redis-server (Debian's) on a free loopback port, for the
 * tests of the limits shared through REDIS_URL. TEST_REDIS_URL wins. Without either, the tests that need Redis
 * fail with the message provided here (the others run as usual): never skipped.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** redis://… of the throwaway server, or '' when there is none (then testRedisError says why). */
    testRedisUrl: string;
    testRedisError: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const provided = process.env.TEST_REDIS_URL;
  if (provided) {
    project.provide('testRedisUrl', provided);
    project.provide('testRedisError', '');
    return async () => {};
  }
  try {
    const server = await startRedisServer();
    project.provide('testRedisUrl', server.url);
    project.provide('testRedisError', '');
    return server.stop;
  } catch (error) {
    project.provide('testRedisUrl', '');
    project.provide('testRedisError', (error as Error).message);
    return async () => {};
  }
}
