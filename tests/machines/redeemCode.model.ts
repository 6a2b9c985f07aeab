import type { AnyEventObject } from 'xstate';
import type {
  RedeemEvent,
  RedeemFailure,
  RedeemInput,
  RedeemOutput,
  RedeemSnapshot,
} from '../../machines/redeemCode';
import { redeemCodeMachine } from '../../machines/redeemCode';
import type { User } from '../../machines/types';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// A student redeeming a card's code (issue 20): opened from the "I have a code" button (nothing typed yet)
// or from a card's QR link (the code filled in), typing codes well and badly, and the server accepting,
// refusing, holding the student back, or not answering.

/** A code as printed (made by the operator command), and how the student may type it. */
export const PRINTED = '160B-0N4A-B55C-93SR-F';
export const TYPED_LOOSELY = ' l6ob 0n4a b55c 93sr f ';
/** One symbol wrong (its last, the check symbol): caught before any request. */
export const MISTYPED = '160B-0N4A-B55C-93SR-G';
export const TOO_SHORT = '160B-0N4A';
/** U is not in the alphabet. */
export const WITH_A_U = '160B-0N4A-B55C-93SR-U';

export const FROM_BUTTON: RedeemInput = { code: '' };
export const FROM_LINK: RedeemInput = { code: PRINTED };

export const STUDENT: User = {
  id: 'student-1',
  firstname: 'Amina',
  lastname: 'Njoya',
  email: 'amina@example.cm',
  username: 'amina',
  phonenumber: '237670000001',
  role: 'STUDENT',
  profilePicture: null,
  createdAt: '2026-09-01T08:00:00.000Z',
  paidSubjects: [
    { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: '2027-11-26T08:00:00.000Z' },
  ],
  language: 'fr',
};
export const ACCEPTED: RedeemOutput = {
  user: STUDENT,
  msg: 'Votre code a été accepté : Mathematics Form 5, jusqu’au 26 novembre 2027.',
};
export const SPENT: RedeemFailure = {
  message: 'Ce code a déjà été utilisé : toutes les places qu’il donne sont prises.',
};
export const HELD_BACK: RedeemFailure = {
  message: 'Trop de codes essayés. Veuillez réessayer dans 30 s.',
  retryAfterMs: 30_000,
};
/** A lost connection: the app's Error, already translated. */
export const OFFLINE = new Error('Erreur réseau. Veuillez vérifier votre connexion Internet.');

export const redeemEventSamples = {
  'code.change': () =>
    ['', TYPED_LOOSELY, MISTYPED, TOO_SHORT, WITH_A_U].map(
      (value) => ({ type: 'code.change', value }) as const,
    ),
  'code.submit': () => [{ type: 'code.submit' }],
} satisfies Record<RedeemEvent['type'], (snapshot: RedeemSnapshot) => readonly RedeemEvent[]>;

export const redeemInternalSamples = {
  'xstate.done.actor.redeem': () => [{ type: 'xstate.done.actor.redeem', output: ACCEPTED }],
  'xstate.error.actor.redeem': () => [
    { type: 'xstate.error.actor.redeem', error: SPENT },
    { type: 'xstate.error.actor.redeem', error: HELD_BACK },
    { type: 'xstate.error.actor.redeem', error: OFFLINE },
  ],
  'xstate.after.retryWait.redeemCode.throttled': () => [
    { type: 'xstate.after.retryWait.redeemCode.throttled' },
  ],
} satisfies Record<string, () => readonly AnyEventObject[]>;

export const redeemCodeModel: MachineModel<typeof redeemCodeMachine> = {
  machine: redeemCodeMachine,
  inputs: [FROM_BUTTON, FROM_LINK],
  samples: { ...redeemEventSamples, ...redeemInternalSamples },
  filterEvents: (snapshot, event) =>
    // Typing what is already there changes nothing the student can see.
    event.type !== 'code.change' || snapshot.context.code !== event.value,
};

export const REDEEM_EFFECTS = ['storeUser', 'showAlert', 'navigate'] as const;

export function createRedeemHarness(input: RedeemInput = FROM_BUTTON): Harness<typeof redeemCodeMachine> {
  const fakes = new Fakes();
  const logic = redeemCodeMachine.provide({
    actions: fakes.actions(REDEEM_EFFECTS),
    actors: { redeem: fakes.promiseActor('redeem') },
  });
  return new Harness(logic, input, fakes);
}

export const redeemExecutors = {
  'code.change': (harness, event) => harness.send(event),
  'code.submit': (harness, event) => harness.send(event),
} satisfies EventExecutors<typeof redeemCodeMachine>;

export const redeemPaths = () => generatePaths(redeemCodeModel);
