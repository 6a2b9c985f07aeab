import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';

// SPEC.md §4 "Language": en or fr, anything else falls back to en; persisted under `language`;
// dictionaries come from /assets/i18n/{lang}.json (the app's `loadDictionary` fetches one and feeds i18next).

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function toLanguage(value: unknown): Language {
  return LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;
}

export type LanguageEvent = { type: 'language.set'; lang: string };

export interface LanguageInput {
  /** What storage holds under `language`, unchecked. */
  readonly stored: string | null;
}

export interface LanguageContext {
  /** The language whose dictionary is in use, or null before the first one has loaded. */
  readonly language: Language | null;
  /** The language being loaded, or the one in use once loaded. */
  readonly requested: Language;
}

export interface LoadDictionaryInput {
  readonly lang: Language;
}

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
  },
  actors: {
    loadDictionary: notProvided<void, LoadDictionaryInput>('loadDictionary'),
  },
  actions: {
    /** Provided by the app: writes `language`. */
    persistLanguage: (_, _params: { lang: Language }) => {},
    request: assign({ requested: (_, params: { lang: Language }) => params.lang }),
    adoptRequested: assign({ language: ({ context }) => context.requested }),
    keepCurrent: assign({ requested: ({ context }) => context.language ?? DEFAULT_LANGUAGE }),
  },
  guards: {
    hasDictionary: ({ context }) => context.language !== null,
    requestedIsNotDefault: ({ context }) => context.requested !== DEFAULT_LANGUAGE,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: null, requested: toLanguage(input.stored) }),
  initial: 'loading',
  on: {
    'language.set': {
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'request', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
        { type: 'persistLanguage', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
      ],
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadDictionary',
        src: 'loadDictionary',
        input: ({ context }) => ({ lang: context.requested }),
        onDone: { target: 'ready', actions: 'adoptRequested' },
        onError: [
          // A switch that fails keeps the dictionary already in use.
          { guard: 'hasDictionary', target: 'ready', actions: 'keepCurrent' },
          // At start, a French dictionary that cannot load falls back to English.
          {
            guard: 'requestedIsNotDefault',
            target: 'loading',
            reenter: true,
            actions: { type: 'request', params: { lang: DEFAULT_LANGUAGE } },
          },
          { target: 'unavailable' },
        ],
      },
    },
    ready: {},
    /** No dictionary could be loaded (offline on a first visit); a later `language.set` tries again. */
    unavailable: {},
  },
});

export type LanguageSnapshot = SnapshotFrom<typeof languageMachine>;

/** The language to render in: the loaded one, or the one being loaded at start. */
export const selectLanguage = (snapshot: LanguageSnapshot): Language =>
  snapshot.context.language ?? snapshot.context.requested;
export const selectIsLanguageLoading = (snapshot: LanguageSnapshot): boolean => snapshot.matches('loading');
/** A dictionary is in use (the app draws nothing before, so no untranslated key flashes). */
export const selectHasDictionary = (snapshot: LanguageSnapshot): boolean =>
  snapshot.context.language !== null;
