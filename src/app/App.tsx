import { useSelector } from '@xstate/react';
import { selectCartCount } from '../../machines/cart';
import { type Language, selectLanguage } from '../../machines/language';
import { selectIsLoggedIn } from '../../machines/session';
import { Footer } from '../ui/Footer';
import { Navbar } from '../ui/Navbar';
import { AppRoutes } from './AppRoutes';
import { useAppActors } from './actors-context';
import { ShellOverlays } from './ShellOverlays';

export function App() {
  const { cart, session, language, ui } = useAppActors();
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  const cartCount = useSelector(cart, selectCartCount);
  const lang = useSelector(language, selectLanguage);

  return (
    <>
      <Navbar
        isLoggedIn={isLoggedIn}
        cartCount={cartCount}
        language={lang}
        onLanguageChange={(next: Language) => language.send({ type: 'language.set', lang: next })}
        onOpenCart={() => ui.setCartOpen(true)}
      />
      <AppRoutes isLoggedIn={isLoggedIn} />
      <Footer year={new Date().getFullYear()} />
      <ShellOverlays />
    </>
  );
}
