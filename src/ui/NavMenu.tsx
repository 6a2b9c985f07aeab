import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './nav-menu.css';

interface MenuEntry {
  href: string;
  key: string;
}

interface MenuGroup {
  key: string;
  entries: readonly MenuEntry[];
  /** Shown to a logged-in student only. */
  members?: boolean;
}

/** Every place of the app, grouped as a student looks for them. */
export const MENU: readonly MenuGroup[] = [
  {
    key: 'study',
    entries: [
      { href: '/home', key: 'catalogue' },
      { href: '/study-sections', key: 'mySubjects' },
      { href: '/books', key: 'books' },
      { href: '/cache-manager', key: 'offline' },
    ],
  },
  {
    key: 'discover',
    entries: [
      { href: '/news', key: 'news' },
      { href: '/scholarships', key: 'scholarships' },
      { href: '/live-tv', key: 'liveTv' },
      { href: '/shop', key: 'shop' },
    ],
  },
  { key: 'organise', entries: [{ href: '/schedule', key: 'planner' }] },
  {
    key: 'account',
    members: true,
    entries: [
      { href: '/dashboard', key: 'dashboard' },
      { href: '/dashboard/tabs/transactions', key: 'payments' },
      { href: '/profile', key: 'profile' },
    ],
  },
  {
    key: 'app',
    entries: [
      { href: '/trans', key: 'language' },
      { href: '/footer', key: 'about' },
      { href: '/privacy-policy', key: 'privacy' },
    ],
  },
];

/** The full navigation menu: the `navbar` route's page (the navbar's menu button) and the footer page. */
export default function NavMenu({ isLoggedIn }: { isLoggedIn: boolean }) {
  const { t } = useTranslation();
  const groups = MENU.filter((group) => isLoggedIn || !group.members);
  return (
    <div className="nav-menu">
      {groups.map((group) => (
        <section key={group.key} className="nav-menu__group" aria-labelledby={`nav-menu-${group.key}`}>
          <h2 id={`nav-menu-${group.key}`} className="nav-menu__title">
            {t(`menu.groups.${group.key}`)}
          </h2>
          <ul className="nav-menu__list">
            {group.entries.map((entry) => (
              <li key={entry.href}>
                {/* `?` starts the page with no query: the hash router would keep the current one. */}
                <Link href={`${entry.href}?`} className="nav-menu__link">
                  {t(`menu.entries.${entry.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {isLoggedIn ? null : (
        <p className="nav-menu__account">
          <Link href="/login-with-username" className="btn">
            {t('nav.login')}
          </Link>{' '}
          <Link href="/register" className="btn btn--secondary">
            {t('nav.register')}
          </Link>
        </p>
      )}
    </div>
  );
}
