import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { ROUTES } from '../../../src/app/routes';
import { renderWithApp } from '../helpers/render-app';
import { amina } from '../screens/account-fixtures';

// A JWT whose payload says it expires at `exp` (seconds); the signature is never checked by the app.
function tokenExpiringAt(exp: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', exp })}.signature`;
}
const user = amina;
const loggedIn = {
  id_token: tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600),
  user: JSON.stringify({ v: 1, data: user }),
};

function renderRoutes(path: string, storage: Record<string, string> = {}) {
  const view = renderWithApp(null, { path, storage });
  const hook = view.location.hook as Parameters<typeof AppRoutes>[0]['locationHook'];
  const isLoggedIn = view.context.session.getSnapshot().matches('loggedIn');
  // The routes render real screens, which read the same providers the app gives them.
  view.rerender(view.withProviders(<AppRoutes isLoggedIn={isLoggedIn} locationHook={hook} />));
  return view;
}

const PROTECTED = [
  '/dashboard',
  '/dashboard/tabs/transactions',
  '/study-sections',
  '/video-player',
  '/anglophone-videos',
  '/francophone-videos',
  '/competitive-examination-videos',
  '/diploma-examination-videos',
  '/extra-curricular-activities-videos',
  '/sort-videos-by-topics/Mathematics/Vectors',
];

describe('routes and guards', () => {
  it('declares every route of docs/product.md §2 and protects exactly the login-required ones', () => {
    const protectedPaths = ROUTES.filter((r) => r.protected).map((r) => r.path);
    expect(protectedPaths.sort()).toEqual(
      [...PROTECTED.slice(0, -1), '/sort-videos-by-topics/:subjectTitle/:subsection', '/profile'].sort(),
    );
    for (const name of [
      'landing',
      'home',
      'register',
      'cart-modal',
      'cart',
      'cache-manager',
      'splash',
      'trans',
    ]) {
      expect(ROUTES.some((r) => r.path === `/${name}`)).toBe(true);
    }
  });

  it.each(PROTECTED)('sends a logged-out visitor from %s to landing', async (path) => {
    const view = renderRoutes(path);
    expect(await screen.findByRole('heading', { name: 'Welcome to StudyCam' })).toBeInTheDocument();
    expect(view.location.history.at(-1)).toBe('/landing');
  });

  it('lets a student with a live token in', async () => {
    const view = renderRoutes('/study-sections', loggedIn);
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Welcome to StudyCam');
    expect(view.location.history.at(-1)).toBe('/study-sections');
  });

  it('treats an expired token as logged out', async () => {
    const expired = { ...loggedIn, id_token: tokenExpiringAt(Math.floor(Date.now() / 1000) - 10) };
    const view = renderRoutes('/dashboard', expired);
    await screen.findByRole('heading', { name: 'Welcome to StudyCam' });
    expect(view.location.history.at(-1)).toBe('/landing');
  });

  it.each(['/', '/no-such-screen', '/dashboard/tabs/unknown'])('sends %s to landing', async (path) => {
    const view = renderRoutes(path);
    await screen.findByRole('heading', { name: 'Welcome to StudyCam' });
    expect(view.location.history.at(-1)).toBe('/landing');
  });

  // Issue 18: the app opens on home for a student (what they were studying first), not on the landing.
  it.each(['/', '/no-such-screen'])('opens home for a logged-in student at %s', async (path) => {
    const view = renderRoutes(path, loggedIn);
    await screen.findByRole('heading', { level: 1, name: 'Choose your subjects' });
    expect(view.location.history.at(-1)).toBe('/home');
  });
});
