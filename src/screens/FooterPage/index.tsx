import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectIsLoggedIn } from '../../../machines/session';
import { version } from '../../../package.json';
import { useAppActors } from '../../app/actors-context';
import NavMenu from '../../ui/NavMenu';
import { SUPPORT } from './support';
import './footer-page.css';

/** Route `footer`: the footer as a page: links, privacy policy, contact and the app's version. */
export default function FooterPage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  return (
    <main className="page footer-page" id="main">
      <h1>{t('routes.footer')}</h1>
      <p>{t('about.summary')}</p>
      <section aria-labelledby="footer-contact">
        <h2 id="footer-contact">{t('about.contactTitle')}</h2>
        <p>{t('about.contactText')}</p>
        <ul className="footer-page__contact">
          <li>
            {t('about.email')} <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
          </li>
          {SUPPORT.phone ? (
            <li>
              {t('about.phone')} <a href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`}>{SUPPORT.phone}</a>
            </li>
          ) : null}
          <li>{t('about.hours')}</li>
        </ul>
      </section>
      <section aria-labelledby="footer-privacy">
        <h2 id="footer-privacy">{t('about.privacyTitle')}</h2>
        <p>
          {t('about.privacyText')} <Link href="/privacy-policy">{t('footer.privacy')}</Link>
        </p>
      </section>
      <section aria-labelledby="footer-links">
        <h2 id="footer-links">{t('about.linksTitle')}</h2>
        <NavMenu isLoggedIn={isLoggedIn} />
      </section>
      <p className="footer-page__version">{t('about.version', { version })}</p>
      <p className="hint">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </main>
  );
}
