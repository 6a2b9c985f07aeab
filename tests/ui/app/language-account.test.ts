import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../contract/users';
import { createAppActors } from '../../../src/app/create-app-actors';
import { createUiStore } from '../../../src/app/ui-store';
import { writeLanguageCookie } from '../../../src/services/language-cookie';
import { createAppStorage, STORAGE_KEYS, STORAGE_VERSION } from '../../../src/services/storage';
import { fakeApi } from '../helpers/render-app';
import { amina, liveToken } from '../screens/account-fixtures';

// Issue 18, the app's side of the language rule: the root actors tell the language machine when a session
// begins and ends, and save an explicit choice with the account.

function phone({ browser, stored = {} }: { browser: string[]; stored?: Record<string, string> }) {
  window.localStorage.clear();
  writeLanguageCookie(null);
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const saveLanguage = vi.fn(async ({ language }: { id: string; language: 'en' | 'fr' }) => ({
    success: true as const,
    user: { ...amina, language },
  }));
  const loaded: string[] = [];
  const actors = createAppActors({
    storage: createAppStorage(window.localStorage),
    api: fakeApi({ saveLanguage, logout: async () => ({ success: true }) }),
    ui: createUiStore(),
    now: () => Date.now(),
    navigate: () => undefined,
    describeError: String,
    browserLanguages: () => browser,
    rememberLanguage: (lang) => writeLanguageCookie(lang),
    loadDictionary: async (lang) => void loaded.push(lang),
    clearCaches: async () => undefined,
  });
  actors.start();
  const shown = () => actors.language.getSnapshot().context.language;
  return { actors, saveLanguage, loaded, shown };
}

const storedUser = (user: ClientUser) => JSON.stringify({ v: STORAGE_VERSION, data: user });

describe('the language of a student’s account', () => {
  it('an English phone that chose French: saved at login, English after logout, French again at the next login', async () => {
    const { actors, saveLanguage, shown } = phone({ browser: ['en-US', 'en'] });
    await waitFor(() => expect(shown()).toBe('en'));
    actors.language.send({ type: 'language.set', lang: 'fr' });
    await waitFor(() => expect(shown()).toBe('fr'));
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
    expect(document.cookie).toContain('language=fr');

    // The account never chose: the device's choice goes with it.
    actors.signIn(liveToken(), amina);
    await waitFor(() => expect(saveLanguage).toHaveBeenCalledWith({ id: amina.id, language: 'fr' }));
    await waitFor(() => expect(actors.session.getSnapshot().context.user?.language).toBe('fr'));

    actors.session.send({ type: 'session.logout' });
    await waitFor(() => expect(shown()).toBe('en'));
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
    expect(document.cookie).not.toContain('language=');

    actors.signIn(liveToken(), { ...amina, language: 'fr' });
    await waitFor(() => expect(shown()).toBe('fr'));
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
    expect(saveLanguage).toHaveBeenCalledTimes(1);
  });

  it('a French phone keeps French after logout, and a choice made while signed in is saved', async () => {
    const { actors, saveLanguage, shown, loaded } = phone({ browser: ['fr-FR', 'fr'] });
    await waitFor(() => expect(shown()).toBe('fr'));
    actors.signIn(liveToken(), amina);
    actors.language.send({ type: 'language.set', lang: 'en' });
    await waitFor(() => expect(saveLanguage).toHaveBeenCalledWith({ id: amina.id, language: 'en' }));
    await waitFor(() => expect(shown()).toBe('en'));
    actors.session.send({ type: 'session.logout' });
    await waitFor(() => expect(shown()).toBe('fr'));
    expect(loaded).toEqual(['fr', 'en', 'fr']);
  });

  it('at start, a choice whose save was lost is saved again', async () => {
    const { saveLanguage, shown } = phone({
      browser: ['fr-FR'],
      stored: {
        [STORAGE_KEYS.token]: liveToken(),
        [STORAGE_KEYS.user]: storedUser({ ...amina, language: 'fr' }),
        [STORAGE_KEYS.language]: 'en',
      },
    });
    await waitFor(() => expect(shown()).toBe('en'));
    expect(saveLanguage).toHaveBeenCalledWith({ id: amina.id, language: 'en' });
  });
});
