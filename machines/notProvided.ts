import { fromPromise } from 'xstate';

/**
 * The default for an effect actor: the app provides the real one with `machine.provide()` and tests
 * provide fakes, so running without one is a wiring bug that should fail loudly, not silently succeed.
 */
export function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}
