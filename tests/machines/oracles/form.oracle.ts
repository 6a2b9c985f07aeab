import { expect } from 'vitest';
import type { FormValues, formMachine } from '../../../machines/form';
import {
  selectFieldErrors,
  selectFormError,
  selectHasSucceeded,
  selectIsSubmitting,
  selectValues,
} from '../../../machines/form';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// docs/product.md §5 written again without machines/validation.ts: registration needs all six fields and an e-mail
// of a standard pattern; login needs username and password; docs/api.md: a comment is 1 to 1000 characters.
// Nothing is sent unless the form passes, and what is sent is what was typed; the fields at fault are named;
// a failed send keeps every value and says why; after a success the form can start again from its first
// values (a second comment).

const filled = (values: FormValues, name: string) => (values[name] ?? '').trim() !== '';
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The names of the fields at fault under docs/product.md §5, for the forms the model drives. */
const FAULTS: Record<string, (values: FormValues) => string[]> = {
  register: (values) => {
    const six = ['firstname', 'lastname', 'email', 'username', 'password', 'phonenumber'];
    const missing = six.filter((name) => !filled(values, name));
    const badEmail = filled(values, 'email') && !EMAIL.test((values.email ?? '').trim());
    return [...missing, ...(badEmail ? ['email'] : [])];
  },
  login: (values) => ['username', 'password'].filter((name) => !filled(values, name)),
  comment: (values) => (!filled(values, 'text') || (values.text ?? '').trim().length > 1000 ? ['text'] : []),
};

export const formOracle: Oracle<typeof formMachine> = (input) => {
  const faults = FAULTS[input.rules];
  if (!faults) throw new Error(`No reference rules for the ${input.rules} form`);
  let values: FormValues = input.values;
  let faulty: string[] = [];
  let sending = false;
  let succeeded = false;
  let error: string | null = null;
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const sends = calls.newCalls(harness.fakes, 'submit').map((call) => call.input);
    let sent: FormValues | null = null;
    switch (event.type) {
      case 'form.change': {
        const name = event.name as string;
        values = { ...values, [name]: event.value as string };
        faulty = faulty.filter((field) => field !== name);
        error = null;
        break;
      }
      case 'form.submit':
        if (sending || succeeded) break;
        faulty = [...new Set(faults(values))];
        error = null;
        if (faulty.length === 0) [sending, sent] = [true, values];
        break;
      case 'xstate.done.actor.submit':
        [sending, succeeded] = [false, true];
        expect(paramsOf(effects, 'succeeded')).toEqual([{ result: (event as { output?: unknown }).output }]);
        break;
      case 'xstate.error.actor.submit': {
        sending = false;
        const thrown = (event as { error?: unknown }).error;
        error = thrown instanceof Error && thrown.message ? thrown.message : String(thrown);
        break;
      }
      case 'form.reset':
        [values, succeeded] = [input.values, false];
        break;
    }
    if (event.type !== 'xstate.done.actor.submit') expect(paramsOf(effects, 'succeeded')).toEqual([]);
    expect(sends, `sent on ${event.type}`).toEqual(sent ? [sent] : []);
    expect(selectValues(harness.snapshot), 'every value typed is kept').toEqual(values);
    expect(Object.keys(selectFieldErrors(harness.snapshot)).sort(), 'the fields at fault').toEqual(
      [...faulty].sort(),
    );
    for (const message of Object.values(selectFieldErrors(harness.snapshot))) expect(message).not.toBe('');
    expect(selectFormError(harness.snapshot)).toBe(error);
    expect(selectIsSubmitting(harness.snapshot)).toBe(sending);
    expect(selectHasSucceeded(harness.snapshot)).toBe(succeeded);
  };
};
