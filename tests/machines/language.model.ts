import type { AnyEventObject } from 'xstate';
import type { LanguageEvent, LanguageInput, LanguageSnapshot } from '../../machines/language';
import { languageMachine } from '../../machines/language';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// Phones as students have them (issue 18): French-speaking with no choice (something unreadable stored),
// English-speaking with French chosen. (Browsers in neither language: language.test.ts.)
export const FRENCH_PHONE: LanguageInput = { stored: 'klingon', browserLanguages: ['de-DE', 'fr-CM', 'en'] };
export const ENGLISH_PHONE_CHOSE_FRENCH: LanguageInput = { stored: 'fr', browserLanguages: ['en-US'] };

export const languageEventSamples = {
  // 'de' stands for anything that is neither en nor fr.
  'language.set': () => [
    { type: 'language.set', lang: 'fr' },
    { type: 'language.set', lang: 'de' },
  ],
  // Logins whose account never chose and chose French; a session restored at start, its account English.
  'language.signedIn': () => [
    { type: 'language.signedIn', account: null, login: true },
    { type: 'language.signedIn', account: 'fr', login: true },
    { type: 'language.signedIn', account: 'en', login: false },
  ],
  'language.signedOut': () => [{ type: 'language.signedOut' }],
} satisfies Record<LanguageEvent['type'], () => readonly LanguageEvent[]>;

export const languageInternalSamples = {
  'xstate.done.actor.loadDictionary': () => [{ type: 'xstate.done.actor.loadDictionary', output: undefined }],
  'xstate.error.actor.loadDictionary': () => [
    {
      type: 'xstate.error.actor.loadDictionary',
      error: new Error('Network error. Please check your internet connection.'),
    },
  ],
} satisfies Record<string, () => readonly AnyEventObject[]>;

export const languageModel: MachineModel<typeof languageMachine> = {
  machine: languageMachine,
  inputs: [FRENCH_PHONE, ENGLISH_PHONE_CHOSE_FRENCH],
  samples: { ...languageEventSamples, ...languageInternalSamples },
  // The app says a session began only while none is going on, and that one ended only after it began.
  filterEvents: (snapshot: LanguageSnapshot, event) => {
    if (event.type === 'language.signedIn') return !snapshot.context.signedIn;
    if (event.type === 'language.signedOut') return snapshot.context.signedIn;
    return true;
  },
};

export const LANGUAGE_EFFECTS = ['persistLanguage', 'saveToAccount'] as const;

export function createLanguageHarness(input: LanguageInput): Harness<typeof languageMachine> {
  const fakes = new Fakes();
  const logic = languageMachine.provide({
    actions: fakes.actions(LANGUAGE_EFFECTS),
    actors: { loadDictionary: fakes.promiseActor('loadDictionary') },
  });
  return new Harness(logic, input, fakes);
}

export const languageExecutors: EventExecutors<typeof languageMachine> = {
  'language.set': (harness, event) => harness.send(event),
  'language.signedIn': (harness, event) => harness.send(event),
  'language.signedOut': (harness, event) => harness.send(event),
};

export const languagePaths = () => generatePaths(languageModel);
