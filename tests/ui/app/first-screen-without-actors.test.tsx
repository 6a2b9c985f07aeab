import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { navigate as navigateHash } from 'wouter/use-hash-location';
import { AppRoot } from '../../../src/app/AppRoot';
import { preloadScreenFor } from '../../../src/app/AppRoutes';
import type { AppShell } from '../../../src/app/actors-context';
import type { AppApi } from '../../../src/app/create-app-actors';
import { type AppActors, createAppActors, shellViewOf } from '../../../src/app/create-app-actors';
import { servedView } from '../../../src/app/first-screen';
import { lazyLoad } from '../../../src/app/lazy-load';
import { createShellViewStore } from '../../../src/app/shell-view';
import { createUiStore } from '../../../src/app/ui-store';
import { createAppStorage } from '../../../src/services/storage';
import { createTestI18n, fakeApi } from '../helpers/render-app';
import { loggedInStorage, SUBJECTS } from '../screens/catalogue-fixtures';

// Issue 12: the landing as served hydrates and works without the root actors' code (XState and the session,
// cart and language machines); it loads in idle time or with the first interaction that needs it, and then
// the actors decide everything the shell shows. Here the actors' code arrives when the test says so.

// As src/main.tsx does before the first render: the landing's code is there.
beforeAll(() => preloadScreenFor('#/landing'));

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function servedLanding(options: { api?: Partial<AppApi>; storage?: Record<string, string> } = {}) {
  window.history.replaceState(null, '', '/#/landing');
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const i18n = createTestI18n('en');
  const api = fakeApi({ fetchSubjects: async () => SUBJECTS, ...options.api });
  const services = {
    ui: createUiStore(),
    now: () => Date.now(),
    navigate: (path: string) => navigateHash(path),
    api,
    describeError: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  };
  const view = createShellViewStore(servedView({ state: 'landing', lang: 'en', year: 2026 }));
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  // As src/main.tsx loads them: created and started once their code is there, followed by the shell's view
  // once a dictionary is in use.
  const loadActors = vi.fn(async (): Promise<AppActors> => {
    await arrived;
    const actors = createAppActors({
      ...services,
      storage: createAppStorage(window.localStorage),
      browserLanguages: () => ['en'],
      loadDictionary: async (lang) => {
        await i18n.changeLanguage(lang);
      },
      clearCaches: async () => undefined,
    });
    actors.start();
    await waitFor(() => expect(actors.language.getSnapshot().context.language).not.toBeNull());
    view.follow(shellViewOf(actors));
    return actors;
  });
  const shell: AppShell = { services, actors: lazyLoad(loadActors), view };
  render(<AppRoot shell={shell} i18n={i18n} ssrPath="/landing" />);
  return {
    loadActors,
    actorsArrive: () => act(async () => arrive()),
    /** What src/main.tsx does in idle time after the first screen. */
    whenIdle: () => void shell.actors.load(),
    i18n,
  };
}

const navbar = () => screen.getByRole('navigation', { name: 'Menu' });

describe('the landing before the root actors have loaded', () => {
  it('shows and fills the landing for a visitor: the section list has its machine, the actors are not asked for', async () => {
    const { loadActors } = servedLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to StudyCam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '#/register');
    expect(within(navbar()).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    const anglophone = screen.getByRole('article', { name: 'Anglophone (GCE)' });
    expect(await within(anglophone).findByText('Mathematics Form 5')).toBeInTheDocument();
    expect(loadActors).not.toHaveBeenCalled();
  });

  it('opens another route once the actors are there, with a loader meanwhile', async () => {
    const { loadActors, actorsArrive } = servedLanding();
    await userEvent.click(within(navbar()).getByRole('link', { name: 'Log in' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(loadActors).toHaveBeenCalledTimes(1);
    await actorsArrive();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('keeps a language chosen before the actors arrived and applies it once they run', async () => {
    const { loadActors, actorsArrive, i18n } = servedLanding();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(loadActors).toHaveBeenCalledTimes(1);
    await actorsArrive();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur StudyCam' }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });

  it('opens the cart with the actors', async () => {
    const { loadActors, actorsArrive } = servedLanding();
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    expect(loadActors).toHaveBeenCalledTimes(1);
    await actorsArrive();
    expect(await screen.findByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
  });

  it('hands the shell over to the actors, which have the last word on the stored session', async () => {
    // The landing was served to a visitor; the actors find a student (the user kept as plain JSON by the app
    // this one replaces, issue 18) and the shell becomes theirs.
    const { id_token } = loggedInStorage({});
    const user = { id: 'u1', username: 'amina', role: 'STUDENT' };
    const getProfile = vi.fn(async () => ({ success: true as const, user: { ...user, paidSubjects: [] } }));
    const { actorsArrive, whenIdle } = servedLanding({
      storage: { id_token: id_token as string, user: JSON.stringify(user) },
      api: { getProfile } as unknown as Partial<AppApi>,
    });
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    whenIdle();
    await actorsArrive();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to my subjects' })).toBeInTheDocument());
    expect(within(navbar()).getByRole('link', { name: 'My subjects' })).toBeInTheDocument();
  });

  it('a stored token without its user is no session: the actors end it and the visitor stays one', async () => {
    const { id_token } = loggedInStorage({});
    const logout = vi.fn(async () => ({ success: true as const }));
    const { actorsArrive, whenIdle } = servedLanding({
      storage: { id_token: id_token as string },
      api: { logout },
    });
    whenIdle();
    await actorsArrive();
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem('id_token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(within(navbar()).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
