import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../contract/users';
import { selectIsLoggedIn, selectUser } from '../../../machines/session';
import { createAppActors } from '../../../src/app/create-app-actors';
import { createUiStore } from '../../../src/app/ui-store';
import { createAppStorage, STORAGE_KEYS } from '../../../src/services/storage';
import { fakeApi } from '../helpers/render-app';
import { amina, liveToken } from '../screens/account-fixtures';

// Issue 18, defect 11: a phone coming from the app this one replaces holds `user` as plain JSON beside a
// valid `id_token`. It used to start "logged in" with no user (the player then sent no userId).

const PAID: ClientUser = {
  ...amina,
  paidSubjects: [
    { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: '2030-01-01T00:00:00.000Z' },
  ],
};

function start(stored: Record<string, string>) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const getProfile = vi.fn(async () => ({ success: true as const, user: PAID }));
  const logout = vi.fn(async () => ({ success: true as const }));
  const actors = createAppActors({
    storage: createAppStorage(window.localStorage),
    api: fakeApi({ getProfile, logout }),
    ui: createUiStore(),
    now: () => Date.now(),
    navigate: () => undefined,
    describeError: String,
    browserLanguages: () => ['fr-FR'],
    loadDictionary: async () => undefined,
    clearCaches: async () => undefined,
  });
  actors.start();
  return { actors, getProfile, logout };
}

describe('a student coming from the app this one replaces', () => {
  it('is logged in with the user it stored, and gets the whole user from the server', async () => {
    const token = liveToken(amina.id);
    const { actors, getProfile } = start({
      [STORAGE_KEYS.token]: token,
      // Only the fields docs/product.md §3 names, as plain JSON.
      [STORAGE_KEYS.user]: JSON.stringify({ id: amina.id, username: amina.username, role: 'STUDENT' }),
    });
    const session = () => actors.session.getSnapshot();
    expect(selectIsLoggedIn(session())).toBe(true);
    expect(selectUser(session())?.id).toBe(amina.id);
    expect(getProfile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(selectUser(session())).toEqual(PAID));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '')).toEqual({ v: 1, data: PAID });
  });

  it('a user of this app’s own format is not asked for again', () => {
    const { getProfile, actors } = start({
      [STORAGE_KEYS.token]: liveToken(amina.id),
      [STORAGE_KEYS.user]: JSON.stringify({ v: 1, data: amina }),
    });
    expect(selectUser(actors.session.getSnapshot())).toEqual(amina);
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('a live token whose user cannot be read is never a session without a student: it ends', async () => {
    const token = liveToken(amina.id);
    const { actors, logout } = start({ [STORAGE_KEYS.token]: token, [STORAGE_KEYS.user]: '{"name":"?"}' });
    expect(selectIsLoggedIn(actors.session.getSnapshot())).toBe(false);
    await waitFor(() => expect(actors.session.getSnapshot().matches('loggedOut')).toBe(true));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
