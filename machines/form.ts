import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { failureText as describe, notProvided } from './notProvided';
import type { FieldErrors, FormRules, FormValues } from './validation';
import { FORM_RULES } from './validation';

// A form that is sent to the server (register, login, profile, comments…). docs/product.md §5's rules run before
// anything is sent; a failed send shows the error and keeps every value typed (the student never retypes).
// The validation rules and the submit call are the form's own, provided with `provide()`.

export type { FieldErrors, FormValues } from './validation';

export type FormEvent =
  | { type: 'form.change'; name: string; value: string }
  | { type: 'form.submit' }
  /** After success, to use the same form again (a second comment). */
  | { type: 'form.reset' };

export interface FormContext {
  readonly rules: FormRules;
  readonly initial: FormValues;
  readonly values: FormValues;
  /** Message keys by field name, from the provided `validate`. */
  readonly fieldErrors: FieldErrors;
  /** The send's error, as the app described it (already translated). */
  readonly error: string | null;
  readonly result: unknown;
}

export interface FormInput {
  /** Which of docs/product.md §5's rule sets (machines/validation.ts) the form must pass before it is sent. */
  readonly rules: FormRules;
  readonly values: FormValues;
}

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
  },
  actors: {
    submit: notProvided<unknown, FormValues>('submit'),
  },
  actions: {
    /** Provided by the app: what follows a success (log in, navigate, close). */
    succeeded: (_, _params: { result: unknown }) => {},
    checkFields: assign({ fieldErrors: ({ context }) => FORM_RULES[context.rules](context.values) }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(FORM_RULES[context.rules](context.values)).length === 0,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    rules: input.rules,
    initial: input.values,
    values: input.values,
    fieldErrors: {},
    error: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            // The field being corrected loses its complaint; the others keep theirs until the next submit.
            fieldErrors: ({ context, event }) => {
              const { [event.name]: _fixed, ...rest } = context.fieldErrors;
              return rest;
            },
            error: null,
          }),
        },
        'form.submit': [
          {
            guard: 'isValid',
            target: 'submitting',
            actions: assign({ fieldErrors: {}, error: null }),
          },
          { actions: 'checkFields' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => describe(event.error) }) },
      },
    },
    succeeded: {
      on: {
        'form.reset': {
          target: 'editing',
          actions: assign({ values: ({ context }) => context.initial, result: null }),
        },
      },
    },
  },
});

export type FormSnapshot = SnapshotFrom<typeof formMachine>;

export const selectValues = (snapshot: FormSnapshot): FormValues => snapshot.context.values;
export const selectFieldErrors = (snapshot: FormSnapshot): FieldErrors => snapshot.context.fieldErrors;
export const selectFormError = (snapshot: FormSnapshot): string | null => snapshot.context.error;
export const selectIsSubmitting = (snapshot: FormSnapshot): boolean => snapshot.matches('submitting');
export const selectHasSucceeded = (snapshot: FormSnapshot): boolean => snapshot.matches('succeeded');
