import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import './navbar.css';

// The full menu is fetched the first time it is opened: the landing route does not carry it.
const NavMenu = lazy(() => import('./NavMenu'));

export type Language = 'en' | 'fr';

interface NavbarProps {
  isLoggedIn: boolean;
  cartCount: number;
  language: Language;
  onLanguageChange: (language: Language) => void;
  onOpenCart: () => void;
  /** Shown to a logged-in student; the app ends the session and clears the device. */
  onLogout?: () => void;
}

export function Navbar({
  isLoggedIn,
  cartCount,
  language,
  onLanguageChange,
  onOpenCart,
  onLogout,
}: NavbarProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  // Any navigation (a link, the back button) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is wanted exactly when the location changes
  useEffect(() => setMenuOpen(false), [location]);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  return (
    <header className={isLoggedIn ? 'navbar navbar--member' : 'navbar'}>
      <a className="navbar__skip visually-hidden" href="#main">
        {t('app.skipToContent')}
      </a>
      {/* On narrow phones the name is hidden by CSS; the label keeps the link named for screen readers. */}
      <Link href="/landing" className="navbar__brand" aria-label={t('app.name')}>
        <img src="./icons/icon-80.png" alt="" width={32} height={32} />
        <span>{t('app.name')}</span>
      </Link>
      <nav aria-label={t('nav.menu')} className="navbar__links">
        {isLoggedIn ? (
          <>
            <Link href="/study-sections">{t('nav.study')}</Link>
            <Link href="/dashboard">{t('nav.dashboard')}</Link>
            <Link href="/profile">{t('profile.navLabel')}</Link>
          </>
        ) : (
          <Link href="/login-with-username">{t('nav.login')}</Link>
        )}
      </nav>
      <div className="navbar__tools">
        <button
          type="button"
          className="btn btn--ghost navbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls="navbar-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 6h18M3 12h18M3 18h18" />
          </svg>
          <span className="visually-hidden">{t('menu.open')}</span>
        </button>
        <label className="navbar__lang">
          <span className="visually-hidden">{t('nav.language')}</span>
          <select value={language} onChange={(e) => onLanguageChange(e.target.value as Language)}>
            <option value="en">{t('lang.en')}</option>
            <option value="fr">{t('lang.fr')}</option>
          </select>
        </label>
        {isLoggedIn && onLogout ? (
          <button type="button" className="btn btn--ghost navbar__logout" onClick={onLogout}>
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
            </svg>
            <span className="navbar__logout-text">{t('nav.logout')}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--secondary navbar__cart"
          onClick={onOpenCart}
          aria-label={t('nav.cartCount', { count: cartCount })}
        >
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2 3h3l2.6 12.4a1 1 0 0 0 1 .8h9.8a1 1 0 0 0 1-.8L21 7H6" />
          </svg>
          <span className="navbar__badge">{cartCount}</span>
        </button>
      </div>
      {menuOpen ? (
        <nav id="navbar-menu" className="navbar__menu" aria-label={t('menu.label')}>
          <Suspense fallback={null}>
            <NavMenu isLoggedIn={isLoggedIn} onNavigate={() => setMenuOpen(false)} />
          </Suspense>
        </nav>
      ) : null}
    </header>
  );
}
