import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './navbar.css';

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
        {/* Every page of the app is on the `navbar` page: a link, so the first screen carries no menu. */}
        <Link href="/navbar" className="btn btn--ghost navbar__menu-button" aria-label={t('menu.open')}>
          <span className="navbar__menu-icon" aria-hidden="true" />
        </Link>
        <label className="navbar__lang">
          <span className="visually-hidden">{t('nav.language')}</span>
          <select value={language} onChange={(e) => onLanguageChange(e.target.value as Language)}>
            <option value="en">{t('lang.en')}</option>
            <option value="fr">{t('lang.fr')}</option>
          </select>
        </label>
        {isLoggedIn && onLogout ? (
          <button type="button" className="btn btn--ghost navbar__logout" onClick={onLogout}>
            <span className="navbar__icon navbar__icon--logout" aria-hidden="true" />
            <span className="navbar__logout-text">{t('nav.logout')}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--secondary navbar__cart"
          onClick={onOpenCart}
          aria-label={t('nav.cartCount', { count: cartCount })}
        >
          <span className="navbar__icon navbar__icon--cart" aria-hidden="true" />
          <span className="navbar__badge">{cartCount}</span>
        </button>
      </div>
    </header>
  );
}
