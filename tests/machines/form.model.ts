import type { AnyEventObject } from 'xstate';
import type { FormEvent, FormInput, FormSnapshot } from '../../machines/form';
import { formMachine } from '../../machines/form';
import type { FormRules } from '../../machines/validation';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// Three forms as the screens use them: a login started empty, a registration where the student still has
// to give an e-mail and a phone number, and a comment box used again after each comment.

export const LOGIN_INPUT: FormInput = { rules: 'login', values: { username: '', password: '' } };
export const REGISTER_INPUT: FormInput = {
  rules: 'register',
  values: {
    firstname: 'Amina',
    lastname: 'Njoya',
    email: '',
    username: 'amina',
    password: 'mango-2024',
    phonenumber: '',
  },
};
export const COMMENT_INPUT: FormInput = { rules: 'comment', values: { text: '' } };

/**
 * What the student may type, by form: each field is cleared, filled wrongly when the rules can tell, and
 * filled well. Fields left out keep their input value, which keeps the model finite.
 */
export const FIELD_SAMPLES: Partial<Record<FormRules, ReadonlyArray<readonly [string, string]>>> = {
  login: [
    ['username', ''],
    ['username', 'amina'],
    ['password', ''],
    ['password', 'mango-2024'],
  ],
  register: [
    ['email', ''],
    ['email', 'amina@example'],
    ['email', 'amina@example.cm'],
    ['phonenumber', ''],
    ['phonenumber', '237670000001'],
  ],
  comment: [
    ['text', '   '],
    ['text', 'Merci pour la vidéo !'],
  ],
};

export const SERVER_ANSWER = { success: true, msg: 'ok' };
/** The app hands the machine an Error whose message is already translated (src/app/use-form.ts). */
export const SEND_ERROR = new Error('Invalid credentials or session expired.');
/** Anything else thrown is still shown as text. */
export const ODD_SEND_ERROR = 'An error occurred';

export const formEventSamples = {
  'form.change': (snapshot: FormSnapshot) => {
    const samples = FIELD_SAMPLES[snapshot.context.rules];
    if (!samples) throw new Error(`No field samples for the ${snapshot.context.rules} form`);
    return samples.map(([name, value]) => ({ type: 'form.change', name, value }) as const);
  },
  'form.submit': () => [{ type: 'form.submit' }],
  'form.reset': () => [{ type: 'form.reset' }],
} satisfies Record<FormEvent['type'], (snapshot: FormSnapshot) => readonly FormEvent[]>;

export const formInternalSamples = {
  'xstate.done.actor.submit': () => [{ type: 'xstate.done.actor.submit', output: SERVER_ANSWER }],
  'xstate.error.actor.submit': () => [
    { type: 'xstate.error.actor.submit', error: SEND_ERROR },
    { type: 'xstate.error.actor.submit', error: ODD_SEND_ERROR },
  ],
} satisfies Record<string, () => readonly AnyEventObject[]>;

export const formModel: MachineModel<typeof formMachine> = {
  machine: formMachine,
  inputs: [LOGIN_INPUT, REGISTER_INPUT, COMMENT_INPUT],
  samples: { ...formEventSamples, ...formInternalSamples },
  filterEvents: (snapshot, event) =>
    // Typing the value a field already holds changes nothing the student can see.
    event.type !== 'form.change' || snapshot.context.values[event.name] !== event.value,
};

export const FORM_EFFECTS = ['succeeded'] as const;

export function createFormHarness(input: FormInput = LOGIN_INPUT): Harness<typeof formMachine> {
  const fakes = new Fakes();
  const logic = formMachine.provide({
    actions: fakes.actions(FORM_EFFECTS),
    actors: { submit: fakes.promiseActor('submit') },
  });
  return new Harness(logic, input, fakes);
}

export const formExecutors = {
  'form.change': (harness, event) => harness.send(event),
  'form.submit': (harness, event) => harness.send(event),
  'form.reset': (harness, event) => harness.send(event),
} satisfies EventExecutors<typeof formMachine>;

export const formPaths = () => generatePaths(formModel);
