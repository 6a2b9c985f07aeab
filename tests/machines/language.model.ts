import type { AnyEventObject } from 'xstate';
import type { LanguageEvent, LanguageInput } from '../../machines/language';
import { languageMachine } from '../../machines/language';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const languageEventSamples = {
  // 'de' stands for anything that is neither en nor fr.
  'language.set': () => [
    { type: 'language.set', lang: 'fr' },
    { type: 'language.set', lang: 'en' },
    { type: 'language.set', lang: 'de' },
  ],
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
  inputs: [{ stored: null }, { stored: 'fr' }, { stored: 'klingon' }],
  samples: { ...languageEventSamples, ...languageInternalSamples },
};

export const LANGUAGE_EFFECTS = ['persistLanguage'] as const;

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
};

export const languagePaths = () => generatePaths(languageModel);
