import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes, preloadScreenFor } from '../../../src/app/AppRoutes';
import { renderWithApp } from '../helpers/render-app';

function renderRoutesAt(path: string) {
  const view = renderWithApp(null, { path });
  view.rerender(
    view.withProviders(<AppRoutes isLoggedIn={false} locationHook={view.location.hook as never} />),
  );
  return view;
}

// Each test file has its own module registry, so nothing was preloaded before this file's first test.
describe('the first screen', () => {
  it('shows a loader while a screen that was not preloaded loads', async () => {
    renderRoutesAt('/privacy-policy');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('renders a preloaded screen in the very first render, with no loader in between', async () => {
    await preloadScreenFor('#/landing?utm=x');
    renderRoutesAt('/landing');
    expect(screen.getByRole('heading', { name: 'Welcome to StudyCam' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
