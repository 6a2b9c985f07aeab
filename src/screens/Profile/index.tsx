import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectToken, selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useMyData } from '../../app/use-my-data';
import { Loader } from '../../ui/Loader';
import { DetailsForm } from './DetailsForm';
import { MyData } from './MyData';
import { PasswordForm } from './PasswordForm';
import { PictureForm } from './PictureForm';
import './profile.css';

export default function Profile() {
  const { t } = useTranslation();
  const { session, updateUser, signIn } = useAppActors();
  const user = useSelector(session, selectUser);
  const token = useSelector(session, selectToken);
  // Each save remounts its form from the saved values, so the next edit starts from what is stored.
  const [detailsSaves, setDetailsSaves] = useState(0);
  const [passwordChanges, setPasswordChanges] = useState(0);
  const myData = useMyData();

  // The route is protected; this only covers the instant the session ends while the screen is open.
  if (!user) {
    return (
      <main className="page" id="main">
        <Loader label={t('app.loading')} />
      </main>
    );
  }

  return (
    <main className="page profile" id="main">
      <h1>{t('profile.title')}</h1>
      <section className="profile__card profile__identity" aria-label={t('profile.picture.title')}>
        <PictureForm user={user} onSaved={updateUser} />
        <div>
          <p className="profile__name">{`${user.firstname} ${user.lastname}`.trim() || user.username}</p>
          <p className="hint">{t('profile.username', { username: user.username })}</p>
        </div>
      </section>
      <section className="profile__card">
        <DetailsForm
          key={`details-${detailsSaves}`}
          user={user}
          justSaved={detailsSaves > 0}
          onSaved={(saved) => {
            updateUser(saved);
            setDetailsSaves((n) => n + 1);
          }}
        />
      </section>
      <section className="profile__card">
        <PasswordForm
          key={`password-${passwordChanges}`}
          user={user}
          justChanged={passwordChanges > 0}
          onChanged={(newToken) => {
            // Every older token was revoked, this device's too: keep the student in with the new one.
            if (newToken && newToken !== token) signIn(newToken, user);
            setPasswordChanges((n) => n + 1);
          }}
        />
      </section>
      <MyData busy={myData.busy} error={myData.error} saved={myData.saved} onDownload={myData.download} />
      <section className="profile__card stack" aria-labelledby="profile-security-title">
        <h2 id="profile-security-title">{t('profile.security.title')}</h2>
        <Link href="/logout-from-all-devices" className="btn btn--secondary btn--block">
          {t('profile.security.logoutAll')}
        </Link>
        <Link href="/delete-account" className="btn btn--secondary btn--block profile__danger">
          {t('profile.security.delete')}
        </Link>
        <Link href="/privacy-policy" className="profile__privacy">
          {t('profile.security.privacy')}
        </Link>
      </section>
    </main>
  );
}
