import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppActors, shellViewOf } from '../../../src/app/create-app-actors';
import { createShellViewStore, type ShellView } from '../../../src/app/shell-view';
import { createUiStore } from '../../../src/app/ui-store';
import { createAppStorage } from '../../../src/services/storage';
import { fakeApi } from '../helpers/render-app';
import { loggedInStorage, SUBJECTS } from '../screens/catalogue-fixtures';

// Issue 12: the shell shows the served page's view until the root actors' code has loaded, then theirs.

const served: ShellView = { isLoggedIn: false, cartCount: 0, language: 'en', translated: true, live: false };

function startedActors(stored: Record<string, string> = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const actors = createAppActors({
    storage: createAppStorage(window.localStorage),
    api: fakeApi(),
    ui: createUiStore(),
    now: () => Date.now(),
    navigate: () => undefined,
    describeError: String,
    browserLanguages: () => ['en'],
    loadDictionary: async () => undefined,
    clearCaches: async () => undefined,
  });
  actors.start();
  return actors;
}

describe('the shell view', () => {
  it('keeps the served view until it follows the actors, then shows each change of theirs once', async () => {
    const store = createShellViewStore(served);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBe(served);

    const actors = startedActors();
    await waitFor(() => expect(actors.language.getSnapshot().context.language).toBe('en'));
    store.follow(shellViewOf(actors));
    expect(store.getSnapshot()).toEqual({ ...served, live: true });
    expect(listener).toHaveBeenCalledTimes(1);

    actors.cart.send({ type: 'cart.add', item: SUBJECTS[0] as (typeof SUBJECTS)[number] });
    actors.cart.send({ type: 'cart.add', item: SUBJECTS[0] as (typeof SUBJECTS)[number] });
    expect(store.getSnapshot().cartCount).toBe(2);
    expect(listener).toHaveBeenCalledTimes(3);
    // What hydration renders stays the page as served.
    expect(store.getFirstSnapshot()).toBe(served);
  });

  it('an equal view is no change: the shell does not render again when the actors take over', async () => {
    const store = createShellViewStore(served);
    const actors = startedActors();
    await waitFor(() => expect(actors.language.getSnapshot().context.language).toBe('en'));
    const before = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);
    // Only `live` differs: the one change.
    store.follow(shellViewOf(actors));
    actors.session.send({ type: 'session.tick', now: Date.now() });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ ...before, live: true });
  });

  it("gives a student's stored session and cart once the actors run, whatever the first view said", async () => {
    const store = createShellViewStore(served);
    const actors = startedActors({
      ...loggedInStorage({}),
      shopping_cart: JSON.stringify({ v: 1, data: [{ ...SUBJECTS[0], amount: 3 }] }),
      language: 'fr',
    });
    store.follow(shellViewOf(actors));
    // The French dictionary is still loading: the shell renders nothing untranslated meanwhile.
    expect(store.getSnapshot()).toEqual({
      isLoggedIn: true,
      cartCount: 3,
      language: 'fr',
      translated: false,
      live: true,
    });
    await waitFor(() => expect(store.getSnapshot().translated).toBe(true));
  });
});
