import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { ROUTES } from '../../../src/app/routes';
import { renderWithApp } from '../helpers/render-app';

// Issue 18: offline without a service worker (a first visit, a worker refused), a page never opened before has
// no code on the phone. The route says so, with what still works, instead of leaving the page empty; Retry
// downloads it again.

function renderRoute(path: string) {
  const view = renderWithApp(null, { path });
  const hook = view.location.hook as Parameters<typeof AppRoutes>[0]['locationHook'];
  view.rerender(view.withProviders(<AppRoutes isLoggedIn={false} locationHook={hook} />));
  return view;
}

describe('a screen whose code cannot be downloaded', () => {
  it('says the page is not on this phone yet, with what still works, and Retry brings it', async () => {
    const route = ROUTES.find((candidate) => candidate.path === '/privacy-policy');
    if (!route) throw new Error('no privacy-policy route');
    let networkUp = false;
    // The screen's chunk, as the browser fetches it: failing offline, there once the connection is back.
    (route as { load: typeof route.load }).load = vi.fn(async () => {
      if (!networkUp) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <main>The privacy policy</main> };
    });
    renderRoute('/privacy-policy');
    const offline = await screen.findByRole('alert', { name: 'You are offline' });
    expect(offline).toHaveTextContent('This page is not saved on this phone yet');
    expect(screen.getByRole('link', { name: 'Watch the videos you downloaded' })).toHaveAttribute(
      'href',
      '/cache-manager',
    );
    networkUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The privacy policy')).toBeInTheDocument();
  }, 20_000);

  it('says so too when the download fails only after a moment, as on a phone, instead of trying again for ever', async () => {
    const route = ROUTES.find((candidate) => candidate.path === '/forgotpassword');
    if (!route) throw new Error('no forgotpassword route');
    // The browser gives up on the chunk after a round trip, not at once.
    const load = vi.fn(
      () =>
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new TypeError('Failed to fetch dynamically imported module')), 30),
        ),
    );
    (route as { load: unknown }).load = load;
    renderRoute('/forgotpassword');
    expect(await screen.findByRole('alert', { name: 'You are offline' })).toBeInTheDocument();
    // One download, not one after another while the page says "Loading…".
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(load).toHaveBeenCalledTimes(1);
  }, 20_000);

  it("says so when the app's own code for every page but the landing cannot be downloaded, and asks again on Retry", async () => {
    let networkUp = false;
    const onActorsNeeded = vi.fn(async () => {
      if (!networkUp) throw new TypeError('Failed to fetch dynamically imported module');
    });
    const view = renderWithApp(null, { path: '/shop' });
    const hook = view.location.hook as Parameters<typeof AppRoutes>[0]['locationHook'];
    const routes = (ready: boolean) => (
      <AppRoutes isLoggedIn={false} locationHook={hook} actorsReady={ready} onActorsNeeded={onActorsNeeded} />
    );
    view.rerender(view.withProviders(routes(false)));
    // Not "Loading…" for ever: the page says it is not on the phone, with what still works.
    const offline = await screen.findByRole('alert', { name: 'You are offline' });
    expect(offline).toHaveTextContent('This page is not saved on this phone yet');
    expect(onActorsNeeded).toHaveBeenCalledTimes(1);
    networkUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onActorsNeeded).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'You are offline' })).toBeNull();
  }, 20_000);

  it('asks for the app’s code again on its own when the connection comes back', async () => {
    let networkUp = false;
    const onActorsNeeded = vi.fn(async () => {
      if (!networkUp) throw new TypeError('Failed to fetch dynamically imported module');
    });
    const view = renderWithApp(null, { path: '/shop' });
    const hook = view.location.hook as Parameters<typeof AppRoutes>[0]['locationHook'];
    view.rerender(
      view.withProviders(
        <AppRoutes
          isLoggedIn={false}
          locationHook={hook}
          actorsReady={false}
          onActorsNeeded={onActorsNeeded}
        />,
      ),
    );
    await screen.findByRole('alert', { name: 'You are offline' });
    networkUp = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(onActorsNeeded).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  }, 20_000);
});
