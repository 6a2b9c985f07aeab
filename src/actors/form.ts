import { fromPromise } from 'xstate';
import type { FormValues, formMachine } from '../../machines/form';

/** What a form sends, and what it does with the server's answer. */
export interface FormDeps {
  submit: (values: FormValues) => Promise<unknown>;
  succeeded: (result: unknown) => void;
  describeError: (error: unknown) => string;
}

/** The form machine's effects: a failure reaches it as the translated text to show. */
export function formActors(fx: FormDeps): Parameters<typeof formMachine.provide>[0] {
  return {
    actors: {
      submit: fromPromise<unknown, FormValues>(async ({ input }) => {
        try {
          return await fx.submit(input);
        } catch (error) {
          throw new Error(fx.describeError(error));
        }
      }),
    },
    actions: { succeeded: (_, { result }) => fx.succeeded(result) },
  };
}
