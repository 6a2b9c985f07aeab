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

// What a machine shows of a failed effect. The app's effects throw Errors whose message is already written
// for the student (translated); anything else is shown as it is. (Kept here, beside the effects' default, so
// the first screen's machines load no extra module for it.)

/** The text of a failure, always something. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
