import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Language } from '../contract/rules/language';
import {
  browserLanguage,
  isLanguage,
  languageFor,
  otherLanguage,
  toLanguage,
} from '../contract/rules/language';
import { notProvided } from './notProvided';

// docs/product.md §4 "Language": en or fr, anything else falls back to en; persisted under `language`;
// dictionaries come from /assets/i18n/{lang}.json (the app's `loadDictionary` fetches one and feeds i18next).
// Issue 18, the rule (contract/rules/language.ts): an explicit choice wins (the student's, on this device or
// saved with their account), else the browser's languages decide. A choice made while signed in is saved
// with the account; at login the account's saved language becomes the device's choice; when the session
// ends, the choice goes with the rest of the device's storage and the browser's languages decide again.

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageFor,
  toLanguage,
} from '../contract/rules/language';

export type LanguageEvent =
  /** The student's explicit choice (the language picker). */
  | { type: 'language.set'; lang: string }
  /**
   * A session began: `login` for a login on this device, not for a session restored at start. `account` is
   * the language saved with the account (the user object's `language`), null when never chosen.
   */
  | { type: 'language.signedIn'; account: string | null; login: boolean }
  /** The session ended (logout, expiry): the device's storage, the choice with it, was cleared. */
  | { type: 'language.signedOut' };

export interface LanguageInput {
  /** What storage holds under `language` (the explicit choice on this device), unchecked. */
  readonly stored: string | null;
  /** The browser's languages in order (navigator.languages; the native shell reports the device's). */
  readonly browserLanguages: readonly string[];
}

export interface LanguageContext {
  /** The explicit choice on this device, or null: the browser's languages decide. */
  readonly choice: Language | null;
  readonly browserLanguages: readonly string[];
  /** Signed in: a choice is saved with the account. */
  readonly signedIn: boolean;
  /** The language saved with the account as far as this device knows (null: never chosen, or signed out). */
  readonly account: Language | null;
  /** The language whose dictionary is in use, or null before the first one has loaded. */
  readonly language: Language | null;
  /** The language being loaded, or the one in use once loaded. */
  readonly requested: Language;
  /** At start the other language was tried already, after the first one failed to load. */
  readonly fellBack: boolean;
}

export interface LoadDictionaryInput {
  readonly lang: Language;
}

type SignedIn = Extract<LanguageEvent, { type: 'language.signedIn' }>;
const accountOf = (event: SignedIn): Language | null =>
  event.account === null ? null : toLanguage(event.account);
/** The account's language becomes this device's choice: at login, or when the device has none. */
const adoptsAccount = (context: LanguageContext, event: SignedIn) =>
  accountOf(event) !== null && (event.login || context.choice === null);

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
    /** Provided by the app: writes `language` (and the cookie the server and the worker read). */
    persistLanguage: (_, _params: { lang: Language }) => {},
    /** Provided by the app: saves the choice with the student's account. */
    saveToAccount: (_, _params: { lang: Language }) => {},
    choose: assign({ choice: (_, params: { lang: Language }) => params.lang }),
    /** The account now holds this language (saved from here, or read from the account). */
    recordAccount: assign({ account: (_, params: { lang: Language | null }) => params.lang }),
    signIn: assign({ signedIn: true }),
    signOut: assign({ signedIn: false, account: null, choice: null }),
    request: assign({ requested: (_, params: { lang: Language }) => params.lang }),
    requestFallback: assign({
      requested: ({ context }) => otherLanguage(context.requested),
      fellBack: true,
    }),
    adoptRequested: assign({ language: ({ context }) => context.requested }),
    keepCurrent: assign({ requested: ({ context }) => context.language ?? context.requested }),
  },
  guards: {
    hasDictionary: ({ context }) => context.language !== null,
    canFallBack: ({ context }) => !context.fellBack,
    /** A choice made while signed in that the account does not hold yet. */
    choiceIsNewToAccount: ({ context, event }) =>
      event.type === 'language.set' && context.signedIn && toLanguage(event.lang) !== context.account,
    adoptsAnotherLanguage: ({ context, event }) =>
      event.type === 'language.signedIn' &&
      adoptsAccount(context, event) &&
      accountOf(event) !== context.requested,
    adoptsAccount: ({ context, event }) =>
      event.type === 'language.signedIn' && adoptsAccount(context, event),
    /** The account does not hold the device's choice: never chosen there, or a save that was lost. */
    choiceIsNewToSignedInAccount: ({ context, event }) =>
      event.type === 'language.signedIn' && context.choice !== null && context.choice !== accountOf(event),
    browserLanguageDiffers: ({ context }) => browserLanguage(context.browserLanguages) !== context.requested,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    choice: isLanguage(input.stored) ? input.stored : null,
    browserLanguages: input.browserLanguages,
    signedIn: false,
    account: null,
    language: null,
    requested: languageFor(input.stored, input.browserLanguages),
    fellBack: false,
  }),
  initial: 'loading',
  on: {
    'language.set': [
      {
        guard: 'choiceIsNewToAccount',
        target: '.loading',
        reenter: true,
        actions: [
          { type: 'choose', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
          { type: 'persistLanguage', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
          { type: 'saveToAccount', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
          { type: 'recordAccount', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
          { type: 'request', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
        ],
      },
      {
        target: '.loading',
        reenter: true,
        actions: [
          { type: 'choose', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
          { type: 'persistLanguage', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
          { type: 'request', params: ({ event }) => ({ lang: toLanguage(event.lang) }) },
        ],
      },
    ],
    'language.signedIn': [
      {
        guard: 'adoptsAnotherLanguage',
        target: '.loading',
        reenter: true,
        actions: [
          'signIn',
          { type: 'recordAccount', params: ({ event }) => ({ lang: accountOf(event) }) },
          { type: 'choose', params: ({ event }) => ({ lang: toLanguage(event.account) }) },
          { type: 'persistLanguage', params: ({ event }) => ({ lang: toLanguage(event.account) }) },
          { type: 'request', params: ({ event }) => ({ lang: toLanguage(event.account) }) },
        ],
      },
      {
        guard: 'adoptsAccount',
        actions: [
          'signIn',
          { type: 'recordAccount', params: ({ event }) => ({ lang: accountOf(event) }) },
          { type: 'choose', params: ({ event }) => ({ lang: toLanguage(event.account) }) },
          { type: 'persistLanguage', params: ({ event }) => ({ lang: toLanguage(event.account) }) },
        ],
      },
      {
        guard: 'choiceIsNewToSignedInAccount',
        actions: [
          'signIn',
          { type: 'saveToAccount', params: ({ context }) => ({ lang: toLanguage(context.choice) }) },
          { type: 'recordAccount', params: ({ context }) => ({ lang: context.choice }) },
        ],
      },
      {
        actions: ['signIn', { type: 'recordAccount', params: ({ event }) => ({ lang: accountOf(event) }) }],
      },
    ],
    'language.signedOut': [
      {
        guard: 'browserLanguageDiffers',
        target: '.loading',
        reenter: true,
        actions: [
          'signOut',
          {
            type: 'request',
            params: ({ context }) => ({ lang: browserLanguage(context.browserLanguages) }),
          },
        ],
      },
      { actions: 'signOut' },
    ],
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
          // At start, a dictionary that cannot load (offline, that language never used on this device)
          // falls back to the other one, once.
          { guard: 'canFallBack', target: 'loading', reenter: true, actions: 'requestFallback' },
          { target: 'unavailable' },
        ],
      },
    },
    ready: {},
    /** No dictionary could be loaded (offline on a first visit); a later event that loads one tries again. */
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
