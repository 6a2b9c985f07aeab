import { fromPromise } from 'xstate';
import type { ClientUser as User } from '../../contract/users';
import type { Language, LoadDictionaryInput, languageMachine } from '../../machines/language';
import type { Endpoints } from '../services/api/endpoints';
import type { AppStorage } from '../services/storage';

/** What the language machine's effects reach: the dictionaries, the device, the account. */
export interface LanguageDeps {
  api: Pick<Endpoints, 'saveLanguage'>;
  storage: Pick<AppStorage, 'setLanguage'>;
  loadDictionary: (lang: string) => Promise<void>;
  /** Mirrors the persisted language where the server and the worker can read it (a cookie). */
  rememberLanguage?: ((lang: Language | null) => void) | undefined;
  /** The signed-in student, if any. */
  signedInUser: () => User | null;
  /** A user the server answered with, kept unless the student logged out (or another logged in) meanwhile. */
  keepIfStillSignedIn: (user: User) => void;
}

/**
 * The choice goes with the account, so the next login on any device restores it. A save that fails
 * (offline) is tried again at the next start: the device's choice then differs from the account's.
 */
async function saveLanguageToAccount(fx: LanguageDeps, lang: Language): Promise<void> {
  const user = fx.signedInUser();
  if (!user) return;
  const answer = await fx.api.saveLanguage({ id: user.id, language: lang }).catch(() => null);
  if (answer) fx.keepIfStillSignedIn(answer.user);
}

/** The language machine's effects. */
export function languageActors(fx: LanguageDeps): Parameters<typeof languageMachine.provide>[0] {
  return {
    actors: {
      loadDictionary: fromPromise<void, LoadDictionaryInput>(({ input }) => fx.loadDictionary(input.lang)),
    },
    actions: {
      persistLanguage: (_, { lang }) => {
        fx.storage.setLanguage(lang);
        fx.rememberLanguage?.(lang);
      },
      saveToAccount: (_, { lang }) => void saveLanguageToAccount(fx, lang),
    },
  };
}
