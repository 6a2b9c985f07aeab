import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import NavMenu from '../../ui/NavMenu';

/** Route `navbar`: the full navigation menu as a page. */
export default function NavbarPage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  return (
    <main className="page" id="main">
      <h1>{t('routes.navbar')}</h1>
      <nav aria-label={t('menu.label')}>
        <NavMenu isLoggedIn={isLoggedIn} />
      </nav>
    </main>
  );
}
