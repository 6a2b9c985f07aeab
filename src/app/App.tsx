import { useCallback } from 'react';
import { Router } from 'wouter';
import { Footer } from '../ui/Footer';
import type { Language } from '../ui/Navbar';
import { Navbar } from '../ui/Navbar';
import { AppRoutes, useHashPath } from './AppRoutes';
import { useActorsReady, useAppShell, useShellView, withActors } from './actors-context';
import { useScrollToTopOnNavigation } from './navigation-scroll';
import { LANDING_PATH } from './routes';
import { ShellOverlaysHost } from './ShellOverlaysHost';
import './app-shell.css';

/**
 * The shell around the routes. It reads the shell's view, so it hydrates before the root actors' code has
 * loaded (issue 12); what it sends to them waits for that code when the student is quicker.
 * `ssrPath`: the route of the first render, when it prerenders or hydrates (see AppRoutes).
 */
export function App({ ssrPath }: { ssrPath?: string | undefined } = {}) {
  const { actors, services } = useAppShell();
  const isLoggedIn = useShellView((view) => view.isLoggedIn);
  const cartCount = useShellView((view) => view.cartCount);
  const lang = useShellView((view) => view.language);
  const actorsReady = useActorsReady();
  useScrollToTopOnNavigation();
  // Stable, so a route waiting for the actors asks once (and again only on Retry or when back online).
  const loadActors = useCallback(() => actors.load(), [actors]);

  // The shell's links (navbar, footer) are hash links too, under the same location as the routes.
  return (
    <Router hook={useHashPath} {...(ssrPath === undefined ? {} : { ssrPath })}>
      <Navbar
        isLoggedIn={isLoggedIn}
        cartCount={cartCount}
        language={lang}
        onLanguageChange={(next: Language) =>
          withActors(actors, ({ language }) => language.send({ type: 'language.set', lang: next }))
        }
        onOpenCart={() => services.ui.setCartOpen(true)}
        onLogout={() => {
          // The session machine's provided actor tells the server, then clears local storage and caches.
          withActors(actors, ({ session }) => session.send({ type: 'session.logout' }));
          services.navigate(LANDING_PATH);
        }}
      />
      <div className="app-content">
        <AppRoutes
          isLoggedIn={isLoggedIn}
          actorsReady={actorsReady}
          onActorsNeeded={loadActors}
          {...(ssrPath === undefined ? {} : { ssrPath })}
        />
      </div>
      <Footer year={new Date().getFullYear()} />
      <ShellOverlaysHost />
    </Router>
  );
}
