import { useSelector } from '@xstate/react';
import { Router } from 'wouter';
import { selectCartCount } from '../../machines/cart';
import { type Language, selectLanguage } from '../../machines/language';
import { selectIsLoggedIn } from '../../machines/session';
import { Footer } from '../ui/Footer';
import { Navbar } from '../ui/Navbar';
import { AppRoutes, useHashPath } from './AppRoutes';
import { useAppActors } from './actors-context';
import { LANDING_PATH } from './routes';
import { ShellOverlaysHost } from './ShellOverlaysHost';
import './app-shell.css';

/** `ssrPath`: the route of the first render, when it prerenders or hydrates (see AppRoutes). */
export function App({ ssrPath }: { ssrPath?: string | undefined } = {}) {
  const { cart, session, language, ui, navigate } = useAppActors();
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  const cartCount = useSelector(cart, selectCartCount);
  const lang = useSelector(language, selectLanguage);

  // The shell's links (navbar, footer) are hash links too, under the same location as the routes.
  return (
    <Router hook={useHashPath} {...(ssrPath === undefined ? {} : { ssrPath })}>
      <Navbar
        isLoggedIn={isLoggedIn}
        cartCount={cartCount}
        language={lang}
        onLanguageChange={(next: Language) => language.send({ type: 'language.set', lang: next })}
        onOpenCart={() => ui.setCartOpen(true)}
        onLogout={() => {
          // The session machine's provided actor tells the server, then clears local storage and caches.
          session.send({ type: 'session.logout' });
          navigate(LANDING_PATH);
        }}
      />
      <div className="app-content">
        <AppRoutes isLoggedIn={isLoggedIn} {...(ssrPath === undefined ? {} : { ssrPath })} />
      </div>
      <Footer year={new Date().getFullYear()} />
      <ShellOverlaysHost />
    </Router>
  );
}
